/**
 * @file Debugging with a known answer (docs/architecture.md, "The player"): the answer is the node
 * a person marked ("Mark as the answer" on the selected node) or, when the loaded eval set has this
 * question, its most relevant definition. The story (core answerStory.ts) says where the answer
 * sits (its neighbours in the code graph, read from the database), whether and when it entered
 * the tree, its score and final rank, and which UCT choices led away from it.
 * Test hook: data-testid="known-answer" with data-answer, data-in-tree and data-turns.
 * Runs in: the main thread (the neighbour query runs in the repo worker).
 */
import { useEffect, useMemo, useState } from 'react';
import type { Relevance } from '../../core/eval/metrics.ts';
import { answerStory } from '../../core/search/answerStory.ts';
import type { Replay } from '../../core/search/mctsReplay.ts';
import { useCommands } from '../commands.ts';
import { useAppState } from '../store/appStore.ts';
import { markAnswer, selectInPlayer } from './playerSession.ts';
import { StoryParts } from './StoryParts.tsx';
import { useKnownAnswer } from './useKnownAnswer.ts';
import { useReplayNames } from './useNodeNames.ts';


/** The eval set's most relevant node (highest grade, then lowest id). */
function bestRelevant(relevance: Relevance): number | null {
  let best: number | null = null;
  let grade = -Infinity;
  for (const [id, g] of relevance) {
    if (typeof id !== 'number') continue;
    if (g > grade || (g === grade && best !== null && id < best)) [best, grade] = [id, g];
  }
  return best;
}

export function KnownAnswerStory({ replay }: { replay: Replay }) {
  const { service } = useCommands();
  const selected = useAppState((s) => s.selectedNodeId);
  const names = useReplayNames(service, replay);
  const name = useMemo(() => (id: number) => names.get(id) ?? `#${id}`, [names]);
  const onNode = (id: number) => selectInPlayer(id);
  const marked = useAppState((s) => s.player?.answerId ?? null);
  const known = useKnownAnswer(service, replay);
  const fromEval = known ? bestRelevant(known.relevance) : null;
  const answer = marked ?? fromEval;
  const [neighbours, setNeighbours] = useState<{ id: number; list: number[] } | null>(null);
  useEffect(() => {
    if (answer === null) return;
    let stale = false;
    service
      .readNeighbourIds(answer)
      .then((list) => {
        if (!stale) setNeighbours({ id: answer, list });
      })
      .catch((error: unknown) => console.warn('answer neighbours', error));
    return () => {
      stale = true;
    };
  }, [service, answer]);
  const story = useMemo(
    () => (answer !== null && neighbours?.id === answer ? answerStory(replay, answer, neighbours.list, name) : null),
    [replay, answer, neighbours, name],
  );
  const canMark = selected !== null && selected !== answer;
  return (
    <section className={`known-answer${answer === null ? ' empty' : ''}`} aria-label="Known answer">
      <header className="story-head">
        <b>Known answer</b>
        <span className="muted small">{marked !== null ? 'marked by you' : fromEval !== null ? 'from the eval set' : 'none yet'}</span>
      </header>
      {story ? (
        <p className="story-text" data-testid="known-answer" data-answer={story.answer} data-in-tree={story.inTree} data-turns={story.turns.length}>
          <StoryParts parts={story.parts} onNode={onNode} />
        </p>
      ) : (
        <p className="muted small">
          {answer === null ? 'Select the node the search should have found and mark it as the answer: the player tells its story.' : 'Reading its neighbours…'}
        </p>
      )}
      <div className="known-answer-actions">
        {canMark && (
          <button type="button" className="small" data-testid="mark-answer" onClick={() => markAnswer(selected)} title="The selected node is what this question should find">
            Mark “{name(selected)}” as the answer
          </button>
        )}
        {marked !== null && (
          <button type="button" className="small quiet" data-testid="clear-answer" onClick={() => markAnswer(null)}>
            Clear
          </button>
        )}
      </div>
    </section>
  );
}
