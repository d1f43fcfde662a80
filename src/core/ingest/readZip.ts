/**
 * @file Zip reading with hostile-input guards. Parses the end-of-central-directory record and
 * the central directory itself (fflate hides the flags and attributes we need), then inflates
 * only the entries wanted, checking before inflating: encryption (flag bit 0), symlinks (unix
 * mode 0o120000 in the external attributes), nested archives, the declared size against the
 * per-file limit, the declared compression ratio (from RATIO_CHECK_MIN_BYTES up) and the running
 * total against the archive limit. Declared sizes can lie, so inflating is capped at the
 * declared size: an entry that grows beyond it marks the archive as hostile and every later
 * entry is skipped ('archive limit'). Inflated bytes are checked against the CRC-32.
 * Structural damage (no directory, directory out of bounds) throws ARCHIVE_INVALID; damage
 * confined to one entry skips that entry as 'unreadable' so the rest of the work survives.
 * Runs in: the ingest worker (app), in-process (cli, tests). Layer src/core.
 */
import { Inflate, inflateSync } from 'fflate';
import { AppError } from '../errors.ts';
import { crc32 } from './crc32.ts';
import { RATIO_CHECK_MIN_BYTES, formatBytes } from './limits.ts';
import { isNestedArchive } from './pathRules.ts';
import type { IngestLimits, RawEntry, SkipReason } from './types.ts';

/** One central-directory record, as much of it as ingest needs. */
export interface ZipEntryInfo {
  path: string;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
  isDirectory: boolean;
  isSymlink: boolean;
  isEncrypted: boolean;
}

const EOCD_SIG = 0x06054b50;
const ZIP64_LOCATOR_SIG = 0x07064b50;
const ZIP64_EOCD_SIG = 0x06064b50;
const CENTRAL_SIG = 0x02014b50;
const LOCAL_SIG = 0x04034b50;
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;
const CENTRAL_HEADER_SIZE = 46;
const LOCAL_HEADER_SIZE = 30;
const FLAG_ENCRYPTED = 0x1;
const FLAG_UTF8 = 0x800;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const S_IFDIR = 0o040000;
/** Entries with at most this many compressed bytes inflate in one call (into a capped buffer). */
const ONE_SHOT_MAX_COMPRESSED = 16 * 1024;
const STREAM_CHUNK = 16 * 1024;
const PROGRESS_EVERY = 256;

/**
 * Reads every entry of a zip: RawEntry per file and directory, with `data` for the entries
 * read and `skip` for the ones refused. `wanted(path)` (raw archive path) lets the caller
 * avoid inflating entries it will ignore by name (node_modules, images); those come back with
 * `data: null` and no `skip`. Throws ARCHIVE_INVALID for corrupt, truncated or non-zip input.
 */
export function readZipEntries(
  data: Uint8Array,
  limits: IngestLimits,
  onEntry?: (done: number, total: number) => void,
  wanted?: (path: string) => boolean,
): RawEntry[] {
  return readListedEntries(data, listZipEntries(data, limits), limits, onEntry, wanted);
}

/** Inflates the listed entries under the limits (see readZipEntries). */
export function readListedEntries(
  data: Uint8Array,
  listing: readonly ZipEntryInfo[],
  limits: IngestLimits,
  onEntry?: (done: number, total: number) => void,
  wanted?: (path: string) => boolean,
): RawEntry[] {
  const entries: RawEntry[] = [];
  const read = createEntryReader(data, limits, wanted);
  for (let i = 0; i < listing.length; i++) {
    const info = listing[i]!;
    entries.push(read(info));
    if (onEntry && (i % PROGRESS_EVERY === PROGRESS_EVERY - 1 || info.size >= RATIO_CHECK_MIN_BYTES)) {
      onEntry(i + 1, listing.length);
    }
  }
  onEntry?.(listing.length, listing.length);
  return entries;
}

