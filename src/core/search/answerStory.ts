/**
 * @file The known answer's story: given the node a question should find (an eval set's answer or
 * one the user names), how the search treated it. Whether and when it entered the tree, its final
 * score and rank; the tree node nearest it (the anchor: the answer, or its code-graph neighbour
 * that the tree holds); and every UCT choice that went elsewhere at a branch point of the path
 * from the root to the anchor, with both UCT values at that moment. Told as story parts
 * (mctsStory.ts) so names are clickable. Derived from the replay plus the answer's code-graph
 * neighbours (the caller looks them up), no graph.
 * Runs in: everywhere. Layer src/core.
 */
import type { Replay, ReplayState } from './mctsReplay.ts';
import { rankedAt, scoreParts, stateAt, uctParts } from './mctsReplay.ts';
import { f2, isExhaustedAt, seedArmAt, storyWriter } from './mctsStory.ts';
import type { StoryPart, StoryWriter } from './mctsStory.ts';

export interface AnswerTurn {
  iteration: number;
  /** Graph id UCT picked (the root's id when `seedArm`). */
  chose: number;
  chosenUct: number;
  /** The child on the path to the anchor it passed over. */
  over: number;
  overUct: number;
  /** Guided root: UCT took "more first-stage candidates" instead of descending. */
  seedArm?: boolean;
}

export interface AnswerStory {
  /** Graph id. */
  answer: number;
  inTree: boolean;
  bornIteration: number | null;
  /** Line 29's score at the end of the run (null: not in the tree). */
  bestScore: number | null;
  /** 1-based rank in the final ranking (cut to the budget B), or null. */
  finalRank: number | null;
  /** The tree node nearest the answer: the answer itself, or its neighbour in the code graph that is in the tree ("the answer's parent"). */
  anchor: number | null;
  /** UCT choices that went elsewhere at the anchor's parent level: each time the descent stood at the parent of the anchor's path and picked another child. */
  turns: AnswerTurn[];
  /** A short paragraph. */
  parts: StoryPart[];
}

/** Turns told in the paragraph (the rest are counted). */
export const TURNS_TOLD = 5;

/** Tree indices root -> i. */
function chainTo(replay: Replay, i: number): number[] {
  const chain: number[] = [];
  for (let v = i; v >= 0; v = replay.parent[v]!) chain.push(v);
  return chain.reverse();
}

/** Every select that stood on the chain and picked a child off it (or the guided seed arm) while the chain's child was open. */
function findTurns(replay: Replay, chain: readonly number[]): AnswerTurn[] {
  const turns: AnswerTurn[] = [];
  if (chain.length < 2) return turns;
  const { events, rootId, params } = replay.trace;
  const states = new Map<number, ReplayState>();
  const state = (cursor: number) => {
    let s = states.get(cursor);
    if (!s) states.set(cursor, (s = stateAt(replay, cursor)));
    return s;
  };
  events.forEach((event, e) => {
    if (event.phase !== 'select') return;
    const path = event.path;
    let j = 0;
    while (j + 1 < path.length && j + 1 < chain.length && path[j + 1] === replay.ids[chain[j + 1]!]) j++;
    if (j + 1 >= chain.length) return;
    const onChain = chain[j + 1]!;
    // The chain's child must have been a rival: born before this select and not exhausted.
    if (replay.bornAt[onChain]! >= e) return;
    const before = state(e);
    if (isExhaustedAt(replay, before, onChain)) return;
    const overUct = uctParts(replay, before, onChain)!.value;
    if (j + 1 < path.length) {
      const chose = path[j + 1]!;
      turns.push({ iteration: event.iteration, chose, chosenUct: uctParts(replay, before, replay.indexOf.get(chose)!)!.value, over: replay.ids[onChain]!, overUct });
    } else if (j === 0 && params.variant === 'guided' && event.iteration > 1 && event.expandAt === rootId) {
      const arm = seedArmAt(replay, before);
      if (arm) turns.push({ iteration: event.iteration, chose: rootId, chosenUct: arm.value, over: replay.ids[onChain]!, overUct, seedArm: true });
    }
  });
  return turns;
}

function overLabel(replay: Replay, over: number, answer: number, inTree: boolean, anchor: number): string {
  if (over === answer) return 'the answer itself';
  const answerIndex = replay.indexOf.get(answer);
  if (inTree && answerIndex !== undefined && replay.ids[replay.parent[answerIndex]!] === over) return "the answer's parent";
  if (!inTree && over === anchor) return "the answer's neighbour";
  return 'on the way to the answer';
}

