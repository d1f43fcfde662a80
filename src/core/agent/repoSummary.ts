/**
 * @file What an agent reads first about an indexed repository: its name, files by language,
 * nodes by kind and edges by type, the packages (module folders) with their module counts, and
 * what else the database holds (descriptions, embedding sets, the requirement graph, stored runs),
 * so it knows which questions the graph can answer.
 * Runs in: everywhere. Layer src/core.
 */
import { readRequirementCounts } from '../requirements/requirementStore.ts';
import type { RequirementCounts } from '../requirements/requirementStore.ts';
import { listEmbeddingSets } from '../store/embeddingStore.ts';
import type { SqlConnection } from '../store/sqlConnection.ts';
import { tableExists } from '../store/sqlConnection.ts';

export interface RepoSummary {
  repo: string | null;
  indexed_at: string | null;
  files: number;
  /** Indexed files per language, most first. */
  languages: Record<string, number>;
  nodes: Record<string, number>;
  edges: Record<string, number>;
  /** Folders holding modules, most modules first (at most `maxPackages`); `packages_total` counts all. */
  packages: { folder: string; modules: number }[];
  packages_total: number;
  /** Imports that leave the repository (stdlib, third-party). */
  unresolved_imports: number;
  described: number;
  embeddings: { model: string; source: string; count: number }[];
  requirements: RequirementCounts;
  stored_runs: number;
}

async function counts(conn: Pick<SqlConnection, 'query'>, sql: string): Promise<Record<string, number>> {
  return Object.fromEntries((await conn.query(sql)).map((r) => [String(r.key ?? 'unknown'), Number(r.n)]));
}

async function countOf(conn: Pick<SqlConnection, 'query'>, table: string, where = ''): Promise<number> {
  if (!(await tableExists(conn, table))) return 0;
  const [row] = await conn.query(`SELECT count(*) AS n FROM ${table}${where}`);
  return Number(row?.n ?? 0);
}

export async function readRepoSummary(conn: SqlConnection, maxPackages = 40): Promise<RepoSummary> {
  const meta = Object.fromEntries((await conn.query(`SELECT key, value FROM meta WHERE key IN ('repo_name', 'indexed_at')`)).map((r) => [String(r.key), String(r.value)]));
  const packages = await conn.query(
    `SELECT coalesce(nullif(regexp_replace(file_path, '/?[^/]*$', ''), ''), '.') AS folder, count(*) AS modules
     FROM nodes WHERE kind = 'Module' GROUP BY folder ORDER BY modules DESC, folder`,
  );
  return {
    repo: meta.repo_name ?? null,
    indexed_at: meta.indexed_at ?? null,
    files: await countOf(conn, 'files'),
    languages: await counts(conn, 'SELECT language AS key, count(*) AS n FROM files GROUP BY language ORDER BY n DESC, key'),
    nodes: await counts(conn, 'SELECT kind AS key, count(*) AS n FROM nodes GROUP BY kind ORDER BY n DESC, key'),
    edges: await counts(conn, 'SELECT type AS key, count(*) AS n FROM edges GROUP BY type ORDER BY n DESC, key'),
    packages: packages.slice(0, maxPackages).map((r) => ({ folder: String(r.folder), modules: Number(r.modules) })),
    packages_total: packages.length,
    unresolved_imports: await countOf(conn, 'unresolved'),
    described: await countOf(conn, 'nodes', ' WHERE description IS NOT NULL'),
    embeddings: (await listEmbeddingSets(conn)).map((s) => ({ model: s.model, source: s.source, count: s.count })),
    requirements: await readRequirementCounts(conn),
    stored_runs: await countOf(conn, 'runs'),
  };
}
