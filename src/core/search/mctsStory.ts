/**
 * @file The MCTS story: every step of a run told in plain words with real names and numbers, for
 * a reader who never read the RANGER paper (the player shows it beside the tree; see
 * docs/retrieval.md, "Traces and replay"). storyAt() tells what the event before a cursor did:
 * which child UCT picked at each level and which rival it beat (both UCT terms), the lines 8-9
 * redirect and exhaustion, the guided root's "more first-stage candidates" arm; what an
 * expansion added and left out; what the reranker scored; what backpropagation changed (the
 * path, N and R/N, the top 10). stopStory() says why the run ended and what it found. Names are
 * `{ node, text }` parts (graph ids) so a view can make them clickable. Everything is derived
 * from the replay (no graph): one or two stateAt() calls per step.
 * Runs in: everywhere. Layer src/core.
 */
import type { Replay, ReplayState } from './mctsReplay.ts';
import { rankedAt, scoreParts, stateAt, uctParts } from './mctsReplay.ts';
import type { BackpropEvent, ExpandEvent, MctsPhase, SelectEvent, SimulateEvent } from './mctsTrace.ts';

/** Plain text, or a node (graph id) shown by `text`. */
export type StoryPart = string | { node: number; text: string };

export interface StoryStep {
  /** Events applied (0: before the first select). */
  cursor: number;
  iteration: number;
  phase: MctsPhase | 'start' | 'stop';
  parts: StoryPart[];
}

export type StopReason = 'iterations' | 'pair-budget' | 'exhausted' | 'no-events';

/** Top-K compared at each backpropagation. */
export const STORY_TOP = 10;
/** Descent levels told in full (earlier levels are named as a path). */
const DETAILED_LEVELS = 2;
/** Names listed before "and N more". */
const LISTED = 3;
const EPS = 1e-12;

/** Parts joined to plain text. */
export function storyText(parts: readonly StoryPart[]): string {
  return parts.map((p) => (typeof p === 'string' ? p : p.text)).join('');
}

/** Numbers are told to 2 decimals. */
export function f2(x: number): string {
  const s = x.toFixed(2);
  return s === '-0.00' ? '0.00' : s;
}

/** Builds a part list: adjacent texts are merged, nodes kept apart. */
export interface StoryWriter {
  parts: StoryPart[];
  text(s: string): StoryWriter;
  node(id: number): StoryWriter;
  /** "a, b and c" (with `detail` after each), "a, b, c and 2 more" past `max`. */
  list(ids: readonly number[], detail?: (id: number, i: number) => string, max?: number): StoryWriter;
}

export function storyWriter(name: (id: number) => string): StoryWriter {
  const parts: StoryPart[] = [];
  const w: StoryWriter = {
    parts,
    text(s) {
      if (!s) return w;
      const last = parts[parts.length - 1];
      if (typeof last === 'string') parts[parts.length - 1] = last + s;
      else parts.push(s);
      return w;
    },
    node(id) {
      parts.push({ node: id, text: name(id) });
      return w;
    },
    list(ids, detail, max = LISTED) {
      const shown = ids.length > max ? ids.slice(0, max) : ids;
      const rest = ids.length - shown.length;
      shown.forEach((id, i) => {
        if (i > 0) w.text(i === shown.length - 1 && rest === 0 ? ' and ' : ', ');
        w.node(id);
        if (detail) w.text(detail(id, i));
      });
      if (rest > 0) w.text(` and ${rest} more`);
      return w;
    },
  };
  return w;
}

/** Per-replay index of what the state arrays do not hold (built once, O(events)). */
interface StoryIndex {
  /** Event index of the select that marked a tree node exhausted (guided traces name none: the node whose expansion found nothing). */
  exhaustedAt: Int32Array;
  /** Event index of the first expansion attempt at a tree node (guided: "already expanded"). */
  firstExpandAt: Int32Array;
  /** Root expansions that were scored: cursor after their simulate event and the batch's mean reward. */
  rootBatches: { after: number; mean: number }[];
  /** Cursor after the first root expansion that got fewer seeds than it asked for (the first stage ran out). */
  seedsOutAfter: number;
}

const indexes = new WeakMap<Replay, StoryIndex>();

