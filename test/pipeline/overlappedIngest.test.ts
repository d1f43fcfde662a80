/**
 * @file The overlapped ingest on real parses (tree-sitter in process, duckdb-wasm in memory):
 * FileIRs handed over the way the parse workers hand them (code offsets, no code, batch by batch
 * through onParsed) give exactly the graph of FileIRs that carry their code, file_irs holds no
 * code, an incremental re-index over such FileIRs equals a full index, a failure while the
 * pool parses rolls back what the store took meanwhile (the previous graph stays) and stops the
 * read of the rest of the input.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { memoryConnections } from '../memoryConnections.ts';
import { createNodeParsers } from '../../src/adapters/node/nodeParsers.ts';
import { AppError } from '../../src/core/errors.ts';
import type { SourceFile } from '../../src/core/ingest/types.ts';
import { parseSourceFile, parseSourceFiles } from '../../src/core/parse/parseFile.ts';
import { fileFeedOf } from '../../src/core/parse/fileFeed.ts';
import { decodeFileIR } from '../../src/core/parse/fileIRCodec.ts';
import type { ParsedListener } from '../../src/core/parse/parsePool.ts';
import { indexRepository } from '../../src/core/pipeline/indexRepository.ts';
import type { IndexDeps } from '../../src/core/pipeline/indexRepository.ts';
import type { SqlConnection } from '../../src/core/store/sqlConnection.ts';
import { filesBelow } from '../filesBelow.ts';
import { extractorFor } from '../../src/core/languages/implementations.ts';

const openMemory = memoryConnections();

type Files = { path: string; data: Uint8Array }[];
const ROOT = join(import.meta.dirname, '..', 'fixtures', 'stitch', 'pyshop');
let parsers: Awaited<ReturnType<typeof createNodeParsers>>;

beforeAll(async () => {
  parsers = await createNodeParsers();
});

function readTree(root: string): Files {
  return filesBelow(root).map((path) => ({ path: relative(root, path), data: new Uint8Array(readFileSync(path)) }));
}

/** Like the worker pool: batches of two, detached FileIRs, each batch handed on as it is done. */
const detachedPool: IndexDeps['parseFiles'] = async (pending, onProgress, _signal, onParsed?: ParsedListener) => {
  const sources = await pending.all();
  const irs = [];
  for (let i = 0; i < sources.length; i += 2) {
    const batch = sources.slice(i, i + 2);
    const parsed = await parseSourceFiles(parsers, batch, extractorFor);
    onParsed?.(batch, parsed);
    irs.push(...parsed);
    onProgress(irs.length, sources.length);
  }
  return irs;
};

/** FileIRs that keep their code (the in-process parse of tests and tools). */
const attachedParse: IndexDeps['parseFiles'] = async (sources) => (await sources.all()).map((f: SourceFile) => parseSourceFile(parsers, f, extractorFor));

async function index(conn: SqlConnection, files: Files, parseFiles: IndexDeps['parseFiles'], previous?: SqlConnection, freshDatabase = false) {
  return indexRepository({ kind: 'files', name: 'pyshop', files }, { parseFiles, conn, freshDatabase }, previous ? { incremental: { previous } } : {});
}

async function nodeRows(conn: SqlConnection): Promise<string[]> {
  const rows = await conn.query('SELECT * EXCLUDE (description, member_descriptions, requirement) FROM nodes ORDER BY id');
  return rows.map((r) => JSON.stringify(r));
}

