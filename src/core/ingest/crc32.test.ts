/** @file crc32 (slicing-by-8) against the check value and a bit-by-bit reference, every tail length, and continued runs. */
import { describe, expect, it } from 'vitest';
import { crc32 } from './crc32.ts';

function reference(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

describe('crc32', () => {
  it('gives the CRC-32 check value and 0 for nothing', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array(0))).toBe(0);
  });

  it('agrees with a bit-by-bit reference at every length around the 8-byte steps, and continues a running CRC', () => {
    const data = Uint8Array.from({ length: 300 }, (_, i) => (i * 97 + 13) & 0xff);
    for (let n = 0; n <= 40; n++) expect(crc32(data.subarray(0, n))).toBe(reference(data.subarray(0, n)));
    expect(crc32(data)).toBe(reference(data));
    expect(crc32(data.subarray(123), crc32(data.subarray(0, 123)))).toBe(crc32(data));
  });
});