function storyIndex(replay: Replay): StoryIndex {
  const known = indexes.get(replay);
  if (known) return known;
  const n = replay.ids.length;
  const never = 0x7fffffff;
  const index: StoryIndex = {
    exhaustedAt: new Int32Array(n).fill(never),
    firstExpandAt: new Int32Array(n).fill(never),
    rootBatches: [],
    seedsOutAfter: never,
  };
  const rootId = replay.trace.rootId;
  const events = replay.trace.events;
  const mark = (array: Int32Array, id: number, e: number) => {
    const i = replay.indexOf.get(id);
    if (i !== undefined && array[i]! > e) array[i] = e;
  };
  events.forEach((event, e) => {
    if (event.phase === 'select') {
      const marked = event.exhausted ?? (event.expandAt === null ? [event.path[event.path.length - 1]!] : []);
      for (const id of marked) mark(index.exhaustedAt, id, e);
      if (event.expandAt === null) mark(index.firstExpandAt, event.path[event.path.length - 1]!, e);
    } else if (event.phase === 'expand') {
      mark(index.firstExpandAt, event.at, e);
      if (event.at === rootId) {
        if (event.children.length < event.k && index.seedsOutAfter === never) index.seedsOutAfter = e + 1;
        const next = events[e + 1];
        if (next?.phase === 'simulate' && next.rewards.length > 0) {
          index.rootBatches.push({ after: e + 2, mean: next.rewards.reduce((s, r) => s + r.reward, 0) / next.rewards.length });
        }
      }
    }
  });
  indexes.set(replay, index);
  return index;
}

/** Whether tree node i was exhausted (UCT skips it) at a state: marked by an event before its cursor. */
export function isExhaustedAt(replay: Replay, state: ReplayState, i: number): boolean {
  return storyIndex(replay).exhaustedAt[i]! < state.cursor;
}

export interface SeedArm {
  value: number;
  /** Mean reward of the last seed batch. */
  exploit: number;
  explore: number;
  /** Root expansions scored so far. */
  batches: number;
  /** False once a root expansion got fewer seeds than it asked for (the engine then has no such arm). */
  available: boolean;
}

/** The guided root's "more first-stage candidates" arm at a state: uct(lastSeedMean * batches, batches, N_root, c); null for Algorithm 1 or before any seed batch. */
export function seedArmAt(replay: Replay, state: ReplayState): SeedArm | null {
  if (replay.trace.params.variant !== 'guided') return null;
  const index = storyIndex(replay);
  let batches = 0;
  let mean = 0;
  for (const b of index.rootBatches) {
    if (b.after > state.cursor) break;
    batches++;
    mean = b.mean;
  }
  if (batches === 0) return null;
  const explore = replay.trace.params.c * Math.sqrt((2 * Math.log(Math.max(1, state.N[0]!))) / batches);
  return { value: mean + explore, exploit: mean, explore, batches, available: index.seedsOutAfter > state.cursor };
}

interface Uct {
  value: number;
  exploit: number;
  explore: number;
  N: number;
}

function uctOf(replay: Replay, state: ReplayState, i: number): Uct {
  const parts = uctParts(replay, state, i) ?? { value: 0, exploit: 0, explore: 0 };
  return { ...parts, N: state.N[i]! };
}

/** Live children of tree node p at a state: born and not exhausted. */
function liveChildren(replay: Replay, state: ReplayState, p: number): number[] {
  return replay.children[p]!.filter((c) => c < state.born && !isExhaustedAt(replay, state, c));
}

/** The best live child of p by UCT, other than `except` (ties: tree order). */
function bestChild(replay: Replay, state: ReplayState, p: number, except = -1): { i: number; uct: Uct } | null {
  let best: { i: number; uct: Uct } | null = null;
  for (const c of liveChildren(replay, state, p)) {
    if (c === except) continue;
    const u = uctOf(replay, state, c);
    if (!best || u.value > best.uct.value + EPS) best = { i: c, uct: u };
  }
  return best;
}

function uctText(u: { value: number; exploit: number; explore: number }): string {
  return `UCT ${f2(u.value)} = mean reward ${f2(u.exploit)} + exploration ${f2(u.explore)}`;
}

