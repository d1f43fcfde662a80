/**
 * @file "Embed after indexing": the setting (a checkbox, in the models panel and on the start
 * screen, where it applies to the next index) and, in the panel, what the last embedding after an
 * index did (running, done in N s, cancelled, skipped and why). data-* attributes carry the state
 * for scripts.
 * Runs in: the main thread.
 */
import { setAutoEmbed } from '../autoEmbed.ts';
import { useAppState } from '../store/appStore.ts';
import type { AutoEmbedRun } from '../store/appStore.ts';

/** The setting's checkbox; `className` places it (start screen or panel). */
export function AutoEmbedToggle({ className, testId }: { className: string; testId: string }) {
  const on = useAppState((s) => s.autoEmbed);
  return (
    <label className={className} title="After an index or a bundle import without vectors of the selected embedder, embed in the background so the first search reads them">
      <input type="checkbox" checked={on} data-testid={testId} onChange={(e) => setAutoEmbed(e.target.checked)} />
      Embed for search after indexing
    </label>
  );
}

function lastRunText(run: AutoEmbedRun): string {
  const seconds = run.ms !== undefined ? ` in ${(run.ms / 1000).toFixed(1)} s` : '';
  const what = `${run.label ?? run.model ?? 'the selected embedder'} (${(run.sources ?? []).join(' and ')})`;
  switch (run.state) {
    case 'pending':
      return 'Checking what the new graph needs…';
    case 'running':
      return `Embedding ${what} since the index finished. Searches meanwhile say which vectors answered. Cancel (Esc) stops it; Embed finishes it later.`;
    case 'done':
      return `After the index: embedded ${what}${seconds}.`;
    case 'cancelled':
      return `After the index: cancelled${seconds}; what was stored stays. Embed finishes the job.`;
    case 'failed':
      return `After the index: failed${seconds} (see the message above). Embed tries again.`;
    case 'skipped':
      return `After the index: nothing embedded. ${run.reason ?? ''}`;
  }
}

/** The panel's line: the setting and the last run. */
export function AutoEmbedStatus() {
  const run = useAppState((s) => s.autoEmbedRun);
  return (
    <div className="auto-embed" data-testid="auto-embed" data-state={run?.state ?? ''} data-ms={run?.ms ?? ''} data-adopted={run?.adopted ? 'true' : 'false'}>
      <AutoEmbedToggle className="check" testId="auto-embed-setting" />
      {run && <p className="note">{lastRunText(run)}</p>}
    </div>
  );
}
