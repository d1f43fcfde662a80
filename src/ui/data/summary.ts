/**
 * @file The summary shown above the graph: from the IndexSummary of a fresh index (a reload or a
 * switch reads it from the database: core/reads/storedSummary.ts), and the total of its counts.
 * Runs in: the main thread.
 */
import type { IndexSummary } from '../../core/pipeline/repoService.ts';
import type { SummaryView } from '../../core/reads/storedSummary.ts';

export function totalOf(counts: Partial<Record<string, number>>): number {
  return Object.values(counts).reduce<number>((sum, n) => sum + (n ?? 0), 0);
}

export function summaryFromIndex(summary: IndexSummary): SummaryView {
  const { repoId: _repoId, skippedFiles: _skippedFiles, ...view } = summary;
  return view;
}
