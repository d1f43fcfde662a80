/**
 * @file Embedding after an index (docs/architecture.md "Embedding after indexing"): once an
 * index or a bundle import has opened its graph, the selected embedder (the shipped neural one
 * by default) embeds it in the background, as the person's Embed would, unless the setting is off,
 * another semantic task runs, the embedder would download first (that waits for Load models), the
 * graph is big (searched by neighbourhood instead), or
 * nothing needs it (core/semantic/autoEmbed.ts decides). Progress,
 * Cancel and Esc are those of any embedding; searches meanwhile say which vectors answered. The
 * setting lives in localStorage, like the theme. Each run is a `ranger:auto-embed` User Timing
 * measure (DevTools, e2e).
 * Runs in: the main thread (the work runs in the repo worker).
 */
import { autoEmbedDecision } from '../core/semantic/autoEmbed.ts';
import type { AutoEmbedOrigin } from '../core/semantic/autoEmbed.ts';
import type { RepoClient } from './clients/repoClient.ts';
import { totalOf } from './data/summary.ts';
import { errorText } from './errors/errorMessages.ts';
import { embedTask, readSemanticStatus } from './semanticSession.ts';
import { AUTO_EMBED_KEY, getState, setState } from './store/appStore.ts';
import type { AutoEmbedRun } from './store/appStore.ts';

export const AUTO_EMBED_MARK = 'ranger:auto-embed-start';
export const AUTO_EMBED_MEASURE = 'ranger:auto-embed';

/** Counts the runs: a run's late news never overwrites the state of a newer graph's run. */
let runs = 0;

/** The person's setting: on embeds after every index, off leaves it to the Embed button. */
export function setAutoEmbed(on: boolean): void {
  if (on) localStorage.removeItem(AUTO_EMBED_KEY);
  else localStorage.setItem(AUTO_EMBED_KEY, 'off');
  setState({ autoEmbed: on });
}

/**
 * Called when an index (`changedNodes`: nodes added or changed by an incremental one) or a bundle
 * import has opened its graph. Never throws: what happened lands in the store's autoEmbedRun.
 */
export async function embedAfterIndex(service: RepoClient, origin: AutoEmbedOrigin, changedNodes?: number): Promise<void> {
  const run = ++runs;
  const report = (patch: Partial<AutoEmbedRun>) => {
    if (run === runs) setState((state) => ({ autoEmbedRun: { ...(state.autoEmbedRun ?? { state: 'pending' }), ...patch } }));
  };
  setState({ autoEmbedRun: { state: 'pending' } });
  let status;
  try {
    status = await readSemanticStatus(service);
  } catch (error) {
    report({ state: 'skipped', reason: `The models could not be read: ${errorText(error)}` });
    return;
  }
  if (run !== runs) return;
  const s = getState();
  const embedder = status.embedder.spec;
  const decision = autoEmbedDecision({
    enabled: s.autoEmbed,
    busy: s.semanticTask !== null || s.indexing !== null,
    origin,
    embedder: { id: embedder.id, label: embedder.label },
    needsDownload: embedder.source.kind === 'hub' && status.embedder.state !== 'ready',
    sets: status.embeddings,
    changedNodes,
    nodes: s.summary ? totalOf(s.summary.nodes) : undefined,
  });
  if (!decision.embed) {
    report({ state: 'skipped', reason: decision.reason });
    return;
  }
  const started = performance.now();
  performance.mark(AUTO_EMBED_MARK);
  setState({ autoEmbedRun: { state: 'running', model: embedder.id, label: embedder.label, sources: decision.sources } });
  const outcome = await embedTask(service, decision.sources, true);
  const ms = Math.round(performance.now() - started);
  performance.measure(AUTO_EMBED_MEASURE, { start: AUTO_EMBED_MARK, detail: { outcome, model: embedder.id } });
  report({ state: outcome, ms });
}