/**
 * Native inflate and CRC-32 where the host has them (Node's zlib: several times faster than
 * fflate and the table CRC). inflateRaw returns null when the data inflates to more than
 * `limit` bytes (the entry lies about its size) and throws on damaged data.
 */
export interface ZipCodec {
  inflateRaw?(compressed: Uint8Array, limit: number): Uint8Array | null;
  crc32?(bytes: Uint8Array): number;
}

/**
 * Reads one listed entry at a time (the streaming ingest reads, decodes and hands files to the
 * parser entry by entry). The limits hold across the calls of one reader: call it in listing
 * order, once per entry.
 */
export function createEntryReader(
  data: Uint8Array,
  limits: IngestLimits,
  wanted?: (path: string) => boolean,
  codec: ZipCodec = {},
): (info: ZipEntryInfo) => RawEntry {
  const state: ReadState = { totalBytes: 0, totalExceeded: false, hostile: null };
  return (info) => readEntry(data, info, limits, state, wanted, codec);
}

interface ReadState {
  totalBytes: number;
  totalExceeded: boolean;
  /** Path of an entry that inflated beyond its declared size, once one has. */
  hostile: string | null;
}

function readEntry(
  data: Uint8Array,
  info: ZipEntryInfo,
  limits: IngestLimits,
  state: ReadState,
  wanted: ((path: string) => boolean) | undefined,
  codec: ZipCodec = {},
): RawEntry {
  const base: RawEntry = { path: info.path, data: null, size: info.size };
  if (info.isDirectory) return { ...base, isDirectory: true };
  if (info.isSymlink) return { ...base, isSymlink: true };
  if (info.isEncrypted) return { ...base, isEncrypted: true };
  if (isNestedArchive(info.path)) return skipped(base, 'nested archive', 'archives inside the archive are not expanded');
  if (wanted && !wanted(info.path)) return base;
  const refusal = refuseByDeclaration(info, limits, state);
  if (refusal) return skipped(base, refusal.reason, refusal.detail);
  state.totalBytes += info.size;
  const result = extract(data, info, codec);
  if (result.kind === 'bomb') {
    state.hostile = info.path;
    return skipped(base, 'archive limit', `it inflates beyond its declared ${formatBytes(info.size)} (zip bomb?)`);
  }
  if (result.kind === 'error') return skipped(base, 'unreadable', result.detail);
  return { ...base, data: result.bytes };
}

function refuseByDeclaration(
  info: ZipEntryInfo,
  limits: IngestLimits,
  state: ReadState,
): { reason: SkipReason; detail: string } | null {
  if (state.hostile !== null) {
    return { reason: 'archive limit', detail: `not read: ${state.hostile} inflated beyond its declared size (zip bomb?)` };
  }
  if (info.size > limits.maxFileBytes) {
    return { reason: 'too large', detail: `${formatBytes(info.size)}, the limit per file is ${formatBytes(limits.maxFileBytes)}` };
  }
  if (info.size >= RATIO_CHECK_MIN_BYTES) {
    const ratio = info.compressedSize > 0 ? info.size / info.compressedSize : Infinity;
    if (ratio > limits.maxRatio) {
      return {
        reason: 'archive limit',
        detail: `compression ratio ${Math.round(ratio)}:1 exceeds ${limits.maxRatio}:1 (zip bomb?)`,
      };
    }
  }
  if (state.totalExceeded || state.totalBytes + info.size > limits.maxTotalBytes) {
    state.totalExceeded = true;
    return { reason: 'archive limit', detail: `the archive's files exceed ${formatBytes(limits.maxTotalBytes)} in total` };
  }
  return null;
}

type Extracted = { kind: 'ok'; bytes: Uint8Array } | { kind: 'bomb' } | { kind: 'error'; detail: string };

