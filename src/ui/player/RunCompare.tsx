/**
 * @file Two runs side by side (what-if): run A (the kept run) and run B (the current one) as two
 * small search trees, each laid out once (drawnTree: layeredTreeLayout, at most
 * COMPARE_DRAW_CAP nodes per run, the most visited first) and fitted into its half of the panel
 * by a viewBox. Both follow the player's current iteration: each tree shows the nodes it had
 * added by the end of that iteration (a run that had stopped shows its end); dot size is visits
 * then, the nodes visited by that run only (by then) have their own colour, the top 10 a ring.
 * Below each tree its top 10 at that iteration with names and rank moves from A to B (▲2, ▼1,
 * new; out in A's list for a node B's top 10 lost). The whole runs' numbers stay in the header
 * line (nodes visited by one run only, reranker calls, iterations, when A's best was found).
 * Two runs that made the same search get a sentence on why instead of an empty diff.
 * Test hooks: data-testid="run-diff" with data-only-a / data-only-b / data-rank-changes (whole
 * runs) and data-identical, ids "diff-only-a" / "diff-only-b"; data-testid="run-compare" with
 * data-iteration; "compare-tree-a" / "compare-tree-b" with data-drawn and data-only; the top-10
 * rows "compare-top-a" / "compare-top-b" with data-id and data-move.
 * Runs in: the main thread.
 */
import { useMemo, useState } from 'react';
import type { Replay } from '../../core/search/mctsReplay.ts';
import { stopReason } from '../../core/search/mctsStory.ts';
import { diffRuns } from '../../core/search/replaySeries.ts';
import { compareAt, drawnTree, paramChanges, sameSearch } from './runCompare.ts';
import type { CompareRow, CompareSide, DrawnTree, RankMove, RunCompareAt } from './runCompare.ts';
import { useCommands } from '../commands.ts';
import { useAppState } from '../store/appStore.ts';
import { dropComparison } from './playerSession.ts';
import { useNodeNames } from './useNodeNames.ts';

const paramsText = (r: Replay) => {
  const p = r.trace.params;
  const engine = p.variant === 'guided' ? `guided, ${p.pairBudget ?? '?'} pairs` : p.variant === 'algorithm1' ? 'Algorithm 1' : '';
  return `${engine ? `${engine} · ` : ''}c ${Number(p.c.toPrecision(3))}, α ${p.alpha}, k ${p.kInit}/${p.kMin}, T ${p.iterations}, seed ${p.seed}`;
};

const PARAM_LABELS: Record<string, string> = { variant: 'engine', iterations: 'T', c: 'c', alpha: 'α', kInit: 'k_init', kMin: 'k_min', seed: 'seed', pairBudget: 'pair budget', budget: 'B' };

/** Why two runs made the same search, in words. */
function identicalWhy(a: Replay, b: Replay): string {
  const changes = paramChanges(a, b);
  if (changes.length === 0) return 'Both runs used the same parameters, and a seeded search repeats itself exactly.';
  const listed = changes.map((c) => `${PARAM_LABELS[c.key] ?? c.key} (${String(c.a)} → ${String(c.b)})`);
  const what = listed.length > 1 ? `${listed.slice(0, -1).join(', ')} and ${listed.at(-1)!}` : listed[0]!;
  const seedOnly = changes.some((c) => c.key === 'seed') ? ' The seed only breaks exact ties between choices.' : '';
  const pa = a.trace.params;
  if (pa.variant === 'guided' && stopReason(a) === 'pair-budget' && stopReason(b) === 'pair-budget' && pa.pairBudget === b.trace.params.pairBudget) {
    return (
      `Both runs stopped when the same reranker-pair budget (${pa.pairBudget} pairs) was spent, after ${a.trace.stats.iterationsRun} iterations. ` +
      `The guided search seeds its first iteration with the same first-stage candidates (BM25 and dense retrieval fused; no parameter of the search changes them) and spends much of the budget on them, ` +
      `so the change of ${what} did not alter any choice before the budget ran out.${seedOnly} Lift the budget in the what-if, or watch the full search, to let it matter.`
    );
  }
  if (stopReason(a) === 'exhausted' && stopReason(b) === 'exhausted') return `Both runs ran out of nodes to expand before the change of ${what} altered a choice.${seedOnly}`;
  return `The change of ${what} did not alter any choice: every step picked the same node.${seedOnly}`;
}

function moveText(move: RankMove): string {
  switch (move.kind) {
    case 'up':
      return `▲${move.by}`;
    case 'down':
      return `▼${move.by}`;
    case 'new':
      return 'new';
    case 'out':
      return 'out';
    case 'same':
      return '=';
  }
}

