/**
 * @file Node's zlib codec against the built-in one (fflate, table CRC): every hostile input of
 * makeBadZips.ts ingests to the same files, hashes and skips with either, and the codec's own
 * contract holds (a bomb is null, damaged data throws, the CRC is zip's).
 */
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { makeBadInputs } from '../../../scripts/fixtures/makeBadZips.ts';
import { crc32 } from '../../core/ingest/crc32.ts';
import { ingestZip } from '../../core/ingest/ingest.ts';
import type { IngestResult } from '../../core/ingest/types.ts';
import { nodeZipCodec } from './nodeZipCodec.ts';

async function outcome(name: string, data: Uint8Array, native: boolean): Promise<unknown> {
  try {
    const result: IngestResult = await ingestZip(name, data, native ? { codec: nodeZipCodec } : {});
    return { files: result.files.map((f) => [f.path, f.sha256, f.notes]), skipped: result.skipped, root: result.repoName };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

describe('nodeZipCodec', () => {
  it('inflates within the limit, returns null beyond it, throws on damaged data', () => {
    const text = new TextEncoder().encode('def f():\n    return 1\n'.repeat(100));
    const compressed = deflateRawSync(text);
    expect(nodeZipCodec.inflateRaw!(compressed, text.length)).toEqual(text);
    expect(nodeZipCodec.inflateRaw!(compressed, text.length - 1)).toBeNull();
    expect(() => nodeZipCodec.inflateRaw!(Uint8Array.of(0xff, 0xff, 0xff), 10)).toThrow();
    expect(nodeZipCodec.crc32!(text)).toBe(crc32(text));
  });

  for (const input of makeBadInputs()) {
    it(`${input.name}: the same result as fflate`, async () => {
      expect(await outcome(input.name, input.data, true)).toEqual(await outcome(input.name, input.data, false));
    });
  }
});
