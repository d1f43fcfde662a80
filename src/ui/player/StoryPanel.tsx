/**
 * @file The player's story, in the dock's Story tab (docs/architecture.md, "The player"): each phase
 * step of the run told in one or two sentences with the real names and numbers (core
 * mctsStory.ts), the steps around the cursor as a list with the current one highlighted and kept
 * in view, why the run stopped (at its end, and in a notice under the list), and the known
 * answer's story when there is one. A name in the story selects that node in the tree and in the code graph
 * (a folded node is drawn for it); a step's heading moves the cursor there.
 * Test hook: data-testid="player-story" holds the current step's text.
 * Runs in: the main thread.
 */
import { useEffect, useMemo, useRef } from 'react';
import { storyAt, stopStory, storyText } from '../../core/search/mctsStory.ts';
import type { StoryStep } from '../../core/search/mctsStory.ts';
import type { Replay } from '../../core/search/mctsReplay.ts';
import { useCommands } from '../commands.ts';
import { useAppState } from '../store/appStore.ts';
import { KnownAnswerStory } from './KnownAnswerStory.tsx';
import { RunStopNotice } from './RunStopNotice.tsx';
import { playerReplay, selectInPlayer, setCursor } from './playerSession.ts';
import { StoryParts } from './StoryParts.tsx';
import { useReplayNames } from './useNodeNames.ts';

/** Steps told before and after the current one. */
const BEFORE = 10;
const AFTER = 3;

function heading(step: StoryStep): string {
  if (step.phase === 'start') return 'start';
  if (step.phase === 'stop') return 'end';
  return `${step.iteration} · ${step.phase}`;
}

export function StoryPanel({ replay, cursor }: { replay: Replay; cursor: number }) {
  const { service } = useCommands();
  const names = useReplayNames(service, replay);
  const total = replay.trace.events.length;
  const name = useMemo(() => (id: number) => names.get(id) ?? `#${id}`, [names]);
  const steps = useMemo(() => {
    const list: StoryStep[] = [];
    for (let c = Math.max(0, cursor - BEFORE); c <= Math.min(total, cursor + AFTER); c++) list.push(storyAt(replay, c, name));
    if (cursor >= total - AFTER) list.push({ ...stopStory(replay, name), cursor: total + 1, phase: 'stop' });
    return list;
  }, [replay, cursor, total, name]);
  const currentRef = useRef<HTMLLIElement>(null);
  useEffect(() => {
    currentRef.current?.scrollIntoView({ block: 'nearest' });
  }, [cursor, steps]);
  const onNode = (id: number) => selectInPlayer(id);
  const current = steps.find((s) => s.cursor === cursor);
  return (
    <aside className="story-panel" aria-label="What the search did, step by step" data-testid="story-panel">
      <header className="story-head">
        <b>What the search did</b>
        <span className="muted small">{cursor === 0 ? 'before the first step' : `step ${cursor} of ${total}`}</span>
      </header>
      <ol className="story-list">
        {steps.map((step) => {
          const isCurrent = step.cursor === cursor || (step.phase === 'stop' && cursor === total && current === undefined);
          return (
            <li
              key={step.cursor}
              ref={step.cursor === cursor ? currentRef : undefined}
              className={`story-step${step.cursor === cursor ? ' current' : ''}${step.cursor > cursor && step.phase !== 'stop' ? ' ahead' : ''}`}
              aria-current={step.cursor === cursor ? 'step' : undefined}
            >
              <button type="button" className="story-at small mono" disabled={step.phase === 'stop'} onClick={() => setCursor(step.cursor)} title="Go to this step">
                {heading(step)}
              </button>
              <p className="story-text" data-testid={step.cursor === cursor ? 'player-story' : undefined} data-phase={step.phase} data-text={isCurrent ? storyText(step.parts) : undefined}>
                <StoryParts parts={step.parts} onNode={onNode} />
              </p>
            </li>
          );
        })}
      </ol>
      <RunStopNotice replay={replay} />
      <KnownAnswerStory replay={replay} />
    </aside>
  );
}

/** The story in its dock tab, while a finished run is loaded in the player. */
export function PlayerStory() {
  const player = useAppState((s) => s.player);
  const mode = useAppState((s) => s.viewMode);
  const replay = player && !player.live && player.total > 0 ? playerReplay() : null;
  if (!player || !replay || mode !== 'tree') return null;
  return <StoryPanel key={player.version} replay={replay} cursor={player.cursor} />;
}
