/**
 * @file The player's inspector (docs/architecture.md, "The player"): the node under the cursor (the selected tree node,
 * else the root) at the scrubbed moment: N, R, N_sim, R_sim, UCT with its exploit and explore
 * terms, the query similarity, the final score's parts, why it was or was not expanded; for the
 * root also k, the iteration and the reranker pairs so far. Its code is in the details pane.
 * Runs in: the main thread.
 */
import { expansionNote, scoreParts, stateAt, uctParts } from '../../core/search/mctsReplay.ts';
import type { Replay } from '../../core/search/mctsReplay.ts';
import { formatScore } from '../data/searchFormat.ts';

function Row({ label, value, testId, title }: { label: string; value: string; testId?: string; title?: string }) {
  return (
    <div className="inspector-row" title={title}>
      <dt>{label}</dt>
      <dd className="mono" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export function Inspector({ replay, cursor, nodeId, name }: { replay: Replay; cursor: number; nodeId: number | null; name: string | null }) {
  const state = stateAt(replay, cursor);
  const picked = nodeId !== null ? replay.indexOf.get(nodeId) : undefined;
  const i = picked !== undefined && picked < state.born ? picked : 0;
  const id = replay.ids[i]!;
  const N = state.N[i]!;
  const R = state.R[i]!;
  const uct = uctParts(replay, state, i);
  const parts = scoreParts(replay, state, i);
  const root = i === 0;
  return (
    <section className="player-inspector" data-testid="player-inspector" data-node={id} aria-label="Inspector">
      <h3 className="inspector-title" title={`node ${id}`}>
        {root ? 'Root' : 'Node'} · {name ?? `#${id}`}
      </h3>
      <dl>
        <Row label="N" value={String(N)} testId="inspector-N" title="visits" />
        <Row label="R" value={formatScore(R)} testId="inspector-R" title="total reward backpropagated" />
        <Row label="R/N" value={formatScore(R / Math.max(1, N))} title="mean reward" />
        <Row label="N_sim · R_sim" value={`${state.simN[i]} · ${formatScore(state.simR[i]!)}`} title="simulations of this node and their reward" />
        {uct && (
          <Row
            label="UCT"
            value={`${uct.value.toFixed(3)} = ${uct.exploit.toFixed(3)} + ${uct.explore.toFixed(3)}`}
            testId="inspector-uct"
            title="R/N (exploit) + c·sqrt(2 ln N_parent / N) (explore)"
          />
        )}
        <Row label="sim" value={replay.sim[i]!.toFixed(4)} title="bi-encoder similarity to the question" />
        <Row label="score" value={`${formatScore(parts.score)} = ${formatScore(parts.rewardPart)} + ${formatScore(parts.simPart)}`} testId="inspector-score" title="α·R_sim/N_sim + (1−α)·sim·10 (line 29)" />
        {root && (
          <>
            <Row label="k" value={String(state.k)} title="expansion width for the next expansion" />
            <Row label="iteration" value={`${state.iteration} of ${replay.iterations}`} />
            <Row label="reranker pairs" value={state.rerankerCalls.toLocaleString()} testId="inspector-calls" />
          </>
        )}
      </dl>
      <p className="note" data-testid="inspector-why">
        {expansionNote(replay, state, i)}
      </p>
    </section>
  );
}
