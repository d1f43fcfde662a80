/**
 * @file The known answer's story on real runs of both engines (the hand-made and the generated
 * guided graph of test/search/searchGraphs.ts) with a scripted (fake) reranker:
 * in the tree (iteration, score, rank as rankingFromTrace gives them), not in the tree but next
 * to it (anchor: the earliest-born code neighbour), never near; the UCT turns away from the
 * answer's path with both values equal to mcts.ts's UCT, the guided seed arm as a turn, and the
 * paragraph telling the first five turns and counting the rest.
 * Runs in: node (vitest).
 */
import { describe, expect, it } from 'vitest';
import { answerStory, TURNS_TOLD } from './answerStory.ts';
import { rankingFromTrace } from './mctsReplay.ts';
import { f2, storyText } from './mctsStory.ts';
import type { SelectEvent } from './mctsTrace.ts';
import { guidedName, guidedRun, handName, handRun, uctBefore } from '../../../test/search/searchGraphs.ts';

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