function extract(data: Uint8Array, info: ZipEntryInfo, codec: ZipCodec): Extracted {
  const start = localDataStart(data, info);
  if (typeof start === 'string') return { kind: 'error', detail: start };
  const compressed = data.subarray(start, start + info.compressedSize);
  let bytes: Uint8Array;
  if (info.method === 0) {
    if (info.compressedSize !== info.size) return { kind: 'error', detail: 'stored entry whose sizes disagree (damaged archive)' };
    bytes = compressed;
  } else if (info.method === 8) {
    try {
      const inflated = codec.inflateRaw ? codec.inflateRaw(compressed, info.size) : inflateCapped(compressed, info.size);
      if (inflated === null) return { kind: 'bomb' };
      bytes = inflated;
    } catch (error) {
      return { kind: 'error', detail: `could not be inflated (damaged archive): ${errorText(error)}` };
    }
    if (bytes.length !== info.size) {
      return { kind: 'error', detail: `inflated to ${bytes.length} bytes instead of the declared ${info.size} (damaged archive)` };
    }
  } else {
    return { kind: 'error', detail: `compression method ${info.method} is not supported (only stored and deflate)` };
  }
  if ((codec.crc32 ?? crc32)(bytes) !== info.crc) return { kind: 'error', detail: 'checksum mismatch (damaged archive)' };
  return { kind: 'ok', bytes };
}

function localDataStart(data: Uint8Array, info: ZipEntryInfo): number | string {
  const offset = info.localHeaderOffset;
  if (offset + LOCAL_HEADER_SIZE > data.length || readU32(data, offset) !== LOCAL_SIG) {
    return 'its local header is missing (damaged or truncated archive)';
  }
  const start = offset + LOCAL_HEADER_SIZE + readU16(data, offset + 26) + readU16(data, offset + 28);
  if (start + info.compressedSize > data.length) return 'its data runs past the end of the file (truncated archive)';
  return start;
}

/**
 * Inflates at most `declared` bytes; returns null when the stream holds more (a lie about the
 * size). Small inputs inflate in one call into a buffer of declared+1 bytes (fflate drops what
 * does not fit, so the work is bounded by ~1000x the compressed size); larger ones stream in
 * chunks and stop as soon as the output passes the declaration.
 */
function inflateCapped(compressed: Uint8Array, declared: number): Uint8Array | null {
  if (compressed.length === 0) {
    if (declared === 0) return new Uint8Array(0);
    throw new Error('no compressed data');
  }
  if (compressed.length <= ONE_SHOT_MAX_COMPRESSED) {
    const out = inflateSync(compressed, { out: new Uint8Array(declared + 1) });
    return out.length > declared ? null : out;
  }
  const out = new Uint8Array(declared);
  let written = 0;
  let overflow = false;
  const stream = new Inflate((chunk) => {
    if (overflow) return;
    if (written + chunk.length > declared) {
      overflow = true;
      return;
    }
    out.set(chunk, written);
    written += chunk.length;
  });
  for (let offset = 0; offset < compressed.length && !overflow; offset += STREAM_CHUNK) {
    const end = Math.min(offset + STREAM_CHUNK, compressed.length);
    stream.push(compressed.subarray(offset, end), end === compressed.length);
  }
  return overflow ? null : out.subarray(0, written);
}

/**
 * Lists the central directory. Throws ARCHIVE_INVALID when the input is not a zip, is
 * truncated or its directory is damaged, and when it has more entries than limits.maxEntries.
 */
