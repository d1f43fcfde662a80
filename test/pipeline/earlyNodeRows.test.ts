/**
 * @file Entity rows stored during the parse (earlyNodeRows.ts) on a fresh database whose early
 * loads are committed already: a renamed entity (hash collision) moves to its stable id without
 * stopping the index build, which refuses tables with updated committed rows. EarlyStore drops
 * what comes after abort() (a parse batch still in flight), so nothing lands outside the rollback.
 */
import { describe, expect, it } from 'vitest';
import { memoryConnections } from '../memoryConnections.ts';
import { createNodeParsers } from '../../src/adapters/node/nodeParsers.ts';
import { parseSourceFiles } from '../../src/core/parse/parseFile.ts';
import { EarlyNodeRows } from '../../src/core/pipeline/earlyNodeRows.ts';
import { EarlyStore } from '../../src/core/pipeline/earlyStore.ts';
import { FILE_COLUMNS } from '../../src/core/store/schema.ts';
import { extractorFor } from '../../src/core/languages/implementations.ts';

const openMemory = memoryConnections();

describe('EarlyNodeRows', () => {
  it('moves a renamed entity to its stable id after the rows were committed, and the index still builds', async () => {
    const text = 'def f():\n    return 1\n\n\ndef g():\n    return f()\n';
    const file = { path: 'm.py', language: 'python' as const, text, bytes: text.length, sha256: '', notes: [] };
    const [ir] = await parseSourceFiles(await createNodeParsers(), [file], extractorFor);
    const conn = await openMemory();
    const early = new EarlyStore(conn, { fresh: true });
    const rows = new EarlyNodeRows(early);
    rows.named([file], []);
    rows.add([file], [ir!]);
    // A load past the commit threshold commits the rows loaded so far.
    void early.load('files', { columns: FILE_COLUMNS, rows: [] }, undefined, 64 * 1024 * 1024);
    const from = rows.emitted.get('m.py')![1]!;
    rows.renames([{ kind: 'Function', filePath: 'm.py', qualifiedName: 'm.g', startLine: 5, sameLine: 0, from, to: 12345 }]);
    const graph = { nodes: [], edges: [], unresolved: [] };
    await early.finish({ repoName: 'r', graph, files: [], issues: [], skipped: [], summary: {} });
    expect(await conn.query("SELECT name, id FROM node_rows ORDER BY name")).toEqual([
      { name: 'f', id: rows.emitted.get('m.py')![0] },
      { name: 'g', id: 12345 },
    ]);
    expect(await conn.query('SELECT index_name FROM duckdb_indexes() ORDER BY 1')).toEqual([{ index_name: 'files_path' }, { index_name: 'nodes_id' }]);
  });

  it('drops loads and statements queued after abort(): the rolled-back database keeps the previous graph', async () => {
    const conn = await openMemory();
    const row = (path: string) => ({ path, language: 'python', bytes: 6, sha256: '', text: 'x = 1\n' });
    const empty = { repoName: 'r', graph: { nodes: [], edges: [], unresolved: [] }, files: [], issues: [], skipped: [], summary: {} };
    const previous = new EarlyStore(conn);
    await previous.load('files', { columns: FILE_COLUMNS, rows: [row('previous.py')] });
    await previous.finish(empty);

    const early = new EarlyStore(conn);
    expect(await early.load('files', { columns: FILE_COLUMNS, rows: [row('new.py')] })).toBe(true);
    await early.abort();
    // A batch still in flight when the index failed: neither its rows nor its statement land.
    expect(await early.load('files', { columns: FILE_COLUMNS, rows: [row('late.py')] })).toBe(false);
    early.execute("DELETE FROM files WHERE path = 'previous.py'");
    await early.abort();
    expect(await conn.query('SELECT path FROM files')).toEqual([{ path: 'previous.py' }]);
  });
});