function times(n: number): string {
  return n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`;
}

function tellTurns(replay: Replay, w: StoryWriter, turns: readonly AnswerTurn[], answer: number, inTree: boolean, anchor: number): void {
  if (turns.length === 0) {
    w.text(' UCT never preferred another branch over the one leading there while it was open.');
    return;
  }
  w.text(` UCT went elsewhere ${times(turns.length)} at a branch point of that path: `);
  // The first TURNS_TOLD turns; consecutive ones with the same choice and values are told once.
  const told = turns.slice(0, TURNS_TOLD);
  const same = (a: AnswerTurn, b: AnswerTurn) =>
    a.chose === b.chose && a.over === b.over && !!a.seedArm === !!b.seedArm && f2(a.chosenUct) === f2(b.chosenUct) && f2(a.overUct) === f2(b.overUct);
  for (let n = 0; n < told.length; ) {
    let m = n + 1;
    while (m < told.length && same(told[m]!, told[n]!)) m++;
    const t = told[n]!;
    const its = told.slice(n, m).map((x) => x.iteration);
    if (n > 0) w.text('; ');
    w.text(its.length === 1 ? `at iteration ${its[0]} it ` : `at iterations ${its.slice(0, -1).join(', ')} and ${its[its.length - 1]} it `);
    if (t.seedArm) w.text(`took more first-stage candidates (UCT ${f2(t.chosenUct)})`);
    else w.text('preferred ').node(t.chose).text(` (UCT ${f2(t.chosenUct)})`);
    w.text(' over ').node(t.over).text(` (${f2(t.overUct)}), ${overLabel(replay, t.over, answer, inTree, anchor)}`);
    n = m;
  }
  if (turns.length > TURNS_TOLD) w.text(`; and ${times(turns.length - TURNS_TOLD)} more`);
  w.text('.');
}

/** How the search treated `answer` (graph id); `codeNeighbours`: its neighbours in the code graph (graph ids). */
export function answerStory(replay: Replay, answer: number, codeNeighbours: readonly number[], name: (id: number) => string): AnswerStory {
  const { events, params } = replay.trace;
  const guided = params.variant === 'guided';
  const end = stateAt(replay, events.length);
  const w = storyWriter(name);
  const ai = replay.indexOf.get(answer);
  const inTree = ai !== undefined;
  const ranking = rankedAt(replay, end, params.budget ?? Infinity);
  const rank = inTree ? ranking.indexOf(ai) : -1;
  const story: AnswerStory = {
    answer,
    inTree,
    bornIteration: inTree ? replay.bornIteration[ai]! : null,
    bestScore: inTree && end.N[ai]! > 0 ? scoreParts(replay, end, ai).score : null,
    finalRank: rank >= 0 ? rank + 1 : null,
    anchor: null,
    turns: [],
    parts: w.parts,
  };
  let anchorIndex: number | undefined = ai;
  if (anchorIndex === undefined) {
    // The neighbour the tree took in first (tree order is birth order).
    for (const id of codeNeighbours) {
      const i = replay.indexOf.get(id);
      if (i !== undefined && (anchorIndex === undefined || i < anchorIndex)) anchorIndex = i;
    }
  }

  if (inTree) {
    if (ai === 0) w.node(answer).text(' is the root of the search.');
    else {
      w.node(answer).text(` entered the tree at iteration ${story.bornIteration} under `).node(replay.ids[replay.parent[ai]!]!);
      w.text(story.bestScore === null ? '' : ` and ended with score ${f2(story.bestScore)}`);
      if (story.finalRank !== null) w.text(`, rank #${story.finalRank} of ${ranking.length} in the final ranking.`);
      else w.text(params.budget === null ? ', outside the final ranking.' : `, outside the final ranking (cut to B = ${params.budget} results).`);
    }
  } else if (anchorIndex !== undefined) {
    const anchorId = replay.ids[anchorIndex]!;
    const expansions = events.filter((e) => e.phase === 'expand' && e.at === anchorId).length;
    w.node(answer).text(' never entered the tree. Its neighbour in the code graph ').node(anchorId);
    if (anchorIndex === 0) w.text(' is the root');
    else w.text(` did (iteration ${replay.bornIteration[anchorIndex]}, under `).node(replay.ids[replay.parent[anchorIndex]!]!).text(')');
    w.text(', so the answer was one expansion away: ');
    if (expansions === 0) w.node(anchorId).text(' was never expanded.');
    else w.node(anchorId).text(` was expanded ${expansions}× but never chose the answer among its ${guided ? 'best unscored neighbours' : 'k most similar neighbours'}.`);
  } else {
    w.node(answer).text(' never came near the search: ');
    if (codeNeighbours.length === 0) w.text('it has no neighbours in the code graph');
    else w.text(`none of its ${codeNeighbours.length} neighbour${codeNeighbours.length === 1 ? '' : 's'} in the code graph entered the tree either`);
    w.text(
      guided
        ? ', so the guided search would have had to reach a node within two steps of it and expand that, or take it as a first-stage candidate.'
        : ', so the search would have had to add one of them and then expand it: at least two more expansions on that branch.',
    );
  }

  if (anchorIndex !== undefined && anchorIndex !== 0) {
    story.anchor = replay.ids[anchorIndex]!;
    story.turns = findTurns(replay, chainTo(replay, anchorIndex));
    tellTurns(replay, w, story.turns, answer, inTree, story.anchor);
  } else if (anchorIndex === 0) story.anchor = replay.ids[0]!;
  return story;
}
