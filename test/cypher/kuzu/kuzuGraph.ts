/**
 * @file Test helper for the Kuzu differential suite: indexes a repository with the real pipeline
 * into an in-memory @duckdb/node-api store (the CLI's engine), writes every node kind and every
 * (type, FROM label, TO label) edge group to Parquet with DuckDB, and loads them into an
 * in-memory Kuzu database: one NODE TABLE per kind, one REL TABLE per edge type with every
 * FROM/TO pair. Kuzu's native binary is copied by its install.js when npm skipped it (npm 11).
 * Runs in: Node (vitest).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { openNodeDatabase } from '../../../src/adapters/node/duckdbNode.ts';
import type { NodeDbConnection } from '../../../src/adapters/node/duckdbNode.ts';
import { createNodeParsers } from '../../../src/adapters/node/nodeParsers.ts';
import { parseSourceFile } from '../../../src/core/parse/parseFile.ts';
import { indexRepository } from '../../../src/core/pipeline/indexRepository.ts';
import { NODE_COLUMNS } from '../../../src/core/store/schema.ts';
import { extractorFor } from '../../../src/core/languages/implementations.ts';

const require = createRequire(import.meta.url);

/** The parts of the kuzu module the suite uses. */
export interface KuzuConnection {
  query(cypher: string): Promise<{ getAll(): Promise<Record<string, unknown>[]> }>;
}
interface KuzuModule {
  Database: new (path: string, bufferManagerSize?: number) => { close(): Promise<void> };
  Connection: new (db: unknown, numThreads?: number) => KuzuConnection & { close(): Promise<void> };
}

/** Kuzu's buffer pool (its default takes most of the machine's memory) and threads, CI-sized. */
const KUZU_BUFFER_BYTES = 512 * 1024 * 1024;
const KUZU_THREADS = 2;

/** Loads kuzu, first running its install.js when the prebuilt binary was not copied yet. */
export function loadKuzu(): KuzuModule {
  const root = dirname(require.resolve('kuzu'));
  if (!existsSync(join(root, 'kuzujs.node'))) execFileSync(process.execPath, [join(root, 'install.js')], { cwd: root, stdio: 'ignore' });
  return require('kuzu') as KuzuModule;
}

export interface SourceTree {
  name: string;
  root: string;
  /** Keeps a file (path relative to root). */
  include: (path: string) => boolean;
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

export interface DualGraph {
  store: NodeDbConnection;
  kuzu: KuzuConnection;
  nodes: number;
  edges: number;
  close(): Promise<void>;
}

/** Indexes `tree` into our store and loads the same graph into Kuzu. */
export async function openDualGraph(tree: SourceTree): Promise<DualGraph> {
  const store = await openNodeDatabase(':memory:');
  const parsers = await createNodeParsers();
  const files = listFiles(tree.root)
    .map((path) => relative(tree.root, path).split('\\').join('/'))
    .filter(tree.include)
    .map((path) => ({ path, data: new Uint8Array(readFileSync(join(tree.root, path))) }));
  await indexRepository({ kind: 'files', name: tree.name, files }, { parseFiles: async (sources) => (await sources.all()).map((f) => parseSourceFile(parsers, f, extractorFor)), conn: store }, {});
  const dir = mkdtempSync(join(tmpdir(), 'ranger-kuzu-'));
  const kuzuModule = loadKuzu();
  const db = new kuzuModule.Database(':memory:', KUZU_BUFFER_BYTES);
  const kuzu = new kuzuModule.Connection(db, KUZU_THREADS);
  try {
    const kinds = (await store.query('SELECT DISTINCT kind FROM nodes ORDER BY kind')).map((r) => String(r.kind));
    const columns = NODE_COLUMNS.map((c) => `${c.name} ${c.type === 'INTEGER' ? 'INT64' : 'STRING'}`).join(', ');
    for (const kind of kinds) {
      const file = join(dir, `${kind}.parquet`);
      await store.run(`COPY (SELECT * REPLACE (CAST(id AS BIGINT) AS id, CAST(start_line AS BIGINT) AS start_line, CAST(end_line AS BIGINT) AS end_line) FROM nodes WHERE kind = '${kind}' ORDER BY id) TO '${file}' (FORMAT parquet)`);
      await kuzu.query(`CREATE NODE TABLE ${kind}(${columns}, PRIMARY KEY (id))`);
      await kuzu.query(`COPY ${kind} FROM '${file}'`);
    }
    const groups = await store.query(
      'SELECT e.type, s.kind AS src_kind, d.kind AS dst_kind FROM edges e JOIN nodes s ON s.id = e.src JOIN nodes d ON d.id = e.dst GROUP BY ALL ORDER BY ALL',
    );
    const types = [...new Set(groups.map((g) => String(g.type)))];
    for (const type of types) {
      const pairs = groups.filter((g) => g.type === type).map((g) => `FROM ${String(g.src_kind)} TO ${String(g.dst_kind)}`);
      await kuzu.query(`CREATE REL TABLE ${type}(${pairs.join(', ')}, detail STRING)`);
    }
    for (const [i, group] of groups.entries()) {
      const file = join(dir, `rel${i}.parquet`);
      const where = `e.type = '${String(group.type)}' AND s.kind = '${String(group.src_kind)}' AND d.kind = '${String(group.dst_kind)}'`;
      await store.run(`COPY (SELECT CAST(e.src AS BIGINT) AS "from", CAST(e.dst AS BIGINT) AS "to", e.detail FROM edges e JOIN nodes s ON s.id = e.src JOIN nodes d ON d.id = e.dst WHERE ${where}) TO '${file}' (FORMAT parquet)`);
      await kuzu.query(`COPY ${String(group.type)} FROM '${file}' (from='${String(group.src_kind)}', to='${String(group.dst_kind)}')`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const count = async (sql: string) => Number((await store.query(sql))[0]!.n);
  return {
    store,
    kuzu,
    nodes: await count('SELECT count(*) AS n FROM nodes'),
    edges: await count('SELECT count(*) AS n FROM edges'),
    async close() {
      await kuzu.close();
      await db.close();
      await store.close();
    },
  };
}