export function listZipEntries(data: Uint8Array, limits: Pick<IngestLimits, 'maxEntries'>): ZipEntryInfo[] {
  const eocd = findEndOfCentralDirectory(data);
  let count = readU16(data, eocd + 10);
  let size = readU32(data, eocd + 12);
  let offset = readU32(data, eocd + 16);
  const disk = readU16(data, eocd + 4);
  if (disk !== 0 && disk !== 0xffff) throw invalid(data, 'it is one part of a split (multi-volume) archive');
  let directoryEnd = eocd;
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
    ({ count, size, offset, directoryEnd } = readZip64End(data, eocd));
  }
  // Self-extracting archives carry a prefix: their offsets are relative to the zip's own start.
  let shift = 0;
  if (count > 0 && readU32(data, offset) !== CENTRAL_SIG) {
    const actual = directoryEnd - size;
    if (actual >= 0 && readU32(data, actual) === CENTRAL_SIG) shift = actual - offset;
  }
  offset += shift;
  if (offset < 0 || offset + size > data.length) throw invalid(data, 'its central directory lies outside the file');
  if (count > limits.maxEntries) {
    throw new AppError(
      'ARCHIVE_INVALID',
      `This archive has ${count.toLocaleString('en-US')} entries, more than the limit of ${limits.maxEntries.toLocaleString('en-US')}. ` +
        'Remove generated folders (node_modules, virtualenvs, build output) and zip it again.',
    );
  }
  if (count * CENTRAL_HEADER_SIZE > size) throw invalid(data, 'its central directory is shorter than its entry count');
  const entries: ZipEntryInfo[] = new Array(count);
  let p = offset;
  for (let i = 0; i < count; i++) {
    const entry = readCentralRecord(data, p, offset + size, i);
    entry.info.localHeaderOffset += shift;
    entries[i] = entry.info;
    p = entry.next;
  }
  return entries;
}

function findEndOfCentralDirectory(data: Uint8Array): number {
  if (data.length < EOCD_SIZE) throw invalid(data, 'it is too short to be a zip');
  const lowest = Math.max(0, data.length - EOCD_SIZE - MAX_COMMENT);
  for (let p = data.length - EOCD_SIZE; p >= lowest; p--) {
    if (data[p] === 0x50 && readU32(data, p) === EOCD_SIG && p + EOCD_SIZE + readU16(data, p + 20) <= data.length) {
      return p;
    }
  }
  throw invalid(data, 'no zip directory was found at its end (the file may be truncated)');
}

function readZip64End(data: Uint8Array, eocd: number): { count: number; size: number; offset: number; directoryEnd: number } {
  const locator = eocd - 20;
  if (locator < 0 || readU32(data, locator) !== ZIP64_LOCATOR_SIG) throw invalid(data, 'its zip64 directory locator is missing');
  const record = readU64(data, locator + 8);
  if (record + 56 > data.length || readU32(data, record) !== ZIP64_EOCD_SIG) throw invalid(data, 'its zip64 directory record is damaged');
  return { count: readU64(data, record + 32), size: readU64(data, record + 40), offset: readU64(data, record + 48), directoryEnd: record };
}

function readCentralRecord(data: Uint8Array, p: number, end: number, index: number): { info: ZipEntryInfo; next: number } {
  if (p + CENTRAL_HEADER_SIZE > end || readU32(data, p) !== CENTRAL_SIG) {
    throw invalid(data, `its central directory is damaged at entry ${index + 1}`);
  }
  const flags = readU16(data, p + 8);
  const method = readU16(data, p + 10);
  const crc = readU32(data, p + 16);
  let compressedSize = readU32(data, p + 20);
  let size = readU32(data, p + 24);
  const nameLength = readU16(data, p + 28);
  const extraLength = readU16(data, p + 30);
  const commentLength = readU16(data, p + 32);
  const externalAttr = readU32(data, p + 38);
  let localHeaderOffset = readU32(data, p + 42);
  const nameStart = p + CENTRAL_HEADER_SIZE;
  const next = nameStart + nameLength + extraLength + commentLength;
  if (next > end) throw invalid(data, `its central directory is damaged at entry ${index + 1}`);
  const path = decodeName(data.subarray(nameStart, nameStart + nameLength), (flags & FLAG_UTF8) !== 0);
  if (size === 0xffffffff || compressedSize === 0xffffffff || localHeaderOffset === 0xffffffff) {
    const zip64 = readZip64Extra(data, nameStart + nameLength, extraLength, {
      size: size === 0xffffffff,
      compressedSize: compressedSize === 0xffffffff,
      offset: localHeaderOffset === 0xffffffff,
    });
    size = zip64.size ?? size;
    compressedSize = zip64.compressedSize ?? compressedSize;
    localHeaderOffset = zip64.offset ?? localHeaderOffset;
  }
  // The unix mode sits in the high 16 bits whatever the 'made by' system says (0 for DOS).
  const unixType = (externalAttr >>> 16) & S_IFMT;
  const info: ZipEntryInfo = {
    path,
    flags,
    method,
    crc,
    compressedSize,
    size,
    localHeaderOffset,
    isDirectory: path.endsWith('/') || path.endsWith('\\') || unixType === S_IFDIR,
    isSymlink: unixType === S_IFLNK,
    isEncrypted: (flags & FLAG_ENCRYPTED) !== 0,
  };
  return { info, next };
}