/** Why `chosen` beat `rival` (same parent, so the larger exploration bonus is the less visited one). */
function whyWon(chosen: Uct, rival: Uct, rivalIsArm: boolean): string {
  if (Math.abs(chosen.value - rival.value) <= EPS) return 'a tie, broken by the seeded random generator';
  const mean = chosen.exploit - rival.exploit;
  const bonus = chosen.explore - rival.explore;
  const visits = rivalIsArm ? '' : ` (visited ${chosen.N}× vs ${rival.N}×)`;
  if (mean > EPS && bonus > EPS) return `a higher mean reward and fewer visits${visits}`;
  if (mean > EPS && bonus >= -EPS) return rivalIsArm ? 'a higher mean reward' : `a higher mean reward (both visited ${chosen.N}×)`;
  if (mean > EPS) return `its higher mean reward outweighed the rival's larger exploration bonus${visits}`;
  if (mean >= -EPS) return `the same mean reward but fewer visits${visits}, so a larger exploration bonus`;
  return `fewer visits${visits}: its exploration bonus outweighed the rival's higher mean reward`;
}

const MORE_SEEDS = '“more first-stage candidates”';

function describeLevel(replay: Replay, state: ReplayState, w: StoryWriter, p: number, c: number): void {
  const chosen = uctOf(replay, state, c);
  const rival = bestChild(replay, state, p, c);
  const arm = p === 0 ? seedArmAt(replay, state) : null;
  // The seed arm competes at the guided root; it was a rival only if the engine could have taken it.
  const armRival = arm && arm.available && arm.value <= chosen.value + EPS && (!rival || arm.value > rival.uct.value + EPS) ? arm : null;
  w.text('At ').node(replay.ids[p]!).text(' it picked ').node(replay.ids[c]!).text(` (${uctText(chosen)})`);
  if (armRival) {
    w.text(` over ${MORE_SEEDS} (${uctText(armRival)}): ${whyWon(chosen, { ...armRival, N: armRival.batches }, true)}. `);
  } else if (rival) {
    w.text(' over ').node(replay.ids[rival.i]!).text(` (${uctText(rival.uct)}): ${whyWon(chosen, rival.uct, false)}. `);
  } else {
    w.text(': its only child still open, no rival. ');
  }
}

function selectStory(replay: Replay, cursor: number, event: SelectEvent, w: StoryWriter): void {
  const before = stateAt(replay, cursor - 1);
  const guided = replay.trace.params.variant === 'guided';
  const index = (id: number) => replay.indexOf.get(id)!;
  const path = event.path.map(index);
  const last = path[path.length - 1]!;
  const lastId = event.path[event.path.length - 1]!;
  w.text(`Selection (iteration ${event.iteration}). `);

  if (path.length === 1) {
    const best = bestChild(replay, before, 0);
    const arm = seedArmAt(replay, before);
    if (guided && event.iteration > 1 && event.expandAt === replay.trace.rootId) {
      w.text('At the root ').node(lastId).text(', UCT chose ').text(MORE_SEEDS);
      if (arm) w.text(` (${uctText(arm)}, over ${arm.batches} seed batch${arm.batches === 1 ? '' : 'es'})`);
      if (best) w.text(' over its best child ').node(replay.ids[best.i]!).text(` (${uctText(best.uct)})`);
      else w.text(': the root has no open child left');
      w.text(', so the root takes the next candidates from the first-stage list.');
      return;
    }
    if (before.born === 1 && event.expandAt !== null) {
      w.text('The tree is only the root ').node(lastId);
      w.text(guided ? ', so the search seeds it with the best first-stage candidates.' : ', so the search expands it.');
    } else if (event.expandAt !== null) {
      w.text('The root ').node(lastId).text(' still has unvisited neighbours, so the search adds more of them (progressive widening) instead of descending.');
      return;
    }
  } else {
    const levels = path.length - 1;
    if (levels > DETAILED_LEVELS) {
      w.text('UCT descended ');
      event.path.forEach((id, j) => {
        if (j > 0) w.text(' → ');
        w.node(id);
      });
      w.text(', taking the child with the highest UCT at each level. ');
    }
    for (let j = Math.max(1, path.length - DETAILED_LEVELS); j < path.length; j++) describeLevel(replay, before, w, path[j - 1]!, path[j]!);
  }

  if (event.expandAt === null) {
    const marked = event.exhausted ?? [lastId];
    w.node(lastId).text(' has nothing left to expand (');
    if (event.reason === 'over-visited leaf') w.text(`a leaf visited ${before.N[last]}× with no unvisited neighbour, and no node above it has one either`);
    else w.text(guided ? 'no unscored function, method or class within two steps' : 'no unvisited neighbour with an embedding');
    w.text('), so this iteration scores nothing. Marked exhausted (UCT skips ').text(marked.length === 1 ? 'it' : 'them').text(' from now on): ');
    w.list(marked, undefined, 6).text('.');
    if (marked.includes(replay.trace.rootId)) w.text(' The root is exhausted too: the search is over.');
    return;
  }
  if (event.redirect) {
    w.node(event.redirect.from).text(` was a leaf already visited ${before.N[index(event.redirect.from)]}× with no unvisited neighbour, so the search expands its nearest ancestor `);
    w.node(event.expandAt).text(' that still has unvisited neighbours (Algorithm 1, lines 8-9).');
    return;
  }
  if (path.length === 1) return;
  if (guided) {
    if (storyIndex(replay).firstExpandAt[last]! < before.cursor) w.node(lastId).text(' was expanded before and has no open child left, so it is expanded again with its next best neighbours.');
    else w.node(lastId).text(' has not been expanded yet, so the search expands it.');
  } else if (liveChildren(replay, before, last).length > 0) {
    w.node(lastId).text(' still has unvisited neighbours, so the search widens it here instead of descending further.');
  } else {
    w.node(lastId).text(' is a leaf of the tree, so the search expands it.');
  }
}

