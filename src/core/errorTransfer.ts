/**
 * @file Comlink 'throw' transfer handler that keeps AppError.code across the worker boundary
 * (comlink's default keeps only name, message and stack). Both ends install it: the main
 * thread (ui/clients/repoClient.ts) and the workers (workers/repo.worker.ts, models.worker.ts).
 * Runs in: the main thread and the workers. Layer src/core (comlink is plain JavaScript).
 */
import { transferHandlers } from 'comlink';
import type { TransferHandler } from 'comlink';
import { fromWire, toWire } from './errors.ts';
import type { WireError } from './errors.ts';

export function installErrorTransfer(): void {
  const base = transferHandlers.get('throw');
  if (!base) return;
  const handler: TransferHandler<{ value: unknown }, WireError> = {
    canHandle: (value): value is { value: unknown } => base.canHandle(value),
    serialize: ({ value }) => [toWire(value), []],
    deserialize: (wire) => {
      throw fromWire(wire);
    },
  };
  transferHandlers.set('throw', handler as TransferHandler<unknown, unknown>);
}
