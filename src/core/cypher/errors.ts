/**
 * @file Errors of the read-only Cypher subset: AppError('INPUT_INVALID') with a line:column.
 * Runs in: everywhere. Layer src/core.
 */
import { AppError } from '../errors.ts';

export interface SourcePosition {
  line: number;
  column: number;
}

export function formatPosition(pos: SourcePosition): string {
  return `${pos.line}:${pos.column}`;
}

/** An INPUT_INVALID error whose message ends with "at line:column". */
export function cypherError(message: string, pos: SourcePosition): AppError {
  return new AppError('INPUT_INVALID', `${message} at ${formatPosition(pos)}`);
}