function expandStory(replay: Replay, event: ExpandEvent, w: StoryWriter): void {
  const { params, rootId } = replay.trace;
  const guided = params.variant === 'guided';
  const ids = event.children.map((c) => c.id);
  const sims = new Map(event.children.map((c) => [c.id, c.sim]));
  const detail = (id: number, i: number) => ` (${i === 0 ? 'similarity ' : ''}${f2(sims.get(id)!)})`;
  w.text(`Expansion (iteration ${event.iteration}). `);
  if (ids.length === 0) {
    w.node(event.at).text(' got no new children.');
    return;
  }
  if (guided && event.at === rootId) {
    w.text(event.iteration === 1 ? 'Seeding: the root ' : 'The root ').node(event.at);
    w.text(` takes the ${event.iteration === 1 ? '' : 'next '}${ids.length} best first-stage candidate${ids.length === 1 ? '' : 's'} (BM25 and dense retrieval fused): `);
    w.list(ids, detail).text('.');
  } else if (guided) {
    w.node(event.at).text(` gets its ${ids.length} best unscored neighbour${ids.length === 1 ? '' : 's'} (functions, methods or classes up to two steps away, ordered by first-stage score plus similarity to the question): `);
    w.list(ids, detail).text('.');
  } else {
    w.node(event.at).text(' gets ');
    if (event.pool !== undefined && ids.length < event.k) w.text(event.pool === 1 ? 'its only unvisited neighbour' : `all ${event.pool} of its unvisited neighbours`).text(` (k = ${event.k} would allow more)`);
    else w.text(`the k = ${event.k} of its ${event.pool ?? ids.length}${event.pool === undefined ? '+' : ''} unvisited neighbours most similar to the question`);
    w.text(' (bi-encoder): ');
    w.list(ids, detail).text('.');
    if (event.unchosen && event.unchosen.length > 0) w.text(` The best one left out had similarity ${f2(event.unchosen[0]!)}.`);
  }
  if (event.nextK < event.k) {
    if (guided) w.text(` Later expansions add at most ${event.nextK} node${event.nextK === 1 ? '' : 's'} each.`);
    else w.text(` k halves from ${event.k} to ${event.nextK} for the next expansion${event.nextK === params.kMin ? ' (its minimum)' : ''}.`);
  }
}

function simulateStory(replay: Replay, cursor: number, event: SimulateEvent, w: StoryWriter): void {
  const { params } = replay.trace;
  const rewards = event.rewards;
  w.text(`Simulation (iteration ${event.iteration}). `);
  if (rewards.length === 0) {
    w.text('The reranker had nothing to score.');
    return;
  }
  let best = rewards[0]!;
  let worst = rewards[0]!;
  for (const r of rewards) {
    if (r.reward > best.reward) best = r;
    if (r.reward < worst.reward) worst = r;
  }
  w.text(`The reranker (a cross-encoder reading the question with each node's code) scored ${rewards.length} new node${rewards.length === 1 ? '' : 's'}; reward = 10 × score, kept within 0-10. `);
  if (rewards.length === 1) w.text('It gave ').node(best.id).text(` reward ${f2(best.reward)} (score ${f2(best.score)}).`);
  else if (best.reward === worst.reward) {
    w.text(`All got reward ${f2(best.reward)} (score ${f2(best.score)}): `).list(rewards.map((r) => r.id));
    w.text('.');
  }
  else {
    w.text('Best ').node(best.id).text(` reward ${f2(best.reward)} (score ${f2(best.score)}), worst `).node(worst.id).text(` ${f2(worst.reward)}.`);
  }
  const used = stateAt(replay, cursor).rerankerCalls;
  w.text(` Pairs scored so far: ${used}`);
  if (params.variant === 'guided' && params.pairBudget !== undefined) w.text(` of the ${params.pairBudget}-pair budget (${Math.max(0, params.pairBudget - used)} left)`);
  w.text('.');
}

