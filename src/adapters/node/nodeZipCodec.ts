/**
 * @file Node's zlib for the zip reader (core/ingest/readZip.ts ZipCodec): native inflate,
 * capped at the entry's declared size (maxOutputLength: more means the entry lies, a bomb), and
 * native CRC-32. Several times faster than fflate and the table CRC on the stdlib's 30 MB.
 * Runs in: Node (cli, bench).
 */
import { crc32, inflateRawSync } from 'node:zlib';
import type { ZipCodec } from '../../core/ingest/readZip.ts';

export const nodeZipCodec: ZipCodec = {
  inflateRaw(compressed, limit) {
    if (compressed.length === 0) {
      if (limit === 0) return new Uint8Array(0);
      throw new Error('no compressed data');
    }
    try {
      const out = inflateRawSync(compressed, { maxOutputLength: limit + 1 });
      return out.length > limit ? null : new Uint8Array(out.buffer, out.byteOffset, out.length);
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return null;
      throw error;
    }
  },
  crc32: (bytes) => crc32(bytes),
};
