/**
 * @file Indexing progress, one row per phase (read, parse, stitch, store) with real counts,
 * a percentage and a bar, plus Cancel (Esc does the same). A card floating over the workspace
 * (app.css): the previous graph stays visible, at its size, until the new one is stored. A bundle
 * import says so, with its two steps: checking the bundle, importing its tables; until the input
 * is read (a drop, the demo's download) the card says it is opening it.
 * Runs in: the main thread.
 */
import { useEffect, useState } from 'react';
import type { Phase } from '../../core/progress.ts';
import { useAppState } from '../store/appStore.ts';

const PHASES: { phase: Phase; label: string; unit: string }[] = [
  { phase: 'read', label: 'Read', unit: 'entries' },
  { phase: 'parse', label: 'Parse', unit: 'files' },
  { phase: 'stitch', label: 'Stitch', unit: 'files' },
  { phase: 'store', label: 'Store', unit: 'rows' },
];

const BUNDLE_PHASES: { phase: Phase; label: string; unit: string }[] = [
  { phase: 'read', label: 'Check', unit: 'bundle' },
  { phase: 'store', label: 'Import', unit: 'tables' },
];

export function ProgressPanel({ onCancel }: { onCancel: () => void }) {
  const indexing = useAppState((s) => s.indexing);
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    if (!indexing) return;
    const timer = setInterval(() => setNow(performance.now()), 250);
    return () => clearInterval(timer);
  }, [indexing]);
  if (!indexing) return null;
  const phases = indexing.bundle ? BUNDLE_PHASES : PHASES;
  const currentIndex = phases.findIndex((p) => p.phase === indexing.current);
  const elapsed = Math.max(0, (now - indexing.startedAt) / 1000);
  return (
    <section
      className="progress-panel"
      data-testid="progress-panel"
      data-kind={indexing.bundle === undefined ? 'pending' : indexing.bundle ? 'bundle' : 'index'}
      aria-live="polite"
      aria-label={indexing.bundle ? 'Bundle import progress' : 'Indexing progress'}
    >
      <header>
        <strong>
          {indexing.bundle === undefined ? `Opening ${indexing.name}` : indexing.bundle ? `Importing the bundle ${indexing.name}` : `Indexing ${indexing.name}`}
        </strong>
        <span className="muted"> · {elapsed.toFixed(1)} s</span>
        <button type="button" className="danger" data-testid="cancel-button" onClick={onCancel} disabled={indexing.cancelling}>
          {indexing.cancelling ? 'Cancelling…' : 'Cancel (Esc)'}
        </button>
      </header>
      <ol className="phases">
        {phases.map(({ phase, label, unit }, i) => {
          const p = indexing.phases[phase];
          // Phases overlap (the parse starts while the read goes on): an earlier phase is done
          // once its count is complete.
          const complete = !p || p.total === 0 || p.done >= p.total;
          const state = i < currentIndex ? (complete ? 'done' : 'active') : i === currentIndex ? 'active' : 'waiting';
          const pct = p && p.total > 0 ? Math.min(100, Math.round((p.done / p.total) * 100)) : state === 'done' ? 100 : 0;
          return (
            <li key={phase} className={`phase ${state}`} data-phase={phase} data-done={p?.done ?? 0} data-total={p?.total ?? 0}>
              <span className="phase-label">{label}</span>
              <span className="bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} aria-label={`${label} progress`}>
                <span className="bar-fill" style={{ width: `${pct}%` }} />
              </span>
              <span className="phase-count mono">
                {p ? `${p.done.toLocaleString()}${p.total > 0 ? ` / ${p.total.toLocaleString()}` : ''} ${unit}` : state === 'done' ? 'done' : ''}
              </span>
              <span className="phase-pct mono">{p && p.total > 0 ? `${pct}%` : ''}</span>
              {p?.detail && state === 'active' && <span className="phase-detail muted">{p.detail}</span>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
