/**
 * @file The ranger CLI end to end, as a child process: `index` (folder and zip) into a --db file,
 * `sql` over it (JSON and table output), and the error contract (stderr, non-zero exit).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { ranger, repoRoot, runModule, scratchDir } from './runCli.ts';

const dir = scratchDir('ranger-cli-');

const FIXTURE: Record<string, string> = {
  'pkg/__init__.py': '',
  'pkg/shapes.py': [
    'import os',
    'from .util import helper',
    '',
    'class Shape:',
    '    """A shape."""',
    '    def area(self):',
    '        return helper()',
    '',
    'class Square(Shape):',
    '    side = 2',
    '    def area(self):',
    '        return self.side ** 2',
    '',
  ].join('\n'),
  'pkg/util.py': 'PI = 3.14\r\n\r\ndef helper():\r\n    return PI\r\n',
  'web/lib.ts': 'export const x = 1;\nexport function double(n: number): number { return n * 2; }\n',
  'web/app.ts': "import { double, x } from './lib';\nexport function run(): number { return double(x); }\n",
  'node_modules/dep/index.js': 'module.exports = 1;\n',
  'logo.png': '\x89PNG\r\n\x1a\n',
};

function writeFixture(base: string): void {
  for (const [path, text] of Object.entries(FIXTURE)) {
    mkdirSync(dirname(join(base, path)), { recursive: true });
    writeFileSync(join(base, path), text);
  }
  symlinkSync(join(base, 'pkg/util.py'), join(base, 'link.py'));
}

function fixtureZip(): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  for (const [path, text] of Object.entries(FIXTURE)) entries[`fixture/${path}`] = new TextEncoder().encode(text);
  return zipSync(entries);
}

/** The store's sample graph written into `db` by writeGraph, then `after` (code run on `conn`). */
function writeSampleGraph(db: string, after = ''): Promise<string> {
  const writer = [
    "import { openNodeDatabase } from './src/adapters/node/duckdbNode.ts';",
    "import { writeGraph } from './src/core/store/graphStore.ts';",
    "import { sampleGraphData } from './src/adapters/node/sqlConnectionContract.ts';",
    'const conn = await openNodeDatabase(process.argv[1]);',
    'await writeGraph(conn, sampleGraphData({ bigTextBytes: 100 }));',
    after,
    'await conn.close();',
  ].join('\n');
  return runModule(writer, db);
}

function total(counts: Record<string, number>): number {
  return Object.values(counts).reduce((a, b) => a + b, 0);
}

