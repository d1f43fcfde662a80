/**
 * @file Bytes -> source text: binary detection, BOMs, UTF-8 with fallbacks, NUL bytes.
 * Runs in: everywhere. Layer src/core.
 *
 * Decisions (each leaves a note on the file, shown in the UI):
 * - Binary: the first 8 KB hold a NUL byte AND either more than 5% of those bytes are other
 *   control characters (random binary data has ~11%) or more than 10% are NULs. A source file with a few stray NUL bytes (a bad
 *   input the issue names) is not binary: it is decoded with the NULs removed ('nul bytes
 *   removed'), so its code is still indexed rather than lost. Removing (not replacing) NULs
 *   keeps line numbers; tree-sitter would otherwise stop or error at them.
 * - BOMs: a UTF-8 BOM is stripped ('bom'); UTF-16 with a BOM is decoded ('utf-16').
 * - UTF-8 is tried strictly first. If it fails, a Python PEP 263 coding cookie in the first two
 *   lines is honoured when the platform knows the encoding ('coding cookie (cp1251)'), else
 *   the text is decoded as windows-1252, the superset of Latin-1 in practice ('latin-1 fallback').
 *   The cookie is only consulted when UTF-8 fails: it is the cheap, safe half of PEP 263.
 * - CRLF is kept as is ('crlf'): tree-sitter handles it and line numbers stay right.
 */
export type DecodedText = { ok: true; text: string; notes: string[] } | { ok: false; detail: string };

const SNIFF_BYTES = 8192;
/** Share of control bytes other than NUL (random data: ~11%). */
const MAX_CONTROL_RATIO = 0.05;
/** Share of NUL bytes a text file may carry before it counts as binary. */
const MAX_NUL_RATIO = 0.1;

const utf8Strict = new TextDecoder('utf-8', { fatal: true });

/** Decodes source bytes, or says why they are binary. */
export function decodeSourceText(bytes: Uint8Array): DecodedText {
  const notes: string[] = [];
  if (hasUtf16Bom(bytes)) {
    const text = new TextDecoder(bytes[0] === 0xff ? 'utf-16le' : 'utf-16be').decode(bytes);
    return finish(text, ['utf-16']);
  }
  let body = bytes;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    body = bytes.subarray(3);
    notes.push('bom');
  }
  const binary = binaryEvidence(body);
  if (binary) return { ok: false, detail: binary };
  let text: string;
  try {
    text = utf8Strict.decode(body);
  } catch {
    const fallback = decodeLegacy(body);
    text = fallback.text;
    notes.push(fallback.note);
  }
  return finish(text, notes);
}

function finish(decoded: string, notes: string[]): DecodedText {
  let text = decoded;
  if (text.includes('\u0000')) {
    text = text.replaceAll('\u0000', '');
    notes.push('nul bytes removed');
  }
  if (text.includes('\r\n')) notes.push('crlf');
  return { ok: true, text, notes };
}

function hasUtf16Bom(bytes: Uint8Array): boolean {
  return (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
}

/** A reason the bytes look binary, or null. See the header for the rule. */
export function binaryEvidence(bytes: Uint8Array): string | null {
  const n = Math.min(bytes.length, SNIFF_BYTES);
  let nul = 0;
  let control = 0;
  for (let i = 0; i < n; i++) {
    const b = bytes[i]!;
    if (b === 0) nul++;
    // Tab, LF, VT, FF, CR and ESC occur in text; other C0 controls and DEL do not.
    else if ((b < 0x20 && b !== 9 && b !== 10 && b !== 11 && b !== 12 && b !== 13 && b !== 27) || b === 0x7f) control++;
  }
  if (nul === 0) return null;
  if (control / n <= MAX_CONTROL_RATIO && nul / n <= MAX_NUL_RATIO) return null;
  return `${nul} NUL and ${control} other control bytes in the first ${n} bytes`;
}

const LATIN1_FAMILY = /^(latin[-_]?1|iso[-_]?8859[-_]?1|l1|cp819|cp1252|windows[-_]1252)$/;
const CODING_COOKIE = /^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)/;

function decodeLegacy(bytes: Uint8Array): { text: string; note: string } {
  const cookie = codingCookie(bytes);
  if (cookie && LATIN1_FAMILY.test(cookie)) return { text: decodeWindows1252(bytes), note: `coding cookie (${cookie})` };
  if (cookie) {
    const decoder = tryDecoder(cookie);
    if (decoder) return { text: decoder.decode(bytes), note: `coding cookie (${cookie})` };
  }
  return { text: decodeWindows1252(bytes), note: 'latin-1 fallback' };
}

/** The PEP 263 encoding named in the first two lines, if any. */
export function codingCookie(bytes: Uint8Array): string | null {
  let end = 0;
  let lines = 0;
  while (end < bytes.length && end < 1024 && lines < 2) {
    if (bytes[end] === 10) lines++;
    end++;
  }
  let head = '';
  for (let i = 0; i < end; i++) head += String.fromCharCode(bytes[i]!);
  for (const line of head.split(/\r?\n/).slice(0, 2)) {
    const match = CODING_COOKIE.exec(line);
    if (match) return match[1]!.toLowerCase();
  }
  return null;
}

function tryDecoder(label: string): TextDecoder | null {
  try {
    return new TextDecoder(label);
  } catch {
    return null;
  }
}

/** 0x80-0x9f in windows-1252 (0xfffd where undefined); every other byte is its Latin-1 code point. */
const WINDOWS_1252_HIGH = [
  0x20ac, 0xfffd, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0xfffd, 0x017d, 0xfffd,
  0xfffd, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0xfffd, 0x017e, 0x0178,
];

/**
 * windows-1252 done by hand: Node's TextDecoder treats the label as ISO-8859-1, browsers as
 * WHATWG windows-1252, and the same file must give the same text in the app and the CLI.
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = [];
  const codes = new Uint16Array(Math.min(bytes.length, 8192));
  for (let start = 0; start < bytes.length; start += codes.length) {
    const end = Math.min(start + codes.length, bytes.length);
    for (let i = start; i < end; i++) {
      const b = bytes[i]!;
      codes[i - start] = b >= 0x80 && b < 0xa0 ? WINDOWS_1252_HIGH[b - 0x80]! : b;
    }
    parts.push(String.fromCharCode(...codes.subarray(0, end - start)));
  }
  return parts.join('');
}
