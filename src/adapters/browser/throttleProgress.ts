/**
 * @file Progress that crosses a worker boundary costs a message per call: pass on the first
 * report of each phase, every final one (done == total), and otherwise at most one per interval
 * and phase.
 * Runs in: the repo worker.
 */
import type { Progress, ProgressListener } from '../../core/progress.ts';

const PROGRESS_INTERVAL_MS = 80;

export function throttleProgress(listener: ProgressListener | undefined, intervalMs = PROGRESS_INTERVAL_MS): ProgressListener | undefined {
  if (!listener) return undefined;
  // Per phase: the read and the parse report at the same time (the parse starts while the read goes on).
  const lastAt = new Map<Progress['phase'], number>();
  return (progress) => {
    const now = Date.now();
    const final = progress.total > 0 && progress.done >= progress.total;
    const last = lastAt.get(progress.phase);
    if (last === undefined || final || now - last >= intervalMs) {
      lastAt.set(progress.phase, now);
      listener(progress);
    }
  };
}
