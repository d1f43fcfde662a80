/**
 * @file Typed client of the repo worker (RepoService over comlink). Progress callbacks cross
 * as comlink proxies; input buffers are transferred, not copied.
 * Runs in: the main thread.
 */
import { proxy, transfer, wrap } from 'comlink';
import type { Remote } from 'comlink';
import type { ProgressListener } from '../../core/pipeline/progress.ts';
import type { IndexSummary, RepoInput, RepoService } from '../../core/pipeline/repoService.ts';
import { installErrorTransfer } from './errorTransfer.ts';

export type RepoClient = Remote<RepoService>;

let client: RepoClient | null = null;

export function connectRepoService(): RepoClient {
  if (client) return client;
  installErrorTransfer();
  const worker = new Worker(new URL('../../../workers/repo.worker.ts', import.meta.url), { type: 'module', name: 'repo' });
  client = wrap<RepoService>(worker);
  return client;
}

/** index() with the input's buffers transferred and progress proxied. */
export function indexWithProgress(service: RepoClient, input: RepoInput, onProgress: ProgressListener): Promise<IndexSummary> {
  const buffers = input.kind === 'zip' ? [input.data.buffer] : input.files.map((f) => f.data.buffer);
  const unique = [...new Set(buffers)].filter((b): b is ArrayBuffer => b instanceof ArrayBuffer);
  return service.index(transfer(input, unique), proxy(onProgress));
}
