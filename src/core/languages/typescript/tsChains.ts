/**
 * @file Dotted name chains read from the source text: from a head (`a`, `this`) forward over
 * `.b`, `?.c`, `!.d` to the longest plain chain 'a.b.c.d', and whether a call follows it.
 * Scanning the text is much cheaper than capturing every member expression from the tree.
 * Runs in: parse workers, Node. Layer src/core.
 */

const ID_CONTINUE = /[\p{ID_Continue}$\u200c\u200d]/u;
const ID_START = /[\p{ID_Start}$_]/u;

function isAsciiIdentifierPart(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95 || code === 36;
}

/** End of the identifier characters starting at `start` (start itself when there are none). */
export function identifierEnd(text: string, start: number): number {
  let at = start;
  for (;;) {
    const code = text.charCodeAt(at);
    if (isAsciiIdentifierPart(code)) {
      at++;
    } else if (code >= 128) {
      const point = text.codePointAt(at)!;
      const char = String.fromCodePoint(point);
      if (!ID_CONTINUE.test(char)) return at;
      at += char.length;
    } else {
      return at;
    }
  }
}

function startsIdentifier(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  if (code >= 48 && code <= 57) return false;
  if (code < 128) return isAsciiIdentifierPart(code);
  return ID_START.test(String.fromCodePoint(text.codePointAt(at)!));
}

function skipSpaces(text: string, index: number): number {
  let at = index;
  let code = text.charCodeAt(at);
  while (code === 32 || code === 10 || code === 13 || code === 9) code = text.charCodeAt(++at);
  return at;
}

export interface Chain {
  /** 'a.b.c' without whitespace or `?` / `!`. */
  name: string;
  /** End index of the last name in the chain (the end of the member expression it is). */
  end: number;
}

/** The plain dotted chain starting with the head at [start, headEnd). */
export function scanChain(text: string, start: number, headEnd: number): Chain {
  let name = text.slice(start, headEnd);
  let end = headEnd;
  for (;;) {
    let at = skipSpaces(text, end);
    if (text.charCodeAt(at) === 33 /* ! */) at = skipSpaces(text, at + 1);
    const code = text.charCodeAt(at);
    if (code === 63 /* ? */) {
      if (text.charCodeAt(at + 1) !== 46 /* . */) break;
      at += 2;
    } else if (code === 46 /* . */) {
      if (text.charCodeAt(at + 1) === 46) break;
      at += 1;
    } else {
      break;
    }
    at = skipSpaces(text, at);
    const segmentStart = at;
    if (text.charCodeAt(at) === 35 /* # */) at++;
    if (!startsIdentifier(text, at)) break;
    const segmentEnd = identifierEnd(text, at);
    name += `.${text.slice(segmentStart, segmentEnd)}`;
    end = segmentEnd;
  }
  return { name, end };
}

/** Whether a call's arguments follow `end`: `(`, `?.(`, or a tagged template. */
export function followedByCall(text: string, end: number): boolean {
  const at = skipSpaces(text, end);
  const code = text.charCodeAt(at);
  if (code === 40 /* ( */ || code === 96 /* ` */) return true;
  return code === 63 /* ? */ && text.charCodeAt(at + 1) === 46 && text.charCodeAt(skipSpaces(text, at + 2)) === 40;
}
