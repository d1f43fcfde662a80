/**
 * @file JobSlot (src/core/usecases/jobSlot.ts): one job at a time, a second refused with the
 * slot's busy sentence, Cancel reaching the running job's signal, and the slot free again after a
 * job ends, failed or not.
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/core/errors.ts';
import { JobSlot } from '../../src/core/usecases/jobSlot.ts';

describe('JobSlot', () => {
  it('refuses a second job while one runs, with its busy sentence, and frees the slot after', async () => {
    const slot = new JobSlot('A search is already running; cancel it first.');
    let finish!: () => void;
    const first = slot.run(() => new Promise<string>((resolve) => (finish = () => resolve('first'))));
    expect(slot.busy).toBe(true);
    const second = slot.run(async () => 'second');
    await expect(second).rejects.toThrow(AppError);
    await expect(second).rejects.toMatchObject({ code: 'INPUT_INVALID', message: 'A search is already running; cancel it first.' });
    finish();
    expect(await first).toBe('first');
    expect(slot.busy).toBe(false);
    expect(await slot.run(async () => 'third')).toBe('third');
  });

  it('cancels the running job through its signal and is free after a failed job', async () => {
    const slot = new JobSlot('busy');
    const running = slot.run(
      (signal) =>
        new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(new AppError('CANCELLED', 'Cancelled by the user.')))),
    );
    slot.cancel();
    await expect(running).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(slot.busy).toBe(false);
    slot.cancel();
    expect(await slot.run(async (signal) => signal.aborted)).toBe(false);
  });
});
