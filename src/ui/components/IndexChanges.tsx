/**
 * @file What an incremental re-index changed, in the summary line: files and nodes added /
 * removed / changed, files parsed, descriptions and vectors kept. Shown only after one.
 * Runs in: the main thread.
 */
import type { SummaryView } from '../../core/reads/storedSummary.ts';

type Counts = { added: number; removed: number; changed: number; unchanged: number };

function counts(c: Counts): string {
  return `+${c.added.toLocaleString()} −${c.removed.toLocaleString()} ~${c.changed.toLocaleString()}`;
}

export function IndexChanges({ summary }: { summary: SummaryView }) {
  const c = summary.changes;
  if (!c) return null;
  const title =
    `Incremental re-index: files ${c.files.added} added, ${c.files.removed} removed, ${c.files.changed} changed, ` +
    `${c.files.unchanged} unchanged (${c.parsed} parsed); nodes ${c.nodes.added} added, ${c.nodes.removed} removed, ` +
    `${c.nodes.changed} changed, ${c.nodes.unchanged} unchanged; kept ${c.kept.descriptions} descriptions and ${c.kept.embeddings} vectors.`;
  return (
    <span className="stat-group index-changes" data-testid="index-changes" data-changes={JSON.stringify(c)} title={title}>
      <span className="muted">re-indexed:</span>
      <span className="chip">files {counts(c.files)}</span>
      <span className="chip">nodes {counts(c.nodes)}</span>
      <span className="chip">kept {c.kept.descriptions.toLocaleString()} descriptions · {c.kept.embeddings.toLocaleString()} vectors</span>
    </span>
  );
}
