/**
 * @file The one place that turns an error into what the user reads: AppError codes map to a
 * plain sentence that says what happened and what to do; the raw message stays as detail.
 * Runs in: the main thread.
 */
import type { ErrorCode } from '../../core/errors.ts';
import type { ShownError } from '../store/appStore.ts';

/**
 * The languages read, as registry.ts languageList() says them (a test keeps the two equal; the
 * registry itself would pull every extractor into the main thread's bundle).
 */
export const LANGUAGES_READ = 'Python, JavaScript, TypeScript, Java, Go, Rust, C#, PHP, Ruby or C++';

const MESSAGES: Record<ErrorCode, string> = {
  CONFIG_INVALID: 'The settings are not valid.',
  INPUT_INVALID: 'That input cannot be indexed. Drop a .zip file or a folder of source code.',
  ARCHIVE_INVALID: 'The zip file could not be read safely.',
  NO_SOURCE_FILES: `No ${LANGUAGES_READ} files were found in that input.`,
  PARSE_FAILED: 'Parsing failed. The previous graph is unchanged.',
  STORAGE_UNAVAILABLE: 'Browser storage is unavailable, so graphs cannot be kept. Check that this site may use storage.',
  STORAGE_LOCKED: 'Ranger Studio is open in another tab, which holds the database. Close that tab and reload this one.',
  STORAGE_FULL:
    'There is not enough storage for this graph. Free some disk space or delete graphs you no longer need (repos menu), then try again. The previous graph is unchanged.',
  STORAGE_LIMIT:
    'This graph reached the size a browser database holds safely (about 4 GB). The step was stopped before the limit, and the stored graph is unchanged. Index a part of the repository (a sub-folder, or without tests), or index it with the command line, which has no such limit.',
  SQL_REJECTED: 'Only read-only SQL is allowed here.',
  WORKER_CRASHED: 'A background worker stopped unexpectedly. The previous graph is unchanged; try again.',
  MODEL_UNAVAILABLE: 'A model could not be loaded. The other models and the built-ins keep working.',
  CANCELLED: 'Indexing was cancelled. The previous graph is unchanged.',
  TIMEOUT: 'The query ran past its time limit and was stopped.',
  UNKNOWN: 'Something went wrong.',
};

const KNOWN = new Set<string>(Object.keys(MESSAGES));

export function errorCode(error: unknown): ErrorCode {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && KNOWN.has(code) ? (code as ErrorCode) : 'UNKNOWN';
}

export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

export function toShownError(error: unknown): ShownError {
  const code = errorCode(error);
  const detail = errorText(error);
  return { code, message: MESSAGES[code], detail: detail && detail !== MESSAGES[code] ? detail : undefined };
}
