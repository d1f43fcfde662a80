/**
 * @file Comlink 'throw' transfer handler that keeps AppError.code across the worker boundary
 * (comlink's default keeps only name, message and stack). UI side.
 * Runs in: the main thread. The repo worker installs the same handler (src/adapters/browser).
 */
import { transferHandlers } from 'comlink';
import type { TransferHandler } from 'comlink';
import { fromWire, toWire } from '../../core/errors.ts';
import type { WireError } from '../../core/errors.ts';

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
