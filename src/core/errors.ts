/**
 * @file Typed application errors and their wire form for crossing worker boundaries.
 * Runs in: everywhere. Layer src/core: no DOM, no node:*.
 */
export type ErrorCode =
  | 'CONFIG_INVALID'
  | 'INPUT_INVALID'
  | 'ARCHIVE_INVALID'
  | 'NO_SOURCE_FILES'
  | 'PARSE_FAILED'
  | 'STORAGE_UNAVAILABLE'
  | 'STORAGE_LOCKED'
  | 'STORAGE_FULL'
  | 'STORAGE_LIMIT'
  | 'SQL_REJECTED'
  | 'WORKER_CRASHED'
  | 'MODEL_UNAVAILABLE'
  | 'CANCELLED'
  | 'TIMEOUT'
  | 'UNKNOWN';

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'AppError';
  }
}

export interface WireError {
  code: ErrorCode;
  name: string;
  message: string;
  stack?: string;
}

export function toWire(error: unknown): WireError {
  if (error instanceof AppError) return { code: error.code, name: error.name, message: error.message, stack: error.stack };
  if (error instanceof Error) return { code: 'UNKNOWN', name: error.name, message: error.message, stack: error.stack };
  return { code: 'UNKNOWN', name: 'Error', message: String(error) };
}

export function fromWire(wire: WireError): AppError {
  const error = new AppError(wire.code, wire.message);
  if (wire.stack) error.stack = wire.stack;
  return error;
}

export function isCancelled(error: unknown): boolean {
  return error instanceof AppError && error.code === 'CANCELLED';
}

/** Throws CANCELLED when the signal has fired; call between units of work. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new AppError('CANCELLED', 'Cancelled by the user.');
}
