/**
 * @file Why a run stopped, in one sentence (stopReason of the MCTS story: T iterations, the
 * guided default's reranker-pair budget, nothing left to expand, or no events), and, for a run
 * of the guided default or one that stopped before its T iterations, "Watch the full search":
 * one click re-runs the same question with Algorithm 1 (the paper preset) for the Advanced
 * settings' T (200 when unset; their seed when set) as a what-if, so the kept run and the full
 * search can be compared side by side.
 * Test hooks: data-testid="run-stop-notice" with data-reason; the button "watch-full-search".
 * Runs in: the main thread.
 */
import { stopReason } from '../../core/search/mctsStory.ts';
import type { StopReason } from '../../core/search/mctsStory.ts';
import type { Replay } from '../../core/search/mctsReplay.ts';
import { useCommands } from '../commands.ts';
import { askQuestion } from '../searchSession.ts';
import { getState, searchSettingsParams, useAppState } from '../store/appStore.ts';

/** T of "Watch the full search" when the Advanced settings leave it unset (the paper preset's). */
export const FULL_SEARCH_ITERATIONS = 200;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** One sentence: why the run ended. */
export function stopSentence(replay: Replay, reason: StopReason = stopReason(replay)): string {
  const { params, stats } = replay.trace;
  const guided = params.variant === 'guided';
  const ran = plural(stats.iterationsRun, 'iteration');
  switch (reason) {
    case 'no-events':
      return params.iterations === 0 ? 'This run did nothing: it had T = 0 iterations.' : guided && params.pairBudget === 0 ? 'This run did nothing: its reranker-pair budget was 0.' : 'This run did nothing: the root had nothing to expand.';
    case 'exhausted':
      return guided
        ? `This run stopped after ${ran} of its T = ${params.iterations} because no first-stage candidate and no unscored neighbour was left.`
        : `This run stopped after ${ran} of its T = ${params.iterations} because everything reachable from the root was already in the tree.`;
    case 'pair-budget':
      return `This run stopped after ${ran} of its T = ${params.iterations} because the guided default's reranker-pair budget (${plural(params.pairBudget ?? stats.rerankerCalls, 'pair')}) was spent.`;
    case 'iterations':
      return `This run ran all its T = ${params.iterations} iterations${guided ? ` (guided default, ${plural(stats.rerankerCalls, 'reranker pair')} of its ${params.pairBudget ?? '?'} budget)` : ''}.`;
  }
}

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
