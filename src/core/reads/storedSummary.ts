/**
 * @file The summary of a stored graph, rebuilt from its database after a reload or a switch: live
 * counts from the tables, plus what only the index run knew (its timings) from meta.summary.
 * Runs in: the repo worker (app), Node (cli, tests). Layer src/core.
 */
import type { EdgeType, NodeKind } from '../graph/types.ts';
import type { IndexSummary } from '../pipeline/repoService.ts';
import type { SqlConnection } from '../store/sqlConnection.ts';
import { num, str } from './rowValues.ts';

/** What the summary bar shows: the index run's counts and timings, without the skip list. */
export type SummaryView = Omit<IndexSummary, 'repoId' | 'skippedFiles'>;

/** Counts straight from the tables; meta.summary supplies the timings. `repoName` wins over the stored one unless empty. */
export async function readStoredSummary(conn: Pick<SqlConnection, 'query'>, repoName: string): Promise<SummaryView> {
  const [nodeRows, edgeRows, countRows, metaRows] = await Promise.all([
    conn.query('SELECT kind, count(*) AS n FROM nodes GROUP BY kind'),
    conn.query('SELECT type, count(*) AS n FROM edges GROUP BY type'),
    conn.query(
      `SELECT (SELECT count(*) FROM files) AS files, (SELECT count(*) FROM skipped) AS skipped,
        (SELECT count(*) FROM unresolved) AS unresolved,
        (SELECT count(DISTINCT path) FROM file_issues WHERE kind = 'syntax') AS syntax`,
    ),
    conn.query("SELECT value FROM meta WHERE key = 'summary'"),
  ]);
  const nodes: Partial<Record<NodeKind, number>> = {};
  for (const row of nodeRows) nodes[str(row, 'kind') as NodeKind] = num(row, 'n');
  const edges: Partial<Record<EdgeType, number>> = {};
  for (const row of edgeRows) edges[str(row, 'type') as EdgeType] = num(row, 'n');
  const counts = countRows[0] ?? {};
  let ms = 0;
  let phaseMs: IndexSummary['phaseMs'];
  const metaText = metaRows[0] ? str(metaRows[0], 'value') : '';
  if (metaText) {
    try {
      const meta = JSON.parse(metaText) as Partial<IndexSummary>;
      ms = typeof meta.ms === 'number' ? meta.ms : 0;
      phaseMs = meta.phaseMs;
      // The repo list's name wins ("black (2)"); the stored one only when the list has none.
      if (meta.repoName && !repoName) repoName = meta.repoName;
    } catch {
      ms = 0; // an unreadable meta row only loses the timing, never the summary
    }
  }
  return {
    repoName,
    files: num(counts, 'files'),
    skipped: num(counts, 'skipped'),
    nodes,
    edges,
    unresolved: num(counts, 'unresolved'),
    filesWithSyntaxErrors: num(counts, 'syntax'),
    ms,
    phaseMs,
  };
}