function backpropStory(replay: Replay, cursor: number, event: BackpropEvent, w: StoryWriter): void {
  const after = stateAt(replay, cursor);
  const before = stateAt(replay, cursor - 1);
  const index = (id: number) => replay.indexOf.get(id)!;
  // Children added this iteration come first; the rest is the expanded node's path, root last.
  const path = event.nodes.filter((n) => replay.bornIteration[index(n.id)]! < event.iteration || index(n.id) === 0);
  const added = event.nodes.length - path.length;
  const sum = event.nodes.filter((n) => !path.includes(n)).reduce((s, n) => s + n.R, 0);
  w.text(`Backpropagation (iteration ${event.iteration}). ${added === 1 ? 'The new reward' : `The ${added} new rewards`} (${added === 1 ? '' : 'sum '}${f2(sum)}) ${added === 1 ? 'was' : 'were'} added to every node on the path `);
  const ids = path.map((n) => n.id);
  if (ids.length > 6) {
    ids.slice(0, 3).forEach((id) => w.node(id).text(' → '));
    w.text(`… (${ids.length - 5} more) → `);
    ids.slice(-2).forEach((id, j) => (j === 0 ? w.node(id).text(' → ') : w.node(id)));
  } else ids.forEach((id, j) => (j === 0 ? w.node(id) : w.text(' → ').node(id)));
  w.text(' (root last). ');
  const tell = (n: { id: number; N: number; R: number }, lead: boolean) => {
    w.node(n.id).text(`${lead ? ' now has' : ' has'} N = ${n.N} and R/N = ${f2(n.R / Math.max(1, n.N))}`);
  };
  const first = path[0];
  const root = path[path.length - 1];
  if (first) tell(first, true);
  if (root && root !== first) {
    w.text('; the root ');
    tell(root, false);
  }
  w.text('. ');
  const top = rankedAt(replay, after, STORY_TOP);
  const was = new Set(rankedAt(replay, before, STORY_TOP));
  const entered = top.filter((i) => !was.has(i));
  if (entered.length === 0) {
    w.text(`The top ${STORY_TOP} did not change.`);
    return;
  }
  const now = new Set(top);
  const left = [...was].filter((i) => !now.has(i));
  w.text(`Entered the top ${STORY_TOP}: `);
  w.list(
    entered.map((i) => replay.ids[i]!),
    (id) => ` (#${top.indexOf(index(id)) + 1}, score ${f2(scoreParts(replay, after, index(id)).score)})`,
  );
  if (left.length > 0) w.text(', pushing out ').list(left.map((i) => replay.ids[i]!));
  w.text('.');
}

function startStory(replay: Replay, w: StoryWriter): void {
  const { params, query, rootId } = replay.trace;
  const alpha = `${f2(params.alpha)} × reward + ${f2(1 - params.alpha)} × 10 × similarity`;
  w.text(`Question: “${query}”. `);
  if (params.variant === 'guided') {
    w.text('Guided search from the root ').node(rootId);
    w.text(`: iteration 1 has the reranker score the ${params.kInit} best first-stage candidates (BM25 and dense retrieval fused); each later iteration uses UCT (mean reward plus an exploration bonus, c = ${f2(params.c)}) to pick a scored node whose neighbours to score next, up to ${params.kMin} at a time, or to take more first-stage candidates. `);
    w.text(`It stops when the reranker has scored ${params.pairBudget ?? '?'} pairs (its budget), after T = ${params.iterations} iterations, or when nothing is left. `);
  } else {
    w.text('The search grows a tree from the root ').node(rootId);
    w.text(` for at most T = ${params.iterations} iterations. Each one walks down the tree by UCT (mean reward plus an exploration bonus, c = ${f2(params.c)}), adds the k = ${Math.max(params.kInit, params.kMin)} unvisited neighbours most similar to the question (k halves after each expansion, down to ${params.kMin}), has the reranker score them (reward 0-10) and adds the rewards to every node on the way back to the root. `);
  }
  w.text(`Results are ranked by ${alpha} (alpha = ${f2(params.alpha)}).`);
}

