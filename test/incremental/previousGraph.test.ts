/**
 * @file storedIRs (pipeline/incremental.ts) reads the stored FileIRs a re-index reuses a chunk of
 * files at a time: read in chunks of one or two files, it finds the same IRs as in one chunk, and skips a
 * file whose content changed. Real parse (tree-sitter), real stitcher, real DuckDB (duckdb-wasm).
 * Runs in: Node (vitest).
 */
import { describe, expect, it } from 'vitest';
import { createNodeParsers } from '../../src/adapters/node/nodeParsers.ts';
import { extractorFor } from '../../src/core/languages/implementations.ts';
import { parseSourceFiles } from '../../src/core/parse/parseFile.ts';
import { readPreviousGraph, releasePrevious, reusedPaths, storedIRs } from '../../src/core/pipeline/incremental.ts';
import { indexRepository } from '../../src/core/pipeline/indexRepository.ts';
import { memoryConnections } from '../memoryConnections.ts';

const openMemory = memoryConnections();
const FILES: Record<string, string> = {
  'a.py': 'def f():\n    return 1\n',
  'b.py': 'from a import f\n\ndef g():\n    return f()\n',
  'c.py': 'class C:\n    def m(self):\n        return 2\n',
};

describe('storedIRs', () => {
  it('reads the stored IRs in chunks, the same as in one, and skips a changed file', async () => {
    const conn = await openMemory();
    const parsers = await createNodeParsers();
    const encoder = new TextEncoder();
    await indexRepository(
      { kind: 'files', name: 'r', files: Object.entries(FILES).map(([path, text]) => ({ path, data: encoder.encode(text) })) },
      { parseFiles: async (sources) => parseSourceFiles(parsers, await sources.all(), extractorFor), conn },
    );
    const hashes = new Map((await conn.query('SELECT path, sha256 FROM files')).map((r) => [String(r.path), String(r.sha256)]));
    const previous = await readPreviousGraph(conn, false);
    const read = async (current: Map<string, string>, chunk?: number) => {
      const chunks = await collect(storedIRs(previous, reusedPaths(previous, current), chunk));
      return { chunks: chunks.length, irs: new Map(chunks.flatMap((c) => c.irs.map((ir, i) => [ir.path, [ir, c.json[i]]] as const))) };
    };
    const whole = await read(hashes);
    expect(whole.chunks).toBe(1);
    expect([...whole.irs.keys()].sort()).toEqual(['a.py', 'b.py', 'c.py']);
    for (const chunk of [1, 2]) {
      const chunked = await read(hashes, chunk);
      expect(chunked.chunks).toBe(Math.ceil(3 / chunk));
      expect(JSON.stringify([...chunked.irs.entries()].sort())).toBe(JSON.stringify([...whole.irs.entries()].sort()));
    }
    // Each IR comes with the JSON it was read from: the file_irs row, stored again as it is.
    const stored = new Map((await conn.query('SELECT path, ir FROM file_irs')).map((r) => [String(r.path), String(r.ir)]));
    for (const [path, [, json]] of whole.irs) expect(json).toBe(stored.get(path));
    const changed = new Map(hashes).set('b.py', 'another hash');
    expect([...(await read(changed, 2)).irs.keys()].sort()).toEqual(['a.py', 'c.py']);
    await releasePrevious(previous);
  });
});

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}
