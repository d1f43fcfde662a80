/**
 * @file Incremental re-index against a full index, on real code at two versions: the Python
 * 3.11 stdlib packages email, http, logging, json and importlib as Debian ships them (/usr/lib/python3.11,
 * 3.11.2) and as pyenv's 3.11.7 has them (skipped where either is missing), and the demo repo
 * with real edits (a changed, an added and a removed file). The incremental graph equals the
 * full one table by table; unchanged nodes keep descriptions and vectors (counted); only the
 * changed files are parsed; describe afterwards only describes added and changed nodes.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { memoryConnections } from '../memoryConnections.ts';
import { createNodeParsers } from '../../src/adapters/node/nodeParsers.ts';
import { describeGraph } from '../../src/core/describe/describeGraph.ts';
import { LexicalEmbedder } from '../../src/core/models/lexicalEmbedder.ts';
import { parseSourceFile } from '../../src/core/parse/parseFile.ts';
import { indexRepository } from '../../src/core/pipeline/indexRepository.ts';
import type { IndexSummary, RepoInput } from '../../src/core/pipeline/repoService.ts';
import { embedGraph } from '../../src/core/semantic/embedGraph.ts';
import { computeSimilarEdges } from '../../src/core/semantic/similarEdges.ts';
import type { SqlConnection } from '../../src/core/store/sqlConnection.ts';
import { filesBelow } from '../filesBelow.ts';
import { bundleBytes, exportBundle } from '../../src/core/bundle/exportBundle.ts';
import { importBundle } from '../../src/core/bundle/importBundle.ts';
import { extractorFor } from '../../src/core/languages/implementations.ts';

const openMemory = memoryConnections();

type Files = { path: string; data: Uint8Array }[];
let parsers: Awaited<ReturnType<typeof createNodeParsers>>;
let parsedPaths: string[] = [];

beforeAll(async () => {
  parsers = await createNodeParsers();
});

function readTree(root: string, subdirs: readonly string[]): Files {
  return subdirs
    .flatMap((sub) => filesBelow(join(root, sub), ['__pycache__']))
    .filter((path) => path.endsWith('.py'))
    .map((path) => ({ path: relative(root, path), data: new Uint8Array(readFileSync(path)) }));
}

async function index(conn: SqlConnection, files: Files, previous?: SqlConnection, freshDatabase = false): Promise<IndexSummary> {
  const input: RepoInput = { kind: 'files', name: 'repo', files };
  parsedPaths = [];
  return indexRepository(
    input,
    {
      parseFiles: async (pending) => {
        const sources = await pending.all();
        parsedPaths.push(...sources.map((s) => s.path));
        return sources.map((f) => parseSourceFile(parsers, f, extractorFor));
      },
      conn,
      freshDatabase,
    },
    previous ? { incremental: { previous } } : {},
  );
}

/** The graph tables as sorted JSON rows, without what describe / embed add. */
async function graphDump(conn: SqlConnection): Promise<Record<string, string[]>> {
  const queries: Record<string, string> = {
    nodes: 'SELECT * EXCLUDE (description, member_descriptions, requirement) FROM nodes',
    edges: "SELECT * FROM edges WHERE type <> 'SIMILAR'",
    files: 'SELECT * FROM files',
    unresolved: 'SELECT * FROM unresolved',
    file_issues: 'SELECT * FROM file_issues',
    skipped: 'SELECT * FROM skipped',
    file_irs: 'SELECT * FROM file_irs',
  };
  const out: Record<string, string[]> = {};
  for (const [name, sql] of Object.entries(queries)) out[name] = (await conn.query(sql)).map((r) => JSON.stringify(r)).sort();
  return out;
}

async function count(conn: SqlConnection, sql: string): Promise<number> {
  return Number((await conn.query(sql))[0]!.n);
}

/**
 * v1 indexed, described, embedded (SIMILAR edges too), then v2 incrementally (into the same
 * database, as the CLI does, or into a new one, as the app does: streamed, committed as it
 * loads); v2 fully beside it.
 */
async function compare(v1: Files, v2: Files, into: 'same' | 'new' = 'same') {
  const old = await openMemory();
  await index(old, v1);
  await describeGraph(old, null);
  await embedGraph(old, new LexicalEmbedder());
  await computeSimilarEdges(old, { model: 'builtin:lexical', source: 'code', eps: 0.6, k: 3 });
  const conn = into === 'same' ? old : await openMemory();
  const summary = await index(conn, v2, old, into === 'new');
  const parsed = [...parsedPaths];
  const full = await openMemory();
  await index(full, v2);
  return { conn, full, summary, parsed };
}

async function checkKept(conn: SqlConnection, summary: IndexSummary) {
  const changes = summary.changes!;
  // Every unchanged, described node kept its description and marker; vectors of unchanged nodes only.
  expect(changes.kept.descriptions).toBeGreaterThan(0);
  expect(await count(conn, 'SELECT count(*) AS n FROM nodes WHERE description IS NOT NULL')).toBe(changes.kept.descriptions);
  expect(await count(conn, 'SELECT count(*) AS n FROM described')).toBe(changes.kept.descriptions);
  expect(changes.kept.embeddings).toBe(await count(conn, 'SELECT count(*) AS n FROM embeddings_1024'));
  expect(await count(conn, 'SELECT count(*) AS n FROM embeddings_1024 e LEFT JOIN nodes n ON n.id = e.node_id WHERE n.id IS NULL')).toBe(0);
  expect(await count(conn, "SELECT sum(count) AS n FROM embedding_sets")).toBe(changes.kept.embeddings);
  // SIMILAR recomputed over kept vectors only.
  expect(
    await count(conn, "SELECT count(*) AS n FROM edges e WHERE type = 'SIMILAR' AND (e.src NOT IN (SELECT node_id FROM embeddings_1024) OR e.dst NOT IN (SELECT node_id FROM embeddings_1024))"),
  ).toBe(0);
  // describe afterwards only describes the nodes that are new or changed.
  const before = await count(conn, 'SELECT count(*) AS n FROM described');
  const result = await describeGraph(conn, null);
  expect(result.done - before).toBe(result.total - changes.kept.descriptions);
  expect(result.total - before).toBeLessThan(result.total);
}

