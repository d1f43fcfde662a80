/**
 * @file The MCTS story checked on real runs of both engines (Algorithm 1 on the hand-made graph,
 * the guided default on the generated guided graph, both from test/search/searchGraphs.ts), each
 * with a scripted (fake) reranker: every phase names the right nodes with the right numbers, UCT
 * values equal the replay's, exhaustion, the lines 8-9 redirect (on a hand-edited trace), the
 * guided root's "more first-stage candidates" arm, and the stop reasons.
 * Runs in: node (vitest).
 */
import { describe, expect, it } from 'vitest';
import { uct } from './mcts.ts';
import { buildReplay, cursorAt, rankedAt, stateAt, uctParts } from './mctsReplay.ts';
import type { Replay } from './mctsReplay.ts';
import { f2, seedArmAt, stopReason, stopStory, storyAt, storyText } from './mctsStory.ts';
import type { MctsPhase, MctsTrace, SelectEvent, SimulateEvent } from './mctsTrace.ts';
import { guidedName, guidedRun, handName, handRun, uctBefore } from '../../../test/search/searchGraphs.ts';

const textAt = (replay: Replay, iteration: number, phase: MctsPhase, name: (id: number) => string) => storyText(storyAt(replay, cursorAt(replay, iteration, phase), name).parts);
const selectOf = (replay: Replay, iteration: number) => replay.trace.events.find((e) => e.phase === 'select' && e.iteration === iteration) as SelectEvent;
describe('storyAt on Algorithm 1 (scriptedReranker is a fake)', () => {
  it('tells the start: the question, the root, T, c, k and alpha', async () => {
    const replay = await handRun();
    const step = storyAt(replay, 0, handName);
    expect(step).toMatchObject({ cursor: 0, iteration: 0, phase: 'start' });
    const text = storyText(step.parts);
    for (const s of ['“where is addition”', 'root R', 'T = 20', 'c = 0.50', 'k = 4', 'down to 1', '0.50 × reward + 0.50 × 10 × similarity']) expect(text).toContain(s);
    expect(step.parts).toContainEqual({ node: 1, text: 'R' });
  });

  it("tells which child UCT picked at each level, with both terms, the best rival's terms and why it won", async () => {
    const replay = await handRun();
    const cursor = cursorAt(replay, 6, 'select');
    const step = storyAt(replay, cursor, handName);
    expect(step).toMatchObject({ cursor, iteration: 6, phase: 'select' });
    const text = storyText(step.parts);
    // Iteration 6 descends R -> M1 -> F2: M1 (R/N 5 of 3 visits) beats M2 (3, 1 visit); F2 (9) beats F1 (1).
    const before = stateAt(replay, cursor - 1);
    const parts = (id: number) => uctParts(replay, before, replay.indexOf.get(id)!)!;
    expect(parts(11).value).toBeCloseTo(uctBefore(replay, 6, 11), 12);
    expect(f2(parts(11).value)).toBe('5.57');
    for (const id of [11, 12, 22, 21]) {
      expect(text).toContain(`${handName(id)} (UCT ${f2(parts(id).value)} = mean reward ${f2(parts(id).exploit)} + exploration ${f2(parts(id).explore)}`);
    }
    expect(text).toContain('At R it picked M1 (UCT 5.57 = mean reward 5.00 + exploration 0.57');
    expect(text).toMatch(/picked M1 .* over M2 \(UCT 3\.99 .*higher mean reward outweighed the rival's larger exploration bonus \(visited 3× vs 1×\)/);
    expect(text).toContain('At M1 it picked F2 (UCT 9.74 = mean reward 9.00 + exploration 0.74) over F1 (UCT 1.74');
    expect(text).toContain('F2 is a leaf of the tree, so the search expands it.');
    expect(step.parts).toContainEqual({ node: 22, text: 'F2' });
  });

  it('names a long path, a sole child without rival, and the nodes marked exhausted', async () => {
    const replay = await handRun();
    const seventh = textAt(replay, 7, 'select', handName);
    expect(seventh).toContain('UCT descended R → M1 → F2 → F3');
    expect(seventh).toContain('At F2 it picked F3 (UCT 8.59 = mean reward 8.00 + exploration 0.59): its only child still open, no rival.');
    expect(seventh).toContain('F3 has nothing left to expand (no unvisited neighbour with an embedding)');
    expect(seventh).toContain('UCT skips them from now on): F3 and F2.');
    // Iteration 9: M4 (exhausted at 3) and M1 (at 8) are no rivals any more: M2 beats M3.
    const ninth = textAt(replay, 9, 'select', handName);
    expect(ninth).toContain('At R it picked M2');
    expect(ninth).toContain('over M3 (UCT 1.52');
    expect(ninth).not.toContain('M4');
    const last = textAt(replay, 11, 'select', handName);
    expect(last).toContain('M5 and R. The root is exhausted too');
    expect(textAt(replay, 2, 'select', handName)).toContain('The root R still has unvisited neighbours, so the search adds more of them (progressive widening)');
    expect(textAt(replay, 1, 'select', handName)).toBe('Selection (iteration 1). The tree is only the root R, so the search expands it.');
  });

  it('tells the lines 8-9 redirect and an over-visited leaf (hand-edited trace: the descent stops at the first node with unvisited neighbours, so mcts.ts never reaches them)', async () => {
    const real = (await handRun()).trace;
    const events = real.events.map((e) => {
      if (e.phase === 'select' && e.iteration === 7) return { phase: 'select', iteration: 7, path: [1, 11, 22], expandAt: 11, redirect: { from: 22, reason: 'over-visited leaf' } } satisfies SelectEvent;
      if (e.phase === 'select' && e.iteration === 8) return { ...e, reason: 'over-visited leaf' as const };
      return e;
    });
    const replay = buildReplay({ ...real, events } as MctsTrace);
    const redirect = textAt(replay, 7, 'select', handName);
    expect(redirect).toContain('F2 was a leaf already visited 2× with no unvisited neighbour, so the search expands its nearest ancestor M1 that still has unvisited neighbours');
    const leaf = textAt(replay, 8, 'select', handName);
    expect(leaf).toContain('F1 has nothing left to expand (a leaf visited 1× with no unvisited neighbour, and no node above it has one either)');
    expect(leaf).toContain('F1 and M1');
  });

  it('tells an expansion: where, k, the best children by name with similarity, the pool, the best left out and k halving', async () => {
    const replay = await handRun();
    const first = storyAt(replay, cursorAt(replay, 1, 'expand'), handName);
    expect(first.phase).toBe('expand');
    expect(storyText(first.parts)).toBe(
      'Expansion (iteration 1). R gets the k = 4 of its 5 unvisited neighbours most similar to the question (bi-encoder): M4 (similarity 1.00), M1 (0.80), M2 (0.60) and 1 more. The best one left out had similarity -0.60. k halves from 4 to 2 for the next expansion.',
    );
    expect(first.parts.filter((p) => typeof p !== 'string').map((p) => (p as { node: number }).node)).toEqual([1, 14, 11, 12]);
    expect(textAt(replay, 2, 'expand', handName)).toContain('R gets its only unvisited neighbour (k = 2 would allow more) (bi-encoder): M5 (similarity -0.60). k halves from 2 to 1 for the next expansion (its minimum).');
    const fourth = textAt(replay, 4, 'expand', handName);
    expect(fourth).toContain('M1 gets the k = 1 of its 2 unvisited neighbours');
    expect(fourth).toContain('F2 (similarity 0.96). The best one left out had similarity 0.28.');
    expect(fourth).not.toContain('halves');
  });

  it('tells what the reranker scored: best and worst by name, pairs so far', async () => {
    const replay = await handRun();
    const text = textAt(replay, 1, 'simulate', handName);
    expect(text).toContain('scored 4 new nodes');
    expect(text).toContain('Best M4 reward 10.00 (score 1.40), worst M3 0.50. Pairs scored so far: 4.');
    expect(textAt(replay, 6, 'simulate', handName)).toContain('It gave F3 reward 8.00 (score 0.80). Pairs scored so far: 8.');
  });

  it('tells backpropagation: the path to the root, N and R/N, and who entered the top 10', async () => {
    const replay = await handRun();
    const text = textAt(replay, 6, 'backprop', handName);
    expect(text).toContain('The new reward (8.00) was added to every node on the path F2 → M1 → R (root last).');
    expect(text).toContain('F2 now has N = 2 and R/N = 8.50; the root R has N = 8 and R/N = 4.56.');
    expect(text).toContain('Entered the top 10: F3 (#3, score 7.00).');
    expect(textAt(replay, 1, 'backprop', handName)).toContain('The 4 new rewards (sum 18.50) were added to every node on the path R (root last). R now has N = 4 and R/N = 4.63.');
  });

  it('tells every step of a run without failing; cursors are clamped', async () => {
    const replay = await handRun();
    const n = replay.trace.events.length;
    for (let c = 0; c <= n; c++) {
      const step = storyAt(replay, c, handName);
      expect(step.cursor).toBe(c);
      expect(step.phase).toBe(c === 0 ? 'start' : replay.trace.events[c - 1]!.phase);
      expect(storyText(step.parts).length).toBeGreaterThan(20);
    }
    expect(storyAt(replay, n + 5, handName).cursor).toBe(n);
    expect(storyAt(replay, -1, handName).phase).toBe('start');
  });
});

describe('storyAt on the guided default (scriptedReranker is a fake)', () => {
  it('tells the start with the pair budget, the seeding and the pairs left', async () => {
    const replay = await guidedRun();
    const start = storyText(storyAt(replay, 0, guidedName).parts);
    expect(start).toContain('“where is the total computed”');
    expect(start).toContain('4 best first-stage candidates');
    expect(start).toContain('scored 12 pairs (its budget), after T = 50 iterations');
    expect(textAt(replay, 1, 'select', guidedName)).toContain('seeds it with the best first-stage candidates');
    const seeding = textAt(replay, 1, 'expand', guidedName);
    expect(seeding).toContain('Seeding: the root fn1 takes the 4 best first-stage candidates');
    expect(seeding).toContain('fn100 (similarity');
    expect(seeding).toContain('Later expansions add at most 2 nodes each.');
    expect(textAt(replay, 1, 'simulate', guidedName)).toContain('Best fn100 reward 9.00 (score 0.90), worst fn101 1.00. Pairs scored so far: 4 of the 12-pair budget (8 left).');
  });

  it('tells the root\'s "more first-stage candidates" arm with both UCT values', async () => {
    const replay = await guidedRun();
    // Iteration 3: the last seed batch's mean is (9 + 1 + 1 + 1) / 4 = 3 over 1 batch, the root has N = 6.
    expect(selectOf(replay, 3)).toMatchObject({ path: [1], expandAt: 1 });
    const before = stateAt(replay, cursorAt(replay, 3, 'select') - 1);
    const arm = uct(3 * 1, 1, before.N[0]!, 1);
    expect(seedArmAt(replay, before)!.value).toBeCloseTo(arm, 12);
    const child = uctBefore(replay, 3, 100);
    expect(child).toBeLessThan(arm);
    const text = textAt(replay, 3, 'select', guidedName);
    expect(text).toContain(`At the root fn1, UCT chose “more first-stage candidates” (UCT ${f2(arm)} = mean reward 3.00 + exploration ${f2(arm - 3)}, over 1 seed batch) over its best child fn100 (UCT ${f2(child)}`);
    expect(textAt(replay, 3, 'expand', guidedName)).toContain('The root fn1 takes the next 2 best first-stage candidates');
    // Iteration 2: the arm lost to fn100 and is named as the rival.
    expect(textAt(replay, 2, 'select', guidedName)).toContain(`over “more first-stage candidates” (UCT ${f2(uct(3, 1, 4, 1))}`);
  });

  it('tells a guided dead end, a tie and a re-expansion', async () => {
    const replay = await guidedRun();
    const fourth = textAt(replay, 4, 'select', guidedName);
    expect(fourth).toContain('a tie, broken by the seeded random generator');
    expect(fourth).toMatch(/fn10[56] has nothing left to expand \(no unscored function, method or class within two steps\)/);
    expect(textAt(replay, 6, 'select', guidedName)).toContain('fn100 was expanded before and has no open child left, so it is expanded again');
    expect(textAt(replay, 2, 'expand', guidedName)).toContain('fn100 gets its 2 best unscored neighbours');
  });

  it('says the top 10 did not change exactly when no node entered it', async () => {
    const replay = await guidedRun({ pairBudget: 30 });
    let unchanged = 0;
    replay.trace.events.forEach((e, i) => {
      if (e.phase !== 'backprop') return;
      const before = new Set(rankedAt(replay, stateAt(replay, i), 10));
      const entered = rankedAt(replay, stateAt(replay, i + 1), 10).filter((t) => !before.has(t));
      const text = storyText(storyAt(replay, i + 1, guidedName).parts);
      expect(text.includes('did not change')).toBe(entered.length === 0);
      for (const t of entered.slice(0, 3)) expect(text).toContain(guidedName(replay.ids[t]!));
      if (entered.length === 0) unchanged++;
    });
    expect(unchanged).toBeGreaterThan(0);
    const simulate = replay.trace.events.find((e) => e.phase === 'simulate' && e.rewards.every((r) => r.reward === 1)) as SimulateEvent;
    expect(textAt(replay, simulate.iteration, 'simulate', guidedName)).toContain('All got reward 1.00');
  });
});

describe('stopStory', () => {
  it('Algorithm 1: exhausted, or T reached; names the best result with its score', async () => {
    const replay = await handRun();
    expect(stopReason(replay)).toBe('exhausted');
    const stop = stopStory(replay, handName);
    expect(stop).toMatchObject({ reason: 'exhausted', phase: 'stop', iteration: 11, cursor: replay.trace.events.length });
    const text = storyText(stop.parts);
    expect(text).toContain('stopped after 11 iterations: everything reachable from the root was in the tree and every branch was exhausted');
    expect(text).toContain('Best result: M4 with score 10.00 (0.50 × reward 10.00 + 0.50 × 10 × similarity 1.00), found at iteration 1.');
    const short = await handRun({ iterations: 3 });
    expect(stopReason(short)).toBe('iterations');
    expect(storyText(stopStory(short, handName).parts)).toContain('The search stopped after its T = 3 iterations.');
  });

  it('guided: the pair budget, nothing left, or nothing run', async () => {
    const replay = await guidedRun();
    const stop = stopStory(replay, guidedName);
    expect(stop.reason).toBe('pair-budget');
    const text = storyText(stop.parts);
    expect(text).toContain('the guided default stops after its reranker-pair budget of 12 pairs, and 12 were used');
    expect(text).toMatch(/Best result: fn999 with score 9\.63 \(0\.80 × reward 10\.00 \+ 0\.20 × 10 × similarity 0\.81\), found at iteration \d+\./);
    const all = await guidedRun({ pairBudget: 1000, iterations: 1000 });
    expect(stopReason(all)).toBe('exhausted');
    expect(storyText(stopStory(all, guidedName).parts)).toContain('no first-stage candidate and no unscored neighbour was left');
    const none = await guidedRun({ iterations: 0 });
    expect(stopReason(none)).toBe('no-events');
    expect(storyText(stopStory(none, guidedName).parts)).toBe('The search did nothing: T = 0 iterations. The reranker scored 0 pairs. The tree holds 1 node. No result.');
  });
});
