/**
 * @file The known answer's story on real runs of both engines with a scripted (fake) reranker:
 * in the tree (iteration, score, rank as rankingFromTrace gives them), not in the tree but next
 * to it (anchor: the earliest-born code neighbour), never near; the UCT turns away from the
 * answer's path with both values equal to mcts.ts's UCT, the guided seed arm as a turn, and the
 * paragraph telling the first five turns and counting the rest.
 * Runs in: node (vitest).
 */
import { describe, expect, it } from 'vitest';
import type { NodeKind } from '../graph/types.ts';
import { answerStory, TURNS_TOLD } from './answerStory.ts';
import { fuseFirstStage } from './firstStage.ts';
import { buildGraphSnapshot } from './graphSnapshot.ts';
import { runMcts, uct } from './mcts.ts';
import { runGuidedMcts } from './mctsGuided.ts';
import type { GuidedParams } from './mctsGuided.ts';
import { buildReplay, cursorAt, rankingFromTrace, stateAt } from './mctsReplay.ts';
import type { Replay } from './mctsReplay.ts';
import type { MctsParams } from './mctsParams.ts';
import { f2, storyText } from './mctsStory.ts';
import type { SelectEvent } from './mctsTrace.ts';
import { scriptedReranker } from '../../../test/fakes/scriptedReranker.ts';

// mcts.test.ts's hand-made graph: name, id, kind, embedding row, FAKE reranker score. X (30) has no embedding.
const NODES: [string, number, NodeKind, [number, number], number][] = [
  ['R', 1, 'Repo', [0, 1], 0],
  ['M1', 11, 'Module', [0.8, 0.6], 0.5],
  ['M2', 12, 'Module', [6, 8], 0.3],
  ['M3', 13, 'Module', [0, 2], 0.05],
  ['M4', 14, 'Module', [1, 0], 1.4],
  ['M5', 15, 'Module', [-0.6, 0.8], -0.2],
  ['F1', 21, 'Function', [0.28, 0.96], 0.1],
  ['F2', 22, 'Function', [0.96, 0.28], 0.9],
  ['F3', 23, 'Function', [0.6, 0.8], 0.8],
  ['X', 30, 'Function', [0, 0], 1],
];
const EDGES: [number, number][] = [[1, 11], [1, 12], [13, 1], [1, 14], [15, 1], [11, 21], [22, 11], [11, 30], [12, 23], [22, 23], [22, 23]];
const handName = (id: number) => NODES.find((n) => n[1] === id)?.[0] ?? `#${id}`;

async function handRun(params: Partial<MctsParams> = {}): Promise<Replay> {
  const snapshot = buildGraphSnapshot(
    { nodes: NODES.map(([, id, kind]) => ({ id, kind })), edges: EDGES.map(([src, dst]) => ({ src, dst })) },
    { dim: 2, matrix: new Float32Array(NODES.flatMap(([, , , row]) => row)) },
  );
  const scores = Object.fromEntries(NODES.map(([name, , , , score]) => [name, score]));
  const base: MctsParams = { iterations: 20, kInit: 4, kMin: 1, c: 0.5, alpha: 0.5, budget: Infinity, seed: 7 };
  const { trace } = await runMcts(snapshot, { text: 'where is addition', embedding: new Float32Array([2, 0]) }, scriptedReranker(scores, 0.5), (i) => NODES[i]![0], { ...base, ...params });
  return buildReplay(trace);
}

// mctsGuided.test.ts's generated graph: Repo 1 -> modules 10..13 -> functions 100 + 10m + f; f0 USES the next module's f7; 100 USES 999.
const guidedName = (id: number) => `fn${id}`;

