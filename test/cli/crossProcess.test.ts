/**
 * @file A --db file written in one process is read back by another (DESIGN.md section 2: the
 * reason the CLI uses @duckdb/node-api, not duckdb-wasm). Process 1 runs writeGraph through
 * node-api; process 2 is the real CLI (`sql --json`).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'ranger-cross-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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
    const written = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', WRITER, db], { cwd: root });
    expect(written.stdout.trim()).toBe('written');

    const sql = 'SELECT id, kind, name, docstring, start_line FROM nodes ORDER BY id';
    const read = await run(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'sql', '--db', db, sql, '--json'], { cwd: root });
    const rows = JSON.parse(read.stdout) as Record<string, unknown>[];
    expect(rows.map((r) => r.kind)).toEqual(['Repo', 'Module', 'Class', 'Method', 'GlobalVariable']);
    expect(rows[0]).toEqual({ id: 0, kind: 'Repo', name: 'demo', docstring: null, start_line: null });
    expect(rows[2].docstring).toContain('😀 中文 <script>');
    expect(rows[4].name).toBe('précision');

    const counts = await run(
      process.execPath,
      ['--import', 'tsx', 'src/cli/main.ts', 'sql', '--db', db, 'SELECT count(*) AS n, max(length(text)) AS longest FROM files', '--json'],
      { cwd: root },
    );
    expect(JSON.parse(counts.stdout)).toEqual([{ n: 3, longest: 2_000_000 }]);
  });
});
