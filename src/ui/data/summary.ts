/**
 * @file The summary shown above the graph: from the IndexSummary of a fresh index, or rebuilt
 * from the active database (meta.summary plus live counts) after a reload or a switch.
 * Runs in: the main thread (queries go to the repo worker).
 */
import type { EdgeType, NodeKind } from '../../core/graph/types.ts';
import type { IndexSummary } from '../../core/pipeline/repoService.ts';
import type { RepoClient } from '../clients/repoClient.ts';
import { num, str } from './sql.ts';

/** What the summary bar shows: the index run's counts and timings, without the skip list. */
export type SummaryView = Omit<IndexSummary, 'repoId' | 'skippedFiles'>;

export function totalOf(counts: Partial<Record<string, number>>): number {
  return Object.values(counts).reduce<number>((sum, n) => sum + (n ?? 0), 0);
}

export function summaryFromIndex(summary: IndexSummary): SummaryView {
  const { repoId: _repoId, skippedFiles: _skippedFiles, ...view } = summary;
  return view;
}

/** Counts straight from the tables; meta.summary supplies what only the index run knew (ms). */
export async function loadSummary(service: RepoClient, repoName: string): Promise<SummaryView> {
  const [nodeRows, edgeRows, countRows, metaRows] = await Promise.all([
    service.query('SELECT kind, count(*) AS n FROM nodes GROUP BY kind'),
    service.query('SELECT type, count(*) AS n FROM edges GROUP BY type'),
    service.query(
      `SELECT (SELECT count(*) FROM files) AS files, (SELECT count(*) FROM skipped) AS skipped,
        (SELECT count(*) FROM unresolved) AS unresolved,
        (SELECT count(DISTINCT path) FROM file_issues WHERE kind = 'syntax') AS syntax`,
    ),
    service.query("SELECT value FROM meta WHERE key = 'summary'"),
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
