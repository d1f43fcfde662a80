/**
 * @file Time left of a progress phase (embedding, SIMILAR edges) from its rate so far: the app's
 * models panel and the CLI's progress line both show it.
 * Runs in: everywhere. Layer src/core.
 */
/** Where a progress phase started: its clock (ms) and its done count then. */
export interface PhaseStart {
  key: string;
  at: number;
  done: number;
}

/**
 * "~40 s left" from the rate since the phase started; '' until a second of progress (or a first
 * finished item) gives a rate, and once done.
 */
export function timeLeft(start: PhaseStart, now: number, done: number, total: number): string {
  const elapsed = now - start.at;
  const progressed = done - start.done;
  if (done >= total || progressed <= 0 || elapsed < 1000) return '';
  const seconds = Math.ceil(((total - done) * elapsed) / progressed / 1000);
  if (seconds < 60) return `~${seconds} s left`;
  const minutes = Math.floor(seconds / 60);
  return `~${minutes} min ${seconds % 60} s left`;
}
