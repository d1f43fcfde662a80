/**
 * @file Embeddings and SIMILAR edges in the models panel: which texts to embed (description,
 * code), phase progress (fit / embed / similar) with counts and time left, the SIMILAR options (eps, the
 * cosine threshold, default 0.8; k neighbours per node, default 5) and "Link similar code" (recomputes
 * SIMILAR), in plain words with the technical terms in tooltips. The embedding started after an
 * index shows here like any other (said so), with its setting; Embed while it runs makes it the
 * person's, "Link similar code" waits for it.
 * Runs in: the main thread.
 */
import { useRef, useState } from 'react';
import type { SemanticSource, SemanticStatus } from '../../core/semantic/semanticService.ts';
import { useCommands } from '../commands.ts';
import { timeLeft } from '../../core/semantic/timeLeft.ts';
import type { PhaseStart } from '../../core/semantic/timeLeft.ts';
import { percent } from '../data/semanticFormat.ts';
import { cancelSemantic, runEmbed, runSimilar } from '../semanticSession.ts';
import { useAppState } from '../store/appStore.ts';
import { AutoEmbedStatus } from './AutoEmbedSetting.tsx';

const PHASE_LABEL = { fit: 'Fitting the vocabulary', embed: 'Embedding', similar: 'SIMILAR edges' } as const;

export function EmbedControls({ status }: { status: SemanticStatus }) {
  const { service } = useCommands();
  const task = useAppState((s) => s.semanticTask);
  const live = useAppState((s) => s.embedLive);
  const indexing = useAppState((s) => s.indexing !== null);
  const waiting = useAppState((s) => s.semanticWaiting);
  const [sources, setSources] = useState<Record<SemanticSource, boolean>>({ description: true, code: true });
  const [eps, setEps] = useState(status.similar?.eps ?? 0.8);
  const [k, setK] = useState(status.similar?.k ?? 5);
  const running = task?.kind === 'embed' || task?.kind === 'similar';
  const auto = task?.auto === true;
  // The person's own buttons stay usable while the embedding after an index runs (they wait or adopt it).
  const busy = (task !== null && !auto) || indexing;
  const model = status.embedder.spec.id;
  const stored = status.embeddings.filter((e) => e.model === model);
  const missing = stored.length > 0 ? (['description', 'code'] as const).filter((source) => !stored.some((e) => e.source === source)) : [];
  const state = running ? 'running' : stored.length > 0 ? 'done' : 'idle';
  const chosen = (Object.keys(sources) as SemanticSource[]).filter((s) => sources[s]);
  const pct = live ? percent(live.done, live.total) : state === 'done' ? 100 : 0;
  const noDescriptions = status.describe.done === 0;
  // Time left per phase (and source), from the rate since that phase started.
  const phaseStart = useRef<PhaseStart | null>(null);
  const phaseKey = live ? `${live.phase}/${live.source ?? ''}/${live.total}` : '';
  if (live && phaseStart.current?.key !== phaseKey) phaseStart.current = { key: phaseKey, at: Date.now(), done: live.done };
  const left = running && live && phaseStart.current ? timeLeft(phaseStart.current, Date.now(), live.done, live.total) : '';

  return (
    <section className="models-section" aria-label="Embeddings and SIMILAR">
      <h3>Embeddings</h3>
      <div className="tool-line">
        {(['description', 'code'] as const).map((source) => (
          <label key={source} className="check">
            <input type="checkbox" checked={sources[source]} disabled={busy} data-testid={`embed-source-${source}`} onChange={(e) => setSources({ ...sources, [source]: e.target.checked })} />
            {source}
          </label>
        ))}
        <button
          type="button"
          className="primary"
          data-testid="embed-button"
          disabled={busy || chosen.length === 0 || waiting.includes('embed')}
          title={auto ? 'The embedding started after indexing goes on as yours (or, for another embedder, yours starts after it)' : undefined}
          onClick={() => void runEmbed(service, chosen)}
        >
          {waiting.includes('embed') ? 'Waits…' : task?.kind === 'embed' && !auto ? 'Embedding…' : 'Embed'}
        </button>
        {running && (
          <button type="button" className="danger" disabled={task.cancelling} onClick={() => void cancelSemantic(service)}>
            {task.cancelling ? 'Cancelling…' : 'Cancel (Esc)'}
          </button>
        )}
      </div>
      {noDescriptions && sources.description && <p className="note">No descriptions yet: describe first, or the description texts are empty.</p>}
      <div
        className="task-progress"
        data-testid="embed-progress"
        data-state={state}
        data-auto={auto ? 'true' : 'false'}
        data-sources={stored.map((e) => e.source).join(',')}
        data-phase={running ? (live?.phase ?? '') : ''}
        data-done={running ? (live?.done ?? 0) : stored.reduce((n, e) => n + e.count, 0)}
        data-total={running ? (live?.total ?? 0) : stored.reduce((n, e) => n + e.count, 0)}
      >
        <span className="bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} aria-label="Embedding progress">
          <span className="bar-fill" style={{ width: `${pct}%` }} />
        </span>
        <span className="mono small">
          {running && live
            ? `${auto ? 'After indexing: ' : ''}${PHASE_LABEL[live.phase]}${live.source ? ` (${live.source})` : ''} ${live.done.toLocaleString()} / ${live.total.toLocaleString()}${left ? ` · ${left}` : ''}`
            : running
              ? auto
                ? 'After indexing: loading the embedder…'
                : 'starting…'
              : stored.length > 0
                ? `stored for ${status.embedder.spec.label}${missing.length > 0 ? ` (no ${missing.join(' or ')} vectors yet: Embed adds them)` : ''}`
                : 'nothing stored for this embedder'}
        </span>
      </div>
      <AutoEmbedStatus />
      <form
        className="similar-form"
        onSubmit={(e) => {
          e.preventDefault();
          void runSimilar(service, { eps, k });
        }}
      >
        <label title="Two definitions are linked when their embeddings' cosine is at least this (CodeRAG's eps)">
          Similarity at least
          <input type="number" min={0} max={1} step={0.05} value={eps} data-testid="similar-eps" onChange={(e) => setEps(Number(e.target.value))} />
        </label>
        <label title="At most this many SIMILAR neighbours per node (k)">
          Links per node
          <input type="number" min={1} max={50} step={1} value={k} data-testid="similar-k" onChange={(e) => setK(Math.max(1, Math.round(Number(e.target.value))))} />
        </label>
        <button
          type="submit"
          className="small"
          data-testid="similar-button"
          disabled={busy || stored.length === 0 || waiting.includes('similar')}
          title={stored.length === 0 ? 'Embed first' : auto ? 'Starts when the embedding after indexing ends' : 'Recompute the SIMILAR edges from the stored embeddings'}
        >
          {waiting.includes('similar') ? 'Waits…' : task?.kind === 'similar' ? 'Computing…' : 'Link similar code'}
        </button>
      </form>
    </section>
  );
}