describe('ranger index + sql', () => {
  const repo = join(dir, 'fixture');
  const db = join(dir, 'repo.duckdb');
  let first: Record<string, unknown>;

  beforeAll(() => writeFixture(repo));

  it('indexes a folder and prints exactly the summary document', async () => {
    // --no-embed: these tests are about the index (searchEval.test.ts covers the embedding after it).
    const result = await ranger('index', repo, '--db', db, '--json', '--verbose', '--no-embed');
    expect(result.stderr).toContain('link.py: symlink, not followed');
    expect(result.code).toBe(0);
    first = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(Object.keys(first)).toEqual(['files', 'skipped', 'nodes', 'edges', 'unresolved', 'ms', 'skipped_files']);
    expect(first.files).toBe(5);
    const nodes = first.nodes as Record<string, number>;
    expect(nodes.Repo).toBe(1);
    expect(nodes.Module).toBe(5);
    expect(nodes.Class).toBe(2);
    expect((first.edges as Record<string, number>).CONTAINS).toBeGreaterThan(0);
    expect(first.unresolved).toBeGreaterThanOrEqual(1); // import os
    const skipped = first.skipped_files as { path: string; reason: string }[];
    expect(skipped.length).toBe(first.skipped);
    expect(skipped.find((s) => s.path.startsWith('node_modules'))?.reason).toBe('ignored directory');
    expect(skipped.some((s) => s.path === 'logo.png')).toBe(true);
    for (const s of skipped) expect(Object.keys(s)).toEqual(['path', 'reason']);
  });

  it('answers sql over the indexed file with the same counts', async () => {
    const result = await ranger('sql', '--db', db, 'SELECT kind, count(*) AS n FROM nodes GROUP BY kind ORDER BY kind', '--json');
    expect(result.code).toBe(0);
    const rows = JSON.parse(result.stdout) as { kind: string; n: number }[];
    expect(Object.fromEntries(rows.map((r) => [r.kind, r.n]))).toEqual(first.nodes);
    const text = await ranger('sql', '--db', db, "SELECT path, text FROM files WHERE path = 'pkg/util.py'");
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('pkg/util.py');
    expect(text.stdout).toContain('(1 row)');
  });

  it('answers read-only cypher, with the compiled SQL under --explain, and rejects writes', async () => {
    const inherits = await ranger('cypher', '--db', db, "MATCH (c:Class)-[:INHERITS]->(b:Class) RETURN c.name AS child, b.name AS base", '--json');
    expect(inherits.code).toBe(0);
    expect(JSON.parse(inherits.stdout)).toEqual([{ child: 'Square', base: 'Shape' }]);
    const explained = await ranger('cypher', '--db', db, "MATCH (f:Function {name: 'helper'})-[:USES]->(g) RETURN g.name AS name", '--explain', '--json');
    expect(explained.code).toBe(0);
    const { sql, rows } = JSON.parse(explained.stdout) as { sql: string; rows: unknown[] };
    expect(sql).toMatch(/^SELECT /);
    expect(rows).toEqual([{ name: 'PI' }]);
    const write = await ranger('cypher', '--db', db, 'CREATE (n:Class)', '--json');
    expect(write.code).toBe(1);
    expect(write.stderr).toContain('CREATE is not supported');
  });

  it('cypher takes $name values from --params and says what is wrong with them', async () => {
    const query = 'MATCH (c:Class {name: $name})-[:INHERITS]->(b) WITH c, b RETURN c.name AS child, b.name AS base';
    const result = await ranger('cypher', '--db', db, query, '--params', '{"name": "Square"}', '--json');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([{ child: 'Square', base: 'Shape' }]);
    const missing = await ranger('cypher', '--db', db, query, '--json');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Missing parameter $name (give it in the parameters JSON object) at 1:23');
    const bad = await ranger('cypher', '--db', db, query, '--params', '{name}', '--json');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--params is not valid JSON');
  });

  it('re-indexing into the same --db replaces the graph (zip input)', async () => {
    const zip = join(dir, 'fixture.zip');
    writeFileSync(zip, fixtureZip());
    const result = await ranger('index', zip, '--db', db, '--json', '--no-embed');
    expect(result.code).toBe(0);
    const second = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(Object.keys(second)).toEqual(['files', 'skipped', 'nodes', 'edges', 'unresolved', 'ms']);
    expect(second.nodes).toEqual(first.nodes);
    const count = await ranger('sql', '--db', db, 'SELECT count(*) AS n FROM nodes', '--json');
    expect(JSON.parse(count.stdout)).toEqual([{ n: total(first.nodes as Record<string, number>) }]);
  });

  it('prints a readable summary without --json', async () => {
    const result = await ranger('index', repo, '--db', join(dir, 'human.duckdb'));
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Indexed fixture into .* in [\d,]+ ms/);
    expect(result.stdout).toMatch(/files: +5 \(\d+ skipped\)/);
    // Then the embedding with the built-in neural default, as the app does after an index.
    expect(result.stdout).toMatch(/Embedded with ranger-code-search-mini \(built-in neural, offline\) in [\d,]+ ms/);
  });
});