function moveTitle(move: RankMove, side: 'a' | 'b'): string {
  switch (move.kind) {
    case 'up':
      return `${move.by} place${move.by === 1 ? '' : 's'} higher in B than in A`;
    case 'down':
      return `${move.by} place${move.by === 1 ? '' : 's'} lower in B than in A`;
    case 'new':
      return 'A had not visited it by this iteration';
    case 'out':
      return move.to === null ? 'B had not visited it by this iteration' : `not in B's top 10 (B ranks it #${move.to})`;
    case 'same':
      return side === 'a' ? 'the same place in B' : 'the same place in A';
  }
}

/** Slots drawn at a state: the drawn tree indices below `born` (a prefix, they are ascending). */
function bornSlots(tree: DrawnTree, born: number): number {
  let lo = 0;
  let hi = tree.nodes.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (tree.nodes[mid]! < born) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

interface TreePaths {
  edges: string;
  both: string;
  only: string;
  unvisited: string;
  top: string;
  /** Nodes drawn, and of them visited by this run only. */
  drawn: number;
  onlyCount: number;
}

const circle = (x: number, y: number, r: number) => `M${(x - r).toFixed(1)} ${y.toFixed(1)}a${r.toFixed(1)} ${r.toFixed(1)} 0 1 0 ${(2 * r).toFixed(1)} 0a${r.toFixed(1)} ${r.toFixed(1)} 0 1 0 ${(-2 * r).toFixed(1)} 0`;

function treePaths(replay: Replay, tree: DrawnTree, side: CompareSide, other: CompareSide, radius: { min: number; max: number }): TreePaths {
  const count = bornSlots(tree, side.state.born);
  const maxN = Math.max(1, ...tree.finalN);
  const topIds = new Set(side.top.map((row) => row.id));
  const edges: string[] = [];
  const both: string[] = [];
  const only: string[] = [];
  const unvisited: string[] = [];
  const top: string[] = [];
  const p = tree.positions;
  for (let s = 0; s < count; s++) {
    const i = tree.nodes[s]!;
    const x = p[s * 2]!;
    const y = p[s * 2 + 1]!;
    const ps = tree.parentSlot[s]!;
    if (ps >= 0) edges.push(`M${p[ps * 2]!.toFixed(1)} ${p[ps * 2 + 1]!.toFixed(1)}L${x.toFixed(1)} ${y.toFixed(1)}`);
    const n = side.state.N[i]!;
    const r = radius.min + (radius.max - radius.min) * Math.sqrt(Math.min(1, n / maxN));
    const id = replay.ids[i]!;
    if (!(n > 0)) unvisited.push(circle(x, y, r));
    else if (other.visited.has(id)) both.push(circle(x, y, r));
    else only.push(circle(x, y, r));
    if (topIds.has(id)) top.push(circle(x, y, r + radius.min * 0.7));
  }
  return { edges: edges.join(''), both: both.join(''), only: only.join(''), unvisited: unvisited.join(''), top: top.join(''), drawn: count, onlyCount: only.length };
}

function CompareTree({ replay, tree, side, other, label }: { replay: Replay; tree: DrawnTree; side: CompareSide; other: CompareSide; label: 'a' | 'b' }) {
  const extent = Math.max(tree.width, tree.height, 1);
  // Dots stay visible in a large tree (its viewBox shrinks it) yet leaf slots (34 apart) never touch.
  const radius = useMemo(() => {
    const min = Math.max(4, Math.min(10, extent / 200));
    return { min, max: min * 3 };
  }, [extent]);
  const paths = useMemo(() => treePaths(replay, tree, side, other, radius), [replay, tree, side, other, radius]);
  const pad = radius.max * 1.6;
  const viewBox = `${(-pad).toFixed(1)} ${(-pad).toFixed(1)} ${(tree.width + 2 * pad).toFixed(1)} ${(tree.height + 2 * pad).toFixed(1)}`;
  return (
    <svg
      className="compare-tree"
      viewBox={viewBox}
      preserveAspectRatio="xMidYMid meet"
      role="img"
      aria-label={`Search tree of run ${label.toUpperCase()} at iteration ${side.iteration}: ${paths.drawn} nodes drawn`}
      data-testid={`compare-tree-${label}`}
      data-drawn={paths.drawn}
      data-only={paths.onlyCount}
    >
      <path className="compare-edges" d={paths.edges} />
      <path className="compare-node unvisited" d={paths.unvisited} />
      <path className="compare-node both" d={paths.both} />
      <path className={`compare-node only ${label}`} d={paths.only} />
      <path className="compare-top" d={paths.top} />
    </svg>
  );
}

function TopList({ rows, side, names }: { rows: CompareRow[]; side: 'a' | 'b'; names: Map<number, string> }) {
  if (rows.length === 0) return <p className="muted small">Nothing ranked yet.</p>;
  return (
    <ol className="compare-top-list small">
      {rows.map((row) => {
        // A's list marks what B lost; B's list says where each came from in A.
        const shown = side === 'a' ? row.move.kind === 'out' : true;
        return (
          <li key={row.id} data-testid={`compare-top-${side}`} data-id={row.id} data-move={row.move.kind}>
            <span className="mono rank">{row.rank}</span>
            <span className="mono name" title={names.get(row.id) ?? `#${row.id}`}>
              {names.get(row.id) ?? `#${row.id}`}
            </span>
            {shown && (
              <span className={`move ${row.move.kind}`} title={moveTitle(row.move, side)}>
                {moveText(row.move)}
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );
}

function Side({ replay, tree, at, label, names }: { replay: Replay; tree: DrawnTree; at: RunCompareAt; label: 'a' | 'b'; names: Map<number, string> }) {
  const side = label === 'a' ? at.a : at.b;
  const other = label === 'a' ? at.b : at.a;
  const ended = side.iteration < at.iteration;
  return (
    <div className="compare-side">
      <div className="compare-side-head small">
        <b>{label.toUpperCase()}</b> {label === 'a' ? 'kept run' : 'current run'} · iteration {side.iteration}
        {ended ? ' (its end)' : ''} · {side.visited.size} visited · {(label === 'a' ? at.onlyA : at.onlyB).length} only here
        {tree.leftOut > 0 && <span className="muted"> · {tree.leftOut} less visited nodes not drawn</span>}
      </div>
      <CompareTree replay={replay} tree={tree} side={side} other={other} label={label} />
      <TopList rows={side.top} side={label} names={names} />
    </div>
  );
}

export function RunCompare({ a, b }: { a: Replay; b: Replay }) {
  const { service } = useCommands();
  const iteration = useAppState((s) => s.player?.iteration ?? b.iterations);
  const diff = useMemo(() => diffRuns(a, b), [a, b]);
  const identical = useMemo(() => sameSearch(a, b), [a, b]);
  const treeA = useMemo(() => drawnTree(a), [a]);
  const treeB = useMemo(() => drawnTree(b), [b]);
  const at = useMemo(() => compareAt(a, b, iteration), [a, b, iteration]);
  // Names of every id listed so far (the top 10s move while scrubbing): one query per new id set.
  const wanted = [...at.a.top, ...at.b.top].map((row) => row.id);
  if (diff.answer !== null) wanted.push(diff.answer);
  const [nameIds, setNameIds] = useState<number[]>([]);
  const missing = wanted.filter((id) => !nameIds.includes(id));
  if (missing.length > 0) setNameIds(nameIds.length > 400 ? wanted : [...nameIds, ...missing]);
  const names = useNodeNames(service, nameIds);
  const changed = diff.ranks.filter((r) => r.rankA !== r.rankB).length;
  return (
    <section className="player-diff" data-testid="run-diff" data-only-a={diff.onlyA.length} data-only-b={diff.onlyB.length} data-rank-changes={changed} data-identical={identical} aria-label="Run comparison">
      <header className="player-diff-head">
        <b>A</b> <span className="muted small">{paramsText(a)}</span> · <b>B</b> <span className="muted small">{paramsText(b)}</span>
        <button type="button" className="small quiet" onClick={dropComparison} aria-label="Close the comparison">
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
      <div className="run-compare" data-testid="run-compare" data-iteration={at.iteration}>
        {identical ? (
          <p className="compare-identical" data-testid="compare-identical">
            <b>A and B are the same search</b>: every step chose, added and scored the same nodes. {identicalWhy(a, b)}
          </p>
        ) : (
          <>
            <p className="compare-legend small">
              At iteration {at.iteration}: <span className="compare-key only a" /> visited only by A · <span className="compare-key only b" /> visited only by B · <span className="compare-key both" /> by both ·{' '}
              <span className="compare-key ring" /> top 10 · size: visits. Rank moves are from A to B.
            </p>
            <div className="compare-sides">
              <Side replay={a} tree={treeA} at={at} label="a" names={names} />
              <Side replay={b} tree={treeB} at={at} label="b" names={names} />
            </div>
          </>
        )}
      </div>
    </section>
  );
}
