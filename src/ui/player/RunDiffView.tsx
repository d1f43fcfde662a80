/**
 * @file The diff of two runs (issue 9): the previous run (A) against the current one (B): rank
 * changes in either top-10, nodes only one run visited, reranker calls, iterations, and the first
 * iteration at which each run scored the answer (A's best result).
 * Runs in: the main thread.
 */
import { useMemo } from 'react';
import type { Replay } from '../../core/search/mctsReplay.ts';
import { diffRuns } from '../../core/search/replaySeries.ts';
import { useCommands } from '../commands.ts';
import { dropComparison } from './playerSession.ts';
import { useNodeNames } from './useNodeNames.ts';

const rank = (r: number | null) => (r === null ? '—' : String(r));

export function RunDiffView({ a, b }: { a: Replay; b: Replay }) {
  const { service } = useCommands();
  const diff = useMemo(() => diffRuns(a, b), [a, b]);
  const names = useNodeNames(service, diff.ranks.map((r) => r.id));
  const changed = diff.ranks.filter((r) => r.rankA !== r.rankB).length;
  const p = (r: Replay) => `c ${Number(r.trace.params.c.toPrecision(3))}, α ${r.trace.params.alpha}, k ${r.trace.params.kInit}/${r.trace.params.kMin}, T ${r.trace.params.iterations}, seed ${r.trace.params.seed}`;
  return (
    <section className="player-diff" data-testid="run-diff" data-only-a={diff.onlyA.length} data-only-b={diff.onlyB.length} data-rank-changes={changed} aria-label="Run diff">
      <header className="player-diff-head">
        <b>A</b> <span className="muted small">{p(a)}</span> · <b>B</b> <span className="muted small">{p(b)}</span>
        <button type="button" className="small quiet" onClick={dropComparison} aria-label="Close the diff">
          ✕
        </button>
      </header>
      <p className="small">
        Visited only by A: <b data-testid="diff-only-a">{diff.onlyA.length}</b> · only by B: <b data-testid="diff-only-b">{diff.onlyB.length}</b> · reranker calls {diff.callsA} → {diff.callsB} · iterations {diff.iterationsA} → {diff.iterationsB}
        {diff.answer !== null && (
          <>
            {' '}
            · A's best ({names.get(diff.answer) ?? `#${diff.answer}`}) first scored at iteration {diff.firstA ?? '—'} (A), {diff.firstB ?? 'never'} (B)
          </>
        )}
      </p>
      <table className="player-diff-table small">
        <thead>
          <tr>
            <th>node</th>
            <th>A</th>
            <th>B</th>
          </tr>
        </thead>
        <tbody>
          {diff.ranks.map((r) => (
            <tr key={r.id} className={r.rankA !== r.rankB ? 'changed' : undefined}>
              <td className="mono">{names.get(r.id) ?? `#${r.id}`}</td>
              <td className="mono">{rank(r.rankA)}</td>
              <td className="mono">{rank(r.rankB)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
