/**
 * @file A --db file written in one process is read back by another (docs/architecture.md: the
 * reason the CLI uses @duckdb/node-api, not duckdb-wasm). Process 1 runs writeGraph through
 * node-api; process 2 is the real CLI (`sql --json`).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ranger, runModule, scratchDir } from './runCli.ts';

const dir = scratchDir('ranger-cross-');

const WRITER = `
import { openNodeDatabase } from './src/adapters/node/duckdbNode.ts';
import { writeGraph } from './src/core/store/graphStore.ts';
import { sampleGraphData } from './src/adapters/node/sqlConnectionContract.ts';
const conn = await openNodeDatabase(process.argv[1]);
await writeGraph(conn, sampleGraphData({ bigTextBytes: 2_000_000 }));
await conn.close();
console.log('written');
`;

describe('a database file written by one process', () => {
  it('is read back by a second process through the CLI', async () => {
    const db = join(dir, 'cross.duckdb');
    expect((await runModule(WRITER, db)).trim()).toBe('written');

    const sql = 'SELECT id, kind, name, docstring, start_line FROM nodes ORDER BY id';
    const read = await ranger('sql', '--db', db, sql, '--json');
    expect(read.code, read.stderr).toBe(0);
    const rows = JSON.parse(read.stdout) as Record<string, unknown>[];
    expect(rows.map((r) => r.kind)).toEqual(['Repo', 'Module', 'Class', 'Method', 'GlobalVariable']);
    expect(rows[0]).toEqual({ id: 0, kind: 'Repo', name: 'demo', docstring: null, start_line: null });
    expect(rows[2].docstring).toContain('😀 中文 <script>');
    expect(rows[4].name).toBe('précision');

    const counts = await ranger('sql', '--db', db, 'SELECT count(*) AS n, max(length(text)) AS longest FROM files', '--json');
    expect(counts.code, counts.stderr).toBe(0);
    expect(JSON.parse(counts.stdout)).toEqual([{ n: 3, longest: 2_000_000 }]);
  });
});