/** The step that event cursor-1 made (cursor 0: what the search is about to do). */
export function storyAt(replay: Replay, cursor: number, name: (id: number) => string): StoryStep {
  const events = replay.trace.events;
  const at = Math.max(0, Math.min(events.length, Math.floor(cursor)));
  const w = storyWriter(name);
  if (at === 0) {
    startStory(replay, w);
    return { cursor: 0, iteration: 0, phase: 'start', parts: w.parts };
  }
  const event = events[at - 1]!;
  switch (event.phase) {
    case 'select':
      selectStory(replay, at, event, w);
      break;
    case 'expand':
      expandStory(replay, event, w);
      break;
    case 'simulate':
      simulateStory(replay, at, event, w);
      break;
    case 'backprop':
      backpropStory(replay, at, event, w);
      break;
  }
  return { cursor: at, iteration: event.iteration, phase: event.phase, parts: w.parts };
}

/** Why the run ended: no events (T = 0 or no pairs), everything exhausted, the guided pair budget spent, or T iterations. */
export function stopReason(replay: Replay): StopReason {
  const { events, stats, params } = replay.trace;
  if (events.length === 0) return 'no-events';
  if (stats.exhausted) return 'exhausted';
  if (params.variant === 'guided' && params.pairBudget !== undefined && stats.rerankerCalls >= params.pairBudget) return 'pair-budget';
  return 'iterations';
}

/** One sentence: why the run ended (the story's last step opens with it; the player's dock shows it alone). */
export function stopSentence(replay: Replay, reason: StopReason = stopReason(replay)): string {
  const { params, stats } = replay.trace;
  const guided = params.variant === 'guided';
  const ran = `${stats.iterationsRun} iteration${stats.iterationsRun === 1 ? '' : 's'}`;
  switch (reason) {
    case 'no-events':
      return params.iterations === 0 ? 'The search did nothing: T = 0 iterations.' : guided && params.pairBudget === 0 ? 'The search did nothing: its reranker-pair budget is 0.' : 'The search did nothing: the root had nothing to expand.';
    case 'exhausted':
      return guided
        ? `The search stopped after ${ran}: no first-stage candidate and no unscored neighbour was left.`
        : `The search stopped after ${ran}: everything reachable from the root was in the tree and every branch was exhausted.`;
    case 'pair-budget':
      return `The search stopped after ${ran} of its T = ${params.iterations}: the guided default stops after its reranker-pair budget of ${params.pairBudget} pairs, and ${stats.rerankerCalls} were used.`;
    case 'iterations':
      return `The search stopped after its T = ${params.iterations} iterations.`;
  }
}

/** Why the run ended and what it found (trace.top[0] with its score). */
export function stopStory(replay: Replay, name: (id: number) => string): StoryStep & { reason: StopReason } {
  const { params, stats, top } = replay.trace;
  const reason = stopReason(replay);
  const w = storyWriter(name);
  w.text(stopSentence(replay, reason));
  if (reason !== 'pair-budget') w.text(` The reranker scored ${stats.rerankerCalls} pair${stats.rerankerCalls === 1 ? '' : 's'}.`);
  w.text(` The tree holds ${replay.ids.length} node${replay.ids.length === 1 ? '' : 's'}.`);
  const bestId = top[0];
  const best = bestId === undefined ? undefined : replay.indexOf.get(bestId);
  if (bestId === undefined || best === undefined) w.text(' No result.');
  else {
    const end = stateAt(replay, replay.trace.events.length);
    const s = scoreParts(replay, end, best);
    const reward = end.simR[best]! / Math.max(1, end.simN[best]!);
    w.text(' Best result: ').node(bestId).text(` with score ${f2(s.score)} (${f2(params.alpha)} × reward ${f2(reward)} + ${f2(1 - params.alpha)} × 10 × similarity ${f2(replay.sim[best]!)})`);
    w.text(best === 0 ? ', the root.' : `, found at iteration ${replay.bornIteration[best]}.`);
  }
  return { cursor: replay.trace.events.length, iteration: replay.iterations, phase: 'stop', parts: w.parts, reason };
}