function readZip64Extra(
  data: Uint8Array,
  start: number,
  length: number,
  present: { size: boolean; compressedSize: boolean; offset: boolean },
): { size?: number; compressedSize?: number; offset?: number } {
  for (let p = start; p + 4 <= start + length; ) {
    const id = readU16(data, p);
    const fieldLength = readU16(data, p + 2);
    if (id === 0x0001) {
      const out: { size?: number; compressedSize?: number; offset?: number } = {};
      let q = p + 4;
      const fieldEnd = Math.min(q + fieldLength, start + length);
      // Only the fields whose 32-bit slot holds 0xffffffff are present, in this order.
      if (present.size && q + 8 <= fieldEnd) {
        out.size = readU64(data, q);
        q += 8;
      }
      if (present.compressedSize && q + 8 <= fieldEnd) {
        out.compressedSize = readU64(data, q);
        q += 8;
      }
      if (present.offset && q + 8 <= fieldEnd) out.offset = readU64(data, q);
      return out;
    }
    p += 4 + fieldLength;
  }
  return {};
}

const utf8 = new TextDecoder('utf-8');
const utf8Strict = new TextDecoder('utf-8', { fatal: true });

/** UTF-8 when flagged or valid; otherwise Latin-1 (the usual pre-UTF-8 fallback). */
function decodeName(bytes: Uint8Array, flaggedUtf8: boolean): string {
  if (flaggedUtf8) return utf8.decode(bytes);
  try {
    return utf8Strict.decode(bytes);
  } catch {
    let s = '';
    for (let i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]!);
    return s;
  }
}

const SIGNATURES: { magic: number[]; what: string }[] = [
  { magic: [0x89, 0x50, 0x4e, 0x47], what: 'it looks like a PNG image' },
  { magic: [0xff, 0xd8, 0xff], what: 'it looks like a JPEG image' },
  { magic: [0x25, 0x50, 0x44, 0x46], what: 'it looks like a PDF document' },
  { magic: [0x1f, 0x8b], what: 'it looks like a gzip file (.tar.gz); only .zip archives are supported' },
  { magic: [0x37, 0x7a, 0xbc, 0xaf], what: 'it looks like a 7z archive; only .zip archives are supported' },
  { magic: [0x52, 0x61, 0x72, 0x21], what: 'it looks like a RAR archive; only .zip archives are supported' },
];

function invalid(data: Uint8Array, detail: string): AppError {
  const known = SIGNATURES.find((s) => s.magic.every((byte, i) => data[i] === byte));
  return new AppError('ARCHIVE_INVALID', `This file is not a zip archive (or it is damaged): ${known?.what ?? detail}.`);
}

function readU16(data: Uint8Array, p: number): number {
  return data[p]! | (data[p + 1]! << 8);
}

function readU32(data: Uint8Array, p: number): number {
  return (data[p]! | (data[p + 1]! << 8) | (data[p + 2]! << 16) | (data[p + 3]! << 24)) >>> 0;
}

function readU64(data: Uint8Array, p: number): number {
  return readU32(data, p) + readU32(data, p + 4) * 0x100000000;
}

function skipped(entry: RawEntry, reason: SkipReason, detail: string): RawEntry {
  return { ...entry, skip: { reason, detail } };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