describe('ranger errors', () => {
  const db = join(dir, 'errors.duckdb');

  // Written with writeGraph directly, so these tests do not depend on the parse pipeline.
  beforeAll(() => writeSampleGraph(db));

  it('rejects write SQL on stderr with exit 1 (JSON error with --json)', async () => {
    const result = await ranger('sql', '--db', db, 'DELETE FROM nodes', '--json');
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(JSON.parse(result.stderr)).toEqual({
      error: { code: 'SQL_REJECTED', message: 'Only read-only statements are allowed: got DELETE at 1:1' },
    });
  });

  it('reports engine errors, missing files and missing inputs with exit 1', async () => {
    const bad = await ranger('sql', '--db', db, 'SELECT * FROM nope');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^ranger: .*nope/);
    const missing = await ranger('sql', '--db', join(dir, 'missing.duckdb'), 'SELECT 1');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Database file not found');
    const noInput = await ranger('index', join(dir, 'no-such-dir'), '--db', join(dir, 'x.duckdb'), '--json');
    expect(noInput.code).not.toBe(0);
    expect(noInput.stdout).toBe('');
  });

  it('answers usage mistakes with exit 2 and the usage text', async () => {
    for (const args of [['sql', 'SELECT 1'], ['frobnicate'], ['sql', '--db', db, 'SELECT 1', '--bogus'], []]) {
      const result = await ranger(...args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain('Usage: npm run ranger');
    }
  });
});

describe('ranger index into a new file', () => {
  it('leaves no file behind when the index fails', async () => {
    const zip = join(dir, 'no-code.zip');
    writeFileSync(zip, zipSync({ 'docs/README.md': new TextEncoder().encode('# nothing to parse\n') }));
    const db = join(dir, 'failed.duckdb');
    const result = await ranger('index', zip, '--db', db, '--json', '--no-embed');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/source file/i);
    expect(existsSync(db)).toBe(false);
    expect(existsSync(`${db}.wal`)).toBe(false);
  });

  it('leaves no file behind when Ctrl-C stops it', async () => {
    // Enough code that the index still runs when the signal comes (its database file exists from
    // the start): 3,000 modules of 40 functions each.
    const repo = join(dir, 'many');
    for (let m = 0; m < 3000; m++) {
      const body = Array.from({ length: 40 }, (_, f) => `def f${f}(x):\n    """Step ${f}."""\n    return g${m}(x) + ${f}\n`).join('\n');
      mkdirSync(join(repo, `p${m % 30}`), { recursive: true });
      writeFileSync(join(repo, `p${m % 30}`, `m${m}.py`), body);
    }
    const db = join(dir, 'stopped.duckdb');
    const child = spawn(process.execPath, ['src/cli/launch.mjs', 'index', repo, '--db', db, '--json', '--no-embed'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    let running = true;
    void exited.then(() => (running = false));
    while (running && !existsSync(db)) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(running, 'the index was still running once its database file existed').toBe(true);
    child.kill('SIGINT');
    const code = await exited;
    expect(code, stderr).toBe(1);
    expect(stderr).toMatch(/cancel/i);
    expect(existsSync(db)).toBe(false);
  }, 120_000);

  it('a graph whose index did not finish is refused by the commands that read it, and indexing into it again works', async () => {
    const db = join(dir, 'unfinished.duckdb');
    // A graph stored whole, then its meta rows gone: what a killed index into a new file leaves
    // (its loads committed as they came, meta comes last).
    await writeSampleGraph(db, "await conn.run('DELETE FROM meta');");
    for (const args of [['sql', 'SELECT count(*) AS n FROM nodes'], ['cypher', 'MATCH (n) RETURN count(n) AS n']]) {
      const result = await ranger(...args, '--db', db, '--json');
      expect(result.code, args[0]).toBe(1);
      expect(result.stderr).toContain('an index that did not finish');
    }
    const repo = join(dir, 'again');
    writeFixture(repo);
    const again = await ranger('index', repo, '--db', db, '--json', '--no-embed');
    expect(again.code, again.stderr).toBe(0);
    const count = await ranger('sql', '--db', db, "SELECT count(*) AS n FROM nodes WHERE kind = 'Module'", '--json');
    expect(count.code, count.stderr).toBe(0);
    expect(JSON.parse(count.stdout)).toEqual([{ n: 5 }]);
  });
});
