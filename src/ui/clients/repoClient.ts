/**
 * @file Typed client of the repo worker (RepoService + SemanticService + SearchService +
 * AgentService + the typed graph reads, over comlink). Progress, status and MCTS trace callbacks cross as comlink proxies; input buffers
 * are transferred, not copied.
 * Runs in: the main thread.
 */
import { proxy, transfer, wrap } from 'comlink';
import type { Remote } from 'comlink';
import type { AgentEvent, AgentService, AgentTranscript, AskOptions, RequirementGraphSummary, RequirementProgress } from '../../core/agent/agentService.ts';
import type { EvalOptions, EvalProgress, EvalReport, SearchRequest, SearchResponse, SearchService } from '../../core/agent/searchService.ts';
import type { ProgressListener } from '../../core/progress.ts';
import type { ConfirmReplace, IndexSummary, RepoInput, RepoService } from '../../core/pipeline/repoService.ts';
import type {
  DescribeProgress,
  EmbedProgress,
  EmbeddingSetInfo,
  Listener,
  SemanticService,
  SemanticSource,
  SemanticStatus,
  SimilarInfo,
  SimilarOptions,
} from '../../core/semantic/semanticService.ts';
import type { MctsEvent } from '../../core/search/mctsTrace.ts';
import type { GraphReads } from '../../core/reads/graphReads.ts';
import { installErrorTransfer } from '../../core/errorTransfer.ts';

/** Everything the repo worker serves (src/adapters/browser/repoWorkerApi.ts). */
type RepoWorkerServices = RepoService & SemanticService & SearchService & AgentService & GraphReads;

export type RepoClient = Remote<RepoWorkerServices>;

let client: RepoClient | null = null;

export function connectRepoService(): RepoClient {
  if (client) return client;
  installErrorTransfer();
  const worker = new Worker(new URL('../../../workers/repo.worker.ts', import.meta.url), { type: 'module', name: repoWorkerName() });
  client = wrap<RepoWorkerServices>(worker);
  return client;
}

/**
 * Page flags of the e2e suite that the repo worker reads from its name, in a test build only
 * (`vite build --mode e2e`; a production build has no such branch, the flags do nothing):
 * `?e2e-kill-parse-worker=<path>` (src/adapters/browser/parseWorkerFault.ts) and
 * `?e2e-storage-limit=<bytes>` (a lower database write limit) and `?e2e-refresh-below=<bytes>`
 * (a lower size from which an index's database is reopened in a fresh instance; both
 * src/adapters/browser/duckdbBrowser.ts).
 */
const E2E_FLAGS = ['e2e-kill-parse-worker', 'e2e-storage-limit', 'e2e-refresh-below'];

/** 'repo', plus `;flag=value` for each e2e flag in the page URL. */
function repoWorkerName(): string {
  if (import.meta.env.MODE !== 'e2e') return 'repo';
  const params = new URLSearchParams(location.search);
  const flags = E2E_FLAGS.filter((flag) => params.get(flag) !== null).map((flag) => `;${flag}=${encodeURIComponent(params.get(flag)!)}`);
  return `repo${flags.join('')}`;
}

/** index() with the input's buffers transferred, progress and the replace question proxied. */
export function indexWithProgress(service: RepoClient, input: RepoInput, onProgress: ProgressListener, confirmReplace: ConfirmReplace): Promise<IndexSummary> {
  const buffers = input.kind === 'zip' ? [input.data.buffer] : input.files.map((f) => f.data.buffer);
  const unique = [...new Set(buffers)].filter((b): b is ArrayBuffer => b instanceof ArrayBuffer);
  return service.index(transfer(input, unique), proxy(onProgress), {}, proxy(confirmReplace));
}

export function loadModelsWithStatus(service: RepoClient, onStatus: Listener<SemanticStatus>): Promise<SemanticStatus> {
  return service.loadModels(proxy(onStatus));
}

export function describeWithProgress(service: RepoClient, restart: boolean, onProgress: Listener<DescribeProgress>): Promise<DescribeProgress> {
  return service.describe({ restart }, proxy(onProgress));
}

export function embedWithProgress(service: RepoClient, sources: SemanticSource[], onProgress: Listener<EmbedProgress>): Promise<EmbeddingSetInfo[]> {
  return service.embed({ sources }, proxy(onProgress));
}

export function similarWithProgress(service: RepoClient, options: SimilarOptions, onProgress: Listener<EmbedProgress>): Promise<SimilarInfo> {
  return service.computeSimilar(options, proxy(onProgress));
}

/** search() with the MCTS trace events streamed to `onEvent` (every event, in order). */
export function searchWithEvents(service: RepoClient, request: SearchRequest, onEvent: (event: MctsEvent) => void): Promise<SearchResponse> {
  return service.search(request, proxy(onEvent));
}

export function runEvalWithProgress(service: RepoClient, options: EvalOptions, onProgress: (p: EvalProgress) => void): Promise<EvalReport> {
  return service.runEval(options, proxy(onProgress));
}

/** askAgent() with the agent's events (tokens, steps, the answer) streamed to `onEvent`. */
export function askAgentWithEvents(service: RepoClient, question: string, options: AskOptions, onEvent: (event: AgentEvent) => void): Promise<AgentTranscript> {
  return service.askAgent(question, options, proxy(onEvent));
}

/** buildRequirements() with its progress proxied. */
export function buildRequirementsWithProgress(service: RepoClient, useLlm: boolean, onProgress: (p: RequirementProgress) => void): Promise<RequirementGraphSummary> {
  return service.buildRequirements({ useLlm }, proxy(onProgress));
}
