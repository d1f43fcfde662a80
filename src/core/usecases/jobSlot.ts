/**
 * @file One job at a time on a service: a job started while another runs is refused with a clear
 * "busy" error (INPUT_INVALID, the slot's own sentence), and the running job's signal is what
 * Cancel fires. The app's semantic service (describe, embed, link) and search service (a question,
 * an evaluation) each hold one slot.
 * Runs in: everywhere. Layer src/core.
 */
import { AppError } from '../errors.ts';

export class JobSlot {
  private current: AbortController | null = null;

  /** `busyMessage`: what a second job is told, e.g. "A search is already running; cancel it first." */
  constructor(private readonly busyMessage: string) {}

  /** True while a job holds the slot. */
  get busy(): boolean {
    return this.current !== null;
  }

  /** Runs `job` in the slot with its cancel signal; refused (busy) while another job runs. */
  async run<T>(job: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (this.current) throw new AppError('INPUT_INVALID', this.busyMessage);
    const controller = new AbortController();
    this.current = controller;
    try {
      return await job(controller.signal);
    } finally {
      if (this.current === controller) this.current = null;
    }
  }

  /** Cancels the running job, if any (its signal fires; the job stops at its next check). */
  cancel(): void {
    this.current?.abort();
  }
}
