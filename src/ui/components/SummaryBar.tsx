/**
 * @file One line about the active graph: files, nodes by kind, edges by type, unresolved
 * imports, skipped files (opens the list), files with syntax errors (flag, opens the list),
 * and the time the index took. data-* attributes carry the raw numbers for scripts.
 * Runs in: the main thread.
 */
import type { EdgeType, NodeKind } from '../../core/graph/types.ts';
import { totalOf } from '../data/summary.ts';
import type { SummaryView } from '../../core/reads/storedSummary.ts';
import { EDGE_LOOK, NODE_KIND_ORDER } from '../graph/graphStyle.ts';
import { setState, useAppState } from '../store/appStore.ts';
import { IndexChanges } from './IndexChanges.tsx';

function seconds(ms: number): string {
  return ms >= 10_000 ? `${Math.round(ms / 1000)} s` : `${(ms / 1000).toFixed(1)} s`;
}

export function SummaryBar() {
  const summary = useAppState((s) => s.summary);
  if (!summary) return null;
  const nodes = totalOf(summary.nodes);
  const edges = totalOf(summary.edges);
  const kinds = NODE_KIND_ORDER.filter((k) => (summary.nodes[k] ?? 0) > 0 && k !== 'Repo');
  const types = (Object.keys(EDGE_LOOK) as EdgeType[]).filter((t) => (summary.edges[t] ?? 0) > 0);
  return (
    <section
      className="summary-bar"
      data-testid="index-summary"
      data-repo={summary.repoName}
      data-files={summary.files}
      data-nodes={nodes}
      data-edges={edges}
      data-ms={summary.ms}
      data-phase-ms={JSON.stringify(summary.phaseMs ?? {})}
      data-skipped={summary.skipped}
      data-unresolved={summary.unresolved}
      data-syntax={summary.filesWithSyntaxErrors}
      aria-label="Index summary"
    >
      <span className="repo-name" title="Repository">
        {summary.repoName}
      </span>
      <Stat label="files" value={summary.files} />
      <span className="stat-group">
        <Stat label="nodes" value={nodes} />
        <span className="breakdown">
          {kinds.map((k: NodeKind) => (
            <span key={k} className={`chip kind-${k}`}>
              {k === 'GlobalVariable' ? 'globals' : `${k.toLowerCase()}${k === 'Class' ? 'es' : 's'}`} {(summary.nodes[k] ?? 0).toLocaleString()}
            </span>
          ))}
        </span>
      </span>
      <span className="stat-group">
        <Stat label="edges" value={edges} />
        <span className="breakdown">
          {types.map((t) => (
            <span key={t} className="chip">
              <span className="edge-swatch" style={{ background: `var(--edge-${t})` }} aria-hidden="true" />
              {EDGE_LOOK[t].label} {(summary.edges[t] ?? 0).toLocaleString()}
            </span>
          ))}
        </span>
      </span>
      <Stat label="unresolved imports" value={summary.unresolved} />
      <IndexChanges summary={summary} />
      <button
        type="button"
        className="stat-button"
        data-testid="skipped-button"
        disabled={summary.skipped === 0}
        onClick={() => setState({ dialog: 'skipped' })}
      >
        <strong>{summary.skipped.toLocaleString()}</strong> skipped
      </button>
      <button
        type="button"
        className={`stat-button${summary.filesWithSyntaxErrors > 0 ? ' warn' : ''}`}
        data-testid="syntax-button"
        disabled={summary.filesWithSyntaxErrors === 0}
        onClick={() => setState({ dialog: 'syntax' })}
      >
        <span className="flag" aria-hidden="true">⚑</span> <strong>{summary.filesWithSyntaxErrors.toLocaleString()}</strong> with syntax errors
      </button>
      {summary.ms > 0 && (
        <span className="muted" title={phaseBreakdown(summary.phaseMs)}>
          indexed in {seconds(summary.ms)}
        </span>
      )}
    </section>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <span className="stat">
      <strong>{value.toLocaleString()}</strong> {label}
    </span>
  );
}

/** 'read 0.4 s · parse 3.1 s · stitch 0.2 s · store 1.0 s' for the timing's tooltip. */
function phaseBreakdown(phaseMs: SummaryView['phaseMs']): string {
  return Object.entries(phaseMs ?? {})
    .map(([phase, ms]) => `${phase} ${seconds(ms ?? 0)}`)
    .join(' · ');
}