async function guidedRun(params: Partial<GuidedParams> = {}): Promise<Replay> {
  const nodes: { id: number; kind: NodeKind }[] = [{ id: 1, kind: 'Repo' }];
  const edges: { src: number; dst: number; type: string }[] = [];
  for (let m = 0; m < 4; m++) {
    nodes.push({ id: 10 + m, kind: 'Module' });
    edges.push({ src: 1, dst: 10 + m, type: 'CONTAINS' });
    for (let f = 0; f < 8; f++) {
      nodes.push({ id: 100 + 10 * m + f, kind: 'Function' });
      edges.push({ src: 10 + m, dst: 100 + 10 * m + f, type: 'CONTAINS' });
    }
    edges.push({ src: 100 + 10 * m, dst: 100 + 10 * ((m + 1) % 4) + 7, type: 'USES' });
  }
  nodes.push({ id: 999, kind: 'Function' });
  edges.push({ src: 100, dst: 999, type: 'USES' });
  const matrix = new Float32Array(nodes.length * 2);
  nodes.forEach((node, i) => matrix.set([1, (node.id % 7) / 7], i * 2));
  const snapshot = buildGraphSnapshot({ nodes, edges }, { dim: 2, matrix });
  const candidates = nodes.flatMap((node, i) => (node.kind === 'Function' ? [i] : []));
  const order = [...candidates].sort((a, b) => (nodes[a]!.id === 999 ? 1 : nodes[b]!.id === 999 ? -1 : nodes[a]!.id - nodes[b]!.id));
  const stage = fuseFirstStage([order], nodes.length);
  const base: GuidedParams = { iterations: 50, pairBudget: 12, seeds: 4, width: 2, c: 1, alpha: 0.8, budget: Infinity, seed: 3 };
  const { trace } = await runGuidedMcts(
    {
      snapshot,
      query: { text: 'where is the total computed', embedding: new Float32Array([1, 0]) },
      reranker: scriptedReranker({ '100': 0.9, '999': 1 }, 0.1),
      docText: (i) => String(nodes[i]!.id),
      seedOrder: stage.order,
      prior: stage.prior,
      isCandidate: (i) => nodes[i]!.kind === 'Function',
    },
    { ...base, ...params },
  );
  return buildReplay(trace);
}

/** mcts.ts's UCT of a node at the state before the select of `iteration`. */
function uctBefore(replay: Replay, iteration: number, id: number): number {
  const state = stateAt(replay, cursorAt(replay, iteration, 'select') - 1);
  const i = replay.indexOf.get(id)!;
  return uct(state.R[i]!, state.N[i]!, state.N[replay.parent[i]!]!, replay.trace.params.c);
}