describe('overlapped ingest', () => {
  it('gives the graph of FileIRs that carry their code, and keeps no code in file_irs', async () => {
    const files = readTree(ROOT);
    const detached = await openMemory();
    const attached = await openMemory();
    const summary = await index(detached, files, detachedPool);
    await index(attached, files, attachedParse);
    expect(summary.nodes.Method).toBeGreaterThan(0);
    expect(await nodeRows(detached)).toEqual(await nodeRows(attached));
    const [withCode] = await detached.query("SELECT count(*) AS n FROM nodes WHERE code IS NOT NULL AND kind IN ('Class', 'Method', 'Function')");
    expect(Number(withCode!.n)).toBe((summary.nodes.Class ?? 0) + (summary.nodes.Method ?? 0) + (summary.nodes.Function ?? 0));
    const [slice] = await detached.query("SELECT count(*) AS n FROM nodes n JOIN files f ON f.path = n.file_path WHERE n.kind = 'Method' AND contains(f.text, n.code)");
    expect(Number(slice!.n)).toBe(summary.nodes.Method);
    // A pool that never hands batches on (attachedParse) gets its FileIRs stored at the end.
    const [stored] = await attached.query('SELECT count(*) AS n FROM file_irs');
    expect(Number(stored!.n)).toBe(summary.files);
    const irs = await detached.query('SELECT ir FROM file_irs');
    expect(irs).toHaveLength(files.filter((f) => f.path.endsWith('.py')).length);
    for (const { ir } of irs) {
      const entities = decodeFileIR(String(ir)).entities as unknown as Record<string, unknown>[];
      for (const entity of entities) {
        expect(entity).not.toHaveProperty('code');
        expect(typeof entity.codeStart).toBe('number');
      }
    }
  });

  it.each(['in place', 'into a new database'] as const)('re-indexes incrementally over stored FileIRs without code (%s): the same graph as a full index', async (into) => {
    const before = readTree(ROOT);
    const edited = before.map((f) =>
      f.path.endsWith('models.py') ? { path: f.path, data: new TextEncoder().encode(`# edited\n${new TextDecoder().decode(f.data)}`) } : f,
    );
    const old = await openMemory();
    await index(old, before, detachedPool);
    // The app's way: a new database (committed as it loads) streamed like a full index.
    const conn = into === 'in place' ? old : await openMemory();
    const summary = await index(conn, edited, detachedPool, old, into !== 'in place');
    expect(summary.changes?.parsed).toBe(1);
    expect(summary.changes?.files).toEqual({ added: 0, removed: 0, changed: 1, unchanged: before.length - 1 });
    expect(summary.changes?.nodes.changed).toBeGreaterThan(0);
    const full = await openMemory();
    await index(full, edited, detachedPool);
    expect(await nodeRows(conn)).toEqual(await nodeRows(full));
    const irs = async (c: SqlConnection) => (await c.query('SELECT * FROM file_irs ORDER BY path')).map((r) => JSON.stringify(r));
    expect(await irs(conn)).toEqual(await irs(full));
    // Nothing left behind in the previous database.
    expect(await old.query("SELECT table_name FROM duckdb_tables() WHERE table_name LIKE '\\_\\_%' ESCAPE '\\'")).toEqual([]);
  });

  it.each([false, true])('stores entity rows during the parse with the ids the stitch settles, a hash collision included (fresh database: %s)', async (fresh) => {
    // m.f22449 and m.f66598 hash to the same id (stableIds.ts): the one whose identity sorts
    // later is re-hashed by the stitch, so its row, stored early with the shared primary, moves.
    const source = 'def f22449():\n    return f66598()\n\n\ndef f66598():\n    return 1\n\n\ndef g():\n    return f22449() + f66598()\n';
    const files: Files = [{ path: 'm.py', data: new TextEncoder().encode(source) }];
    const streamed = await openMemory();
    await index(streamed, files, detachedPool, undefined, fresh);
    const whole = await openMemory();
    await index(whole, files, attachedParse);
    const ids = async (conn: SqlConnection) => conn.query("SELECT name, id FROM nodes WHERE kind = 'Function' ORDER BY name");
    const rows = await ids(streamed);
    expect(rows).toEqual(await ids(whole));
    expect(new Set(rows.map((r) => r.id)).size).toBe(3);
    const uses = async (conn: SqlConnection) =>
      conn.query("SELECT s.name AS src, d.name AS dst FROM edges e JOIN nodes s ON s.id = e.src JOIN nodes d ON d.id = e.dst WHERE e.type = 'USES' ORDER BY 1, 2");
    expect(await uses(streamed)).toEqual([
      { src: 'f22449', dst: 'f66598' },
      { src: 'g', dst: 'f22449' },
      { src: 'g', dst: 'f66598' },
    ]);
    expect(await uses(whole)).toEqual(await uses(streamed));
  });

  it('rolls back what was stored during the parse when the parse fails: the previous graph stays', async () => {
    const files = readTree(ROOT);
    const conn = await openMemory();
    const first = await index(conn, files, detachedPool);
    const failing: IndexDeps['parseFiles'] = async (sources, onProgress, signal, onParsed) => {
      await detachedPool(fileFeedOf((await sources.all()).slice(0, 4)), onProgress, signal, onParsed);
      throw new AppError('PARSE_FAILED', 'the pool broke');
    };
    await expect(index(conn, files.slice(0, 6), failing)).rejects.toMatchObject({ code: 'PARSE_FAILED' });
    const [row] = await conn.query('SELECT count(*) AS n FROM files');
    expect(Number(row!.n)).toBe(first.files);
    const [nodes] = await conn.query('SELECT count(*) AS n FROM nodes');
    expect(Number(nodes!.n)).toBe(Object.values(first.nodes).reduce((a, b) => a + (b ?? 0), 0));
    // The connection is usable again: a new index goes through.
    await index(conn, files, detachedPool);
  });

  it('stops reading once the parse has failed, and reports the parse error, not a cancellation', async () => {
    const many: Files = Array.from({ length: 3000 }, (_, i) => ({ path: `pkg/m${i}.py`, data: new TextEncoder().encode(`def f${i}():\n    return ${i}\n`) }));
    const zip = zipSync(Object.fromEntries(many.map((f) => [f.path, f.data])));
    const conn = await openMemory();
    // Fails once the first files are in, as a pool would whose workers cannot start.
    const failing: IndexDeps['parseFiles'] = async (pending) => {
      await fileFeedOf(pending).waitBeyond(0);
      throw new AppError('PARSE_FAILED', 'the pool broke');
    };
    let read = 0;
    const onProgress = (p: { phase: string; done: number }) => {
      if (p.phase === 'read') read = Math.max(read, p.done);
    };
    await expect(indexRepository({ kind: 'zip', name: 'many.zip', data: zip }, { parseFiles: failing, conn }, { onProgress })).rejects.toMatchObject({
      code: 'PARSE_FAILED',
    });
    expect(read).toBeGreaterThan(0);
    expect(read).toBeLessThan(many.length);
  });
});
