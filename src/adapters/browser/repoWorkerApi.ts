/**
 * @file The repo worker's API: RepoService and SemanticService on one object, sharing the
 * active database. The models worker (transformers.js) and the web-llm worker are nested
 * workers started on first use (web-llm's module too), so the offline built-ins never load either.
 * The views' typed reads (core/reads/graphReads.ts) read the active database too.
 * The agent writes (its requirement graph) through a view of the database's write gate, since a
 * semantic job may write meanwhile (core/store/writeGate.ts).
 * Runs in: the repo worker (exposed with comlink by workers/repo.worker.ts).
 */
import type { RepoService } from '../../core/pipeline/repoService.ts';
import type { SemanticService } from '../../core/semantic/semanticService.ts';
import type { SearchService } from '../../core/agent/searchService.ts';
import { createAgentService } from '../../core/agent/agentService.ts';
import type { AgentService } from '../../core/agent/agentService.ts';
import { BrowserSearchService } from './browserSearchService.ts';
import { BrowserRepoService } from './browserRepoService.ts';
import { BrowserSemanticService } from './browserSemanticService.ts';
import { createModelsHost } from './modelsWorkerClient.ts';
import type { ModelsHost } from './modelsWorkerClient.ts';
import { webgpuAvailable } from './webGpu.ts';
import { baseConnection, writeGateOf } from '../../core/store/writeGate.ts';
import { createGraphReads } from '../../core/reads/graphReads.ts';
import type { GraphReads } from '../../core/reads/graphReads.ts';

export type RepoWorkerApi = RepoService & SemanticService & SearchService & AgentService & GraphReads;

/** Methods of both services bound to their instances, on one plain object comlink can expose. */
function bindMethods<T extends object>(instance: T, names: readonly (keyof T)[]): Partial<T> {
  const out: Partial<T> = {};
  for (const name of names) {
    const value = instance[name];
    if (typeof value === 'function') out[name] = value.bind(instance);
  }
  return out;
}

export function createRepoWorkerApi(): RepoWorkerApi {
  const repo = new BrowserRepoService();
  let host: ModelsHost | null = null;
  let webgpu: Promise<boolean> | null = null;
  const semantic = new BrowserSemanticService({
    connection: () => repo.activeConnection(),
    modelsHost: () => (host ??= createModelsHost()),
    // web-llm is loaded only when an LLM is chosen: the built-ins never pay for it.
    createLlm: async (spec, onFile) => (await import('./webLlm.ts')).createWebLlm(spec, { onFile }),
    webgpu: () => (webgpu ??= webgpuAvailable()),
  });
  const search = new BrowserSearchService({
    connection: () => repo.activeConnection(),
    searchModels: (conn) => semantic.searchModels(conn),
    routerLlm: () => semantic.routerLlm(),
  });
  const agent = createAgentService({
    // One view per call: each agent operation is one flow on the gate.
    connection: () => {
      const conn = repo.activeConnection();
      return conn && writeGateOf(conn).flow(conn);
    },
    searchEngine: (conn, focus) => search.focusedEngine(baseConnection(conn), focus),
    llm: () => semantic.routerLlm(),
    // tree-sitter for the code check loads on first use, like the parse workers' grammars.
    parsers: async () => (await import('./browserParsers.ts')).browserParsers(),
  });
  repo.onActiveChange(() => {
    void agent.cancelAgent();
    void semantic.cancelSemantic();
    void search.cancelSearch();
    search.invalidate();
  });
  const repoMethods: (keyof RepoService)[] = ['open', 'index', 'prepareIndex', 'cancel', 'listRepos', 'switchRepo', 'deleteRepo', 'query', 'exportBundle'];
  const semanticMethods: (keyof SemanticService)[] = [
    'semanticStatus', 'selectPreset', 'setModel', 'setHubHost', 'addModelFolder', 'loadModels', 'checkDevices',
    'describe', 'pauseDescribe', 'embed', 'computeSimilar', 'cancelSemantic', 'clearModelCache',
  ];
  const searchMethods: (keyof SearchService)[] = ['search', 'cancelSearch', 'cypher', 'consoleSql', 'cancelQuery', 'trace', 'listRuns', 'saveTrace', 'graphFingerprint', 'buildEvalSet', 'runEval'];
  return {
    ...bindMethods<RepoService>(repo, repoMethods),
    ...bindMethods<SemanticService>(semantic, semanticMethods),
    ...bindMethods<SearchService>(search, searchMethods),
    ...agent,
    ...createGraphReads(() => repo.activeConnection()),
  } as RepoWorkerApi;
}