describe('incremental re-index after an extractor changed', () => {
  it('parses again the files of a language whose FileIR version differs from the stored one, and gives the full graph', async () => {
    const text = (t: string) => new TextEncoder().encode(t);
    const files: Files = [
      { path: 'src/shape.h', data: text('class Shape {\n public:\n  int area() const;\n  int n;\n};\n') },
      { path: 'src/shape.cpp', data: text('#include "shape.h"\nint Shape::area() const { return n; }\n') },
      { path: 'tools/report.ts', data: text('export function report(x: number): number {\n  return x;\n}\n') },
    ];
    const old = await openMemory();
    await index(old, files);
    expect(JSON.parse(String((await old.query("SELECT value FROM meta WHERE key = 'file_ir_versions'"))[0]!.value))).toMatchObject({ cpp: 4 });
    // As a graph an older Ranger Studio stored: no versions, so every language at 1.
    await old.run("DELETE FROM meta WHERE key = 'file_ir_versions'");
    await index(old, files, old);
    expect(parsedPaths.sort()).toEqual(['src/shape.cpp', 'src/shape.h']);
    const full = await openMemory();
    await index(full, files);
    expect(await graphDump(old)).toEqual(await graphDump(full));
    // Now current: nothing to parse again.
    await index(old, files, old);
    expect(parsedPaths).toEqual([]);
  });
});

const debianStdlib = '/usr/lib/python3.11';
const pyenvStdlib = (() => {
  const root = join(process.env.HOME ?? '/root', '.pyenv/versions');
  if (!existsSync(root)) return null;
  const v = readdirSync(root).find((d) => d.startsWith('3.11.') && existsSync(join(root, d, 'lib/python3.11/email')));
  return v ? join(root, v, 'lib/python3.11') : null;
})();
const PACKAGES = ['email', 'http', 'logging', 'json', 'importlib'];

describe.skipIf(!pyenvStdlib || !existsSync(join(debianStdlib, 'email')))('incremental re-index: stdlib 3.11.2 (Debian) -> 3.11.7 (pyenv)', () => {
  it('equals a full index of 3.11.7, parses only changed files, keeps unchanged descriptions and vectors', async () => {
    const v1 = readTree(debianStdlib, PACKAGES);
    const v2 = readTree(pyenvStdlib!, PACKAGES);
    const { conn, full, summary, parsed } = await compare(v1, v2);
    expect(await graphDump(conn)).toEqual(await graphDump(full));
    const changes = summary.changes!;
    expect(changes.files.changed).toBeGreaterThan(0);
    expect(parsed.length).toBe(changes.files.added + changes.files.changed);
    expect(changes.files.unchanged).toBeGreaterThan(parsed.length);
    expect(changes.nodes.changed + changes.nodes.added).toBeGreaterThan(0);
    await checkKept(conn, summary);
  }, 240_000);
});

describe('incremental re-index: demo repo with real edits', () => {
  it('changed, added and removed files: same graph as a full index (into the same or a new database), counts of what changed', async () => {
    const v1 = readTree('demo/shopkit', ['shopkit']);
    const v2 = v1
      .filter((f) => !f.path.endsWith('shopkit/payments/card.py'))
      .map((f) => {
        if (!f.path.endsWith('shopkit/pricing/money.py')) return f;
        const text = new TextDecoder().decode(f.data) + '\n\ndef double(amount):\n    """Twice the amount."""\n    return amount * 2\n';
        return { path: f.path, data: new TextEncoder().encode(text) };
      });
    v2.push({ path: 'shopkit/extra.py', data: new TextEncoder().encode('from shopkit.pricing.money import double\n\n\ndef quad(x):\n    return double(double(x))\n') });
    for (const into of ['new', 'same'] as const) {
      const { conn, full, summary, parsed } = await compare(v1, v2, into);
      expect(await graphDump(conn), into).toEqual(await graphDump(full));
      expect(summary.changes!.files).toEqual({ added: 1, removed: 1, changed: 1, unchanged: v1.length - 2 });
      expect(parsed.sort()).toEqual(['shopkit/extra.py', 'shopkit/pricing/money.py']);
      expect(summary.changes!.nodes.removed).toBeGreaterThan(0);
      expect(summary.changes!.nodes.added).toBeGreaterThanOrEqual(3); // extra module, quad, double
      await checkKept(conn, summary);
    }
  }, 180_000);
});

describe('incremental re-index of an imported bundle', () => {
  it('keeps every description: a node stored with its code in the row (as a bundle imports it) is unchanged beside the same node stored as offsets', async () => {
    const files = readTree('demo/shopkit', ['shopkit']);
    const old = await openMemory();
    await index(old, files);
    await describeGraph(old, null);
    const imported = await openMemory();
    await importBundle(imported, bundleBytes(await exportBundle(old)));
    expect(await count(imported, 'SELECT count(*) AS n FROM node_rows WHERE code IS NOT NULL')).toBeGreaterThan(0);
    const conn = await openMemory();
    const summary = await index(conn, files, imported, true);
    expect(summary.changes!.nodes.changed).toBe(0);
    expect(summary.changes!.kept.descriptions).toBe(await count(old, 'SELECT count(*) AS n FROM described'));
  });
});
