/** @file Tests of SHA-256: known vectors, and the pure and WebCrypto paths agree. */
import { describe, expect, it } from 'vitest';
import { sha256Hex, sha256HexAll, sha256HexSync } from './sha256.ts';

const text = (s: string) => new TextEncoder().encode(s);

describe('sha256', () => {
  it('matches the FIPS 180-2 vectors', () => {
    expect(sha256HexSync(text(''))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256HexSync(text('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256HexSync(text('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'))).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  it('agrees with WebCrypto at block boundaries and for large inputs', async () => {
    const subtle = globalThis.crypto.subtle;
    for (const n of [55, 56, 63, 64, 65, 119, 120, 1000, 70_000, 300_000]) {
      const data = new Uint8Array(n).map((_, i) => (i * 31 + 7) & 0xff);
      const expected = Buffer.from(await subtle.digest('SHA-256', data)).toString('hex');
      expect(sha256HexSync(data)).toBe(expected);
      expect(await sha256Hex(data)).toBe(expected);
      expect(await sha256HexAll([data, data.subarray(1)])).toEqual([expected, sha256HexSync(data.subarray(1))]);
    }
  });
});
