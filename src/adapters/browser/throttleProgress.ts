/**
 * @file Progress that crosses a worker boundary costs a message per call: pass on the first
 * report of each phase, every final one (done == total), and otherwise at most one per interval.
 * Runs in: the repo worker.
 */
import type { Progress, ProgressListener } from '../../core/pipeline/progress.ts';

const PROGRESS_INTERVAL_MS = 80;

export function throttleProgress(listener: ProgressListener | undefined, intervalMs = PROGRESS_INTERVAL_MS): ProgressListener | undefined {
  if (!listener) return undefined;
  let lastPhase: Progress['phase'] | null = null;
  let lastAt = 0;
  return (progress) => {
    const now = Date.now();
    const final = progress.total > 0 && progress.done >= progress.total;
    if (progress.phase !== lastPhase || final || now - lastAt >= intervalMs) {
      lastPhase = progress.phase;
      lastAt = now;
      listener(progress);
    }
  };
}

