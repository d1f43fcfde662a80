/**
 * @file Shared by the transformers.js embedder and reranker adapters: the library type they take
 * as a parameter, the mapping of transformers.js progress_callback events to FileProgress, and
 * the wrapping of a failed load into an error that names the file that failed.
 * Runs in: browser workers and Node. Layer src/adapters/models (imports only core).
 */
import type * as Transformers from '@huggingface/transformers';
import { AppError, isCancelled } from '../../core/errors.ts';
import type { FileProgress } from '../../core/semantic/semanticService.ts';

/** The parts of `@huggingface/transformers` (web or node build) the adapters use. */
export type TransformersLib = Pick<typeof Transformers, 'pipeline' | 'AutoTokenizer' | 'AutoModelForSequenceClassification'>;

export type TransformersDevice = 'webgpu' | 'wasm' | 'cpu';

export interface ModelLoadOptions {
  device: TransformersDevice;
  onFile?: (progress: FileProgress) => void;
  signal?: AbortSignal;
  /** Node only: where downloaded hub files are cached (transformers.js `cache_dir`). */
  cacheDir?: string;
}

/** The fields of transformers.js ProgressInfo events this module reads. */
interface ProgressEvent {
  status: string;
  file?: string;
  loaded?: number;
  total?: number;
}

/** Per-file progress tracker: feed it transformers.js events, read the files that are not done. */
export class FileProgressTracker {
  readonly files = new Map<string, FileProgress>();

  constructor(private readonly onFile?: (progress: FileProgress) => void) {}

  readonly callback = (event: ProgressEvent): void => {
    if (!event.file || !['initiate', 'download', 'progress', 'done'].includes(event.status)) return;
    const previous = this.files.get(event.file) ?? { file: event.file, loaded: 0, total: 0, done: false };
    const next: FileProgress = { ...previous };
    if (event.status === 'progress') {
      next.loaded = event.loaded ?? previous.loaded;
      next.total = event.total ?? previous.total;
    } else if (event.status === 'done') {
      next.done = true;
      next.loaded = Math.max(next.loaded, next.total);
    }
    this.files.set(event.file, next);
    this.onFile?.(next);
  };

  /** Files that started but did not finish (the likely culprits of a failed load). */
  unfinished(): string[] {
    return [...this.files.values()].filter((f) => !f.done).map((f) => f.file);
  }
}

/** Rethrows a load failure as an AppError naming the model and the files that did not finish. */
export function loadFailure(modelId: string, tracker: FileProgressTracker, error: unknown): AppError {
  if (isCancelled(error)) return error as AppError;
  const cause = error instanceof Error ? error.message : String(error);
  const unfinished = tracker.unfinished();
  // transformers.js names the URL that failed; otherwise every file still in flight is a suspect.
  const named = unfinished.filter((file) => cause.includes(`/${file}`));
  const files = named.length > 0 ? named : unfinished;
  const where = files.length > 0 ? ` (file ${files.join(', ')})` : '';
  return new AppError('MODEL_UNAVAILABLE', `Loading model ${modelId} failed${where}: ${cause}`, { cause: error });
}