describe('answerStory on Algorithm 1 (scriptedReranker is a fake)', () => {
  it('an answer in the tree: iteration, score and rank as the final ranking has them, and the turns away from its path', async () => {
    const replay = await handRun();
    const story = answerStory(replay, 23, [22, 12], handName);
    const ranking = rankingFromTrace(replay);
    const rank = ranking.findIndex((r) => r.id === 23);
    expect(story).toMatchObject({ answer: 23, inTree: true, bornIteration: 6, finalRank: rank + 1, anchor: 23 });
    expect(story.bestScore).toBeCloseTo(ranking[rank]!.score, 12);
    expect(story.finalRank).toBe(3);
    // F3's path is R -> M1 -> F2 -> F3. Only iteration 3 turned away while the path's child was open:
    // M4 over M1. (At 4 and 5 F2 did not exist yet or M1 itself was widened; at 8 F2 was exhausted.)
    expect(story.turns.map((t) => [t.iteration, t.chose, t.over])).toEqual([[3, 14, 11]]);
    expect(story.turns[0]!.chosenUct).toBeCloseTo(uctBefore(replay, 3, 14), 12);
    expect(story.turns[0]!.overUct).toBeCloseTo(uctBefore(replay, 3, 11), 12);
    const text = storyText(story.parts);
    expect(text).toBe(
      `F3 entered the tree at iteration 6 under F2 and ended with score 7.00, rank #3 of 9 in the final ranking. UCT went elsewhere once at a branch point of that path: at iteration 3 it preferred M4 (UCT ${f2(uctBefore(replay, 3, 14))}) over M1 (${f2(uctBefore(replay, 3, 11))}), on the way to the answer.`,
    );
    expect(story.parts).toContainEqual({ node: 14, text: 'M4' });
  });

  it('an answer outside the tree: the anchor is its earliest-born code neighbour in the tree', async () => {
    const replay = await handRun();
    // X (30) has no embedding, so it never enters; its neighbour M1 did, at iteration 1.
    const x = answerStory(replay, 30, [11], handName);
    expect(x).toMatchObject({ inTree: false, bornIteration: null, bestScore: null, finalRank: null, anchor: 11 });
    expect(x.turns.map((t) => [t.iteration, t.chose, t.over])).toEqual([[3, 14, 11]]);
    const text = storyText(x.parts);
    expect(text).toContain('X never entered the tree. Its neighbour in the code graph M1 did (iteration 1, under R), so the answer was one expansion away: M1 was expanded 2× but never chose the answer');
    expect(text).toContain("over M1 (5.90), the answer's neighbour.");
    // F2 (born at iteration 4) and M2 (iteration 1): M2 is the anchor.
    expect(answerStory(replay, 77, [22, 12], handName).anchor).toBe(12);
    expect(answerStory(replay, 77, [22], handName).anchor).toBe(22);
  });

  it('an answer that never came near, the root, and an answer cut from the ranking by the budget', async () => {
    const replay = await handRun();
    const far = answerStory(replay, 77, [78, 79], handName);
    expect(far).toMatchObject({ inTree: false, anchor: null, turns: [], finalRank: null });
    expect(storyText(far.parts)).toBe('#77 never came near the search: none of its 2 neighbours in the code graph entered the tree either, so the search would have had to add one of them and then expand it: at least two more expansions on that branch.');
    const root = answerStory(replay, 1, [], handName);
    expect(root).toMatchObject({ inTree: true, bornIteration: 0, anchor: 1, turns: [] });
    expect(storyText(root.parts)).toBe('R is the root of the search.');
    const cut = answerStory(await handRun({ budget: 2 }), 23, [22], handName);
    expect(cut).toMatchObject({ inTree: true, finalRank: null });
    expect(storyText(cut.parts)).toContain('outside the final ranking (cut to B = 2 results)');
    const first = answerStory(replay, 14, [1], handName);
    expect(first).toMatchObject({ finalRank: 1, turns: [] });
    expect(storyText(first.parts)).toContain('UCT never preferred another branch');
  });
});

describe('answerStory on the guided default (scriptedReranker is a fake)', () => {
  it('counts the seed arm as a turn at the root', async () => {
    const replay = await guidedRun();
    const story = answerStory(replay, 999, [100], guidedName);
    expect(story).toMatchObject({ inTree: true, anchor: 999, finalRank: 1 });
    const arm = story.turns.find((t) => t.seedArm);
    expect(arm).toMatchObject({ iteration: 3, chose: 1, over: 100 });
    expect((replay.trace.events.find((e) => e.phase === 'select' && e.iteration === 3) as SelectEvent).path).toEqual([1]);
    expect(arm!.overUct).toBeCloseTo(uctBefore(replay, 3, 100), 12);
    expect(storyText(story.parts)).toContain(`at iteration 3 it took more first-stage candidates (UCT ${f2(arm!.chosenUct)}) over fn100 (${f2(arm!.overUct)}), the answer's parent`);
  });

  it('tells the first five turns, grouping repeats, and counts the rest', async () => {
    const replay = await guidedRun({ pairBudget: 30 });
    const story = answerStory(replay, 107, [13], guidedName);
    expect(story.turns.length).toBeGreaterThan(TURNS_TOLD);
    for (const t of story.turns) {
      expect(t.over).toBe(107);
      expect(t.chosenUct).toBeGreaterThanOrEqual(t.overUct - 1e-12);
      if (!t.seedArm) expect(t.chosenUct).toBeCloseTo(uctBefore(replay, t.iteration, t.chose), 12);
    }
    const text = storyText(story.parts);
    const [a, b, c] = story.turns;
    expect(text).toContain(`at iterations ${a!.iteration}, ${b!.iteration} and ${c!.iteration} it preferred fn100 (UCT ${f2(a!.chosenUct)}) over fn107 (${f2(a!.overUct)}), the answer itself`);
    expect(text).toContain(`; and ${story.turns.length - TURNS_TOLD} times more.`);
    expect(text).not.toContain(`iteration ${story.turns[TURNS_TOLD]!.iteration} `);
  });
});
