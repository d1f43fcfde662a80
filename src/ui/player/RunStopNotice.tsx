/**
 * @file Why a run stopped, in one sentence (stopSentence of the MCTS story: T iterations, the
 * guided default's reranker-pair budget, nothing left to expand, or no events), and, for a run
 * of the guided default or one that stopped before its T iterations, "Watch the full search":
 * one click re-runs the same question with Algorithm 1 (the paper preset) for the Advanced
 * settings' T (200 when unset; their seed when set) as a what-if, so the kept run and the full
 * search can be compared side by side.
 * Test hooks: data-testid="run-stop-notice" with data-reason; the button "watch-full-search".
 * Runs in: the main thread.
 */
import { stopReason, stopSentence } from '../../core/search/mctsStory.ts';
import type { Replay } from '../../core/search/mctsReplay.ts';
import { useCommands } from '../commands.ts';
import { askQuestion } from '../searchSession.ts';
import { getState, searchSettingsParams, useAppState } from '../store/appStore.ts';

/** T of "Watch the full search" when the Advanced settings leave it unset (the paper preset's). */
export const FULL_SEARCH_ITERATIONS = 200;

export function RunStopNotice({ replay }: { replay: Replay }) {
  const commands = useCommands();
  const running = useAppState((s) => s.question?.state === 'running');
  const iterations = useAppState((s) => searchSettingsParams(s.searchSettings).iterations ?? FULL_SEARCH_ITERATIONS);
  const reason = stopReason(replay);
  const { trace } = replay;
  const offer = trace.params.variant === 'guided' || (reason !== 'iterations' && reason !== 'exhausted');
  const watch = () => {
    const { iterations: t = FULL_SEARCH_ITERATIONS, seed } = searchSettingsParams(getState().searchSettings);
    const params = seed === undefined ? { iterations: t } : { iterations: t, seed };
    const method = trace.method === 'fusion' ? 'fusion' : 'mcts';
    void askQuestion(commands.service, commands.graph?.() ?? null, { question: trace.query, method, k: 10, preset: 'paper', params }, true);
  };
  return (
    <p className="run-stop-notice small" data-testid="run-stop-notice" data-reason={reason}>
      <span>{stopSentence(replay, reason)}</span>
      {offer && (
        <button
          type="button"
          className="small"
          data-testid="watch-full-search"
          disabled={running || trace.query.trim() === ''}
          onClick={watch}
          title={`Re-run “${trace.query}” with Algorithm 1 (the paper preset) for T = ${iterations} iterations, and compare it with this run`}
        >
          Watch the full search
        </button>
      )}
    </p>
  );
}
