/**
 * @file SemanticService for the browser: keeps the user's model choice, loads
 * transformers.js models in the nested models worker and web-llm in its own worker, and runs the
 * core flows (describeGraph; embedding and linking and the search models' choice from
 * core/usecases/, as the CLI does) on the active repo's database. Built-ins need no worker and no
 * download. One semantic job runs at a time (a JobSlot); its writes go through the connection's
 * write gate (core/store/writeGate.ts), as do a search's, since a search may run while a job does.
 * A search answered while an embedding runs says which vectors answered instead
 * (core/semantic/autoEmbed.ts).
 * Runs in: the repo worker (exposed with comlink by workers/repo.worker.ts).
 */
import { AppError, throwIfAborted, toWire } from '../../core/errors.ts';
import { describeGraph, readDescribeProgress } from '../../core/describe/describeGraph.ts';
import { LexicalEmbedder } from '../../core/models/lexicalEmbedder.ts';
import type { EmbedderSpec, LlmSpec, ModelRole, PresetId, RerankerSpec } from '../../core/models/modelSpec.ts';
import { embedderDisplayName, isBuiltin, isShipped } from '../../core/models/modelSpec.ts';
import type { Embedder, Llm, Reranker } from '../../core/models/types.ts';
import { createBuiltinReranker } from '../../core/models/builtinReranker.ts';
import { BUILTIN_EMBEDDER_ID } from '../../core/search/searchVectors.ts';
import { vectorsInProgressNote } from '../../core/semantic/autoEmbed.ts';
import type { VectorsInProgress } from '../../core/semantic/autoEmbed.ts';
import type {
  DescribeProgress,
  DeviceCheck,
  DeviceKind,
  EmbedProgress,
  EmbeddingSetInfo,
  FileProgress,
  Listener,
  ModelStatus,
  SemanticService,
  SemanticSource,
  SemanticStatus,
  SimilarInfo,
  SimilarOptions,
} from '../../core/semantic/semanticService.ts';
import { readSimilarInfo } from '../../core/semantic/similarEdges.ts';
import { listEmbeddingSets } from '../../core/store/embeddingStore.ts';
import type { SqlConnection } from '../../core/store/sqlConnection.ts';
import { writeGateOf } from '../../core/store/writeGate.ts';
import { embedAndLink, linkSimilar } from '../../core/usecases/embedAndLink.ts';
import { JobSlot } from '../../core/usecases/jobSlot.ts';
import { chooseSearchModels } from '../../core/usecases/searchModels.ts';
import type { ChosenSearchModels } from '../../core/usecases/searchModels.ts';
import type { QuestionModels } from '../../core/usecases/searchQuestion.ts';
import { checkpointingConnection } from './checkpointingConnection.ts';
import { readModelSelection, selectionOfPreset, writeModelSelection, DEFAULT_HUB_HOST } from './modelSettings.ts';
import type { ModelSelection } from './modelSettings.ts';
import type { ModelsHost } from './modelsWorkerClient.ts';

export interface SemanticDeps {
  /** The active repo's database, or null when no graph is open. */
  connection(): SqlConnection | null;
  modelsHost(): ModelsHost;
  createLlm(spec: LlmSpec, onFile: (p: FileProgress) => void): Promise<Llm>;
  webgpu(): Promise<boolean>;
}

type Loaded<T> = { key: string; model: T; device: DeviceKind };

/** Search models, their cache key, and what an embedding running meanwhile means for the answer. */
export type SearchModelsFor = ChosenSearchModels & QuestionModels;

const DEVICE_CHECK_TEXTS = ['def parse_config(path): return json.load(open(path))', 'class HttpClient: sends requests', 'sum of two numbers'];

function idleStatus(role: ModelRole, spec: ModelStatus['spec']): ModelStatus {
  const builtin = isBuiltin(spec);
  return { role, spec, state: builtin ? 'ready' : 'idle', device: builtin ? 'builtin' : null, files: [], error: null };
}

function specKey(spec: ModelStatus['spec']): string {
  return JSON.stringify(spec);
}

function upsertFile(files: FileProgress[], p: FileProgress): FileProgress[] {
  const rest = files.filter((f) => f.file !== p.file);
  return [...rest, p].sort((a, b) => a.file.localeCompare(b.file));
}

export class BrowserSemanticService implements SemanticService {
  private selection: ModelSelection = selectionOfPreset('offline');
  private ready: Promise<void> | null = null;
  private statuses: Record<ModelRole, ModelStatus>;
  private embedder: Loaded<Embedder> | null = null;
  private reranker: Loaded<Reranker> | null = null;
  private llm: Loaded<Llm> | null = null;
  private readonly jobs = new JobSlot('A semantic job is already running; pause or cancel it first.');
  /** The embedding in progress (model, source, counts), for the note of a search meanwhile. */
  private building: VectorsInProgress | null = null;
  /** The embedder load in flight: a search and a job asking at once share it. */
  private embedderLoading: Promise<void> | null = null;
  private describeLive: DescribeProgress | null = null;
  private hostStarted = false;

  constructor(private readonly deps: SemanticDeps) {
    this.statuses = this.freshStatuses();
  }

  private freshStatuses(): Record<ModelRole, ModelStatus> {
    return {
      embedder: idleStatus('embedder', this.selection.embedder),
      reranker: idleStatus('reranker', this.selection.reranker),
      llm: idleStatus('llm', this.selection.llm),
    };
  }

  private init(): Promise<void> {
    this.ready ??= readModelSelection().then(async (selection) => {
      this.selection = selection;
      this.statuses = this.freshStatuses();
      if (selection.hubHost !== DEFAULT_HUB_HOST) await this.host().setHubHost(selection.hubHost);
    });
    return this.ready;
  }

  private host(): ModelsHost {
    this.hostStarted = true;
    return this.deps.modelsHost();
  }

  private conn(): SqlConnection {
    const conn = this.deps.connection();
    if (!conn) throw new AppError('INPUT_INVALID', 'No graph is open: index a repository or pick one from the repos menu.');
    return conn;
  }

  /** The active database as one job's view through its write gate (a search may write meanwhile). */
  private jobConn(): SqlConnection {
    const conn = this.conn();
    return writeGateOf(conn).flow(conn);
  }

  async semanticStatus(): Promise<SemanticStatus> {
    await this.init();
    const conn = this.deps.connection();
    const [describe, embeddings, similar, webgpu, cacheBytes] = await Promise.all([
      this.describeLive ?? (conn ? readDescribeProgress(conn) : Promise.resolve(emptyDescribe())),
      conn ? listEmbeddingSets(conn) : Promise.resolve([] as EmbeddingSetInfo[]),
      conn ? readSimilarInfo(conn) : Promise.resolve(null),
      this.deps.webgpu(),
      // The models worker (and transformers.js) starts only when a neural model is used.
      this.hostStarted ? this.host().cacheBytes().catch(() => 0) : Promise.resolve(0),
    ]);
    return {
      presetId: this.selection.presetId,
      embedder: this.statuses.embedder,
      reranker: this.statuses.reranker,
      llm: this.statuses.llm,
      webgpu,
      describe,
      embeddings,
      similar,
      cacheBytes,
      hubHost: this.selection.hubHost,
    };
  }

  private async saveSelection(selection: ModelSelection): Promise<SemanticStatus> {
    this.selection = selection;
    const previous = this.statuses;
    this.statuses = this.freshStatuses();
    // Keep the state of models that did not change (a loaded model stays loaded), and of a model
    // chosen again that is still loaded (a preset picked and then the previous one again).
    const loaded = { embedder: this.embedder, reranker: this.reranker, llm: this.llm };
    for (const role of ['embedder', 'reranker', 'llm'] as const) {
      const key = specKey(this.statuses[role].spec);
      if (specKey(previous[role].spec) === key) this.statuses[role] = previous[role];
      else if (loaded[role]?.key === key) this.statuses[role] = { ...this.statuses[role], state: 'ready', device: loaded[role]!.device };
    }
    await writeModelSelection(selection);
    return this.semanticStatus();
  }

  async selectPreset(id: PresetId): Promise<SemanticStatus> {
    await this.init();
    return this.saveSelection(selectionOfPreset(id, this.selection.hubHost));
  }

  async setModel(spec: EmbedderSpec | RerankerSpec | LlmSpec): Promise<SemanticStatus> {
    await this.init();
    return this.saveSelection({ ...this.selection, presetId: 'custom', [spec.role]: spec });
  }

  async setHubHost(url: string | null): Promise<SemanticStatus> {
    await this.init();
    const hubHost = url && url.trim() !== '' ? (url.endsWith('/') ? url : `${url}/`) : DEFAULT_HUB_HOST;
    if (!/^https?:\/\//.test(hubHost)) throw new AppError('INPUT_INVALID', `Hub host must be an http(s) URL, got "${url}".`);
    await this.host().setHubHost(hubHost);
    return this.saveSelection({ ...this.selection, hubHost });
  }

  async addModelFolder(role: 'embedder' | 'reranker', name: string, files: { path: string; data: Blob }[]) {
    if (!files.some((f) => /(^|\/)config\.json$/.test(f.path)) || !files.some((f) => /\.onnx$/.test(f.path))) {
      throw new AppError('INPUT_INVALID', `Folder "${name}" is not a transformers.js model: it needs config.json, tokenizer files and onnx/*.onnx.`);
    }
    await this.host().addFolder(name, files);
    const onnx = files.map((f) => f.path).filter((p) => p.endsWith('.onnx'));
    const dtype = onnx.some((p) => p.endsWith('/model.onnx') || p === 'model.onnx') ? 'fp32' : onnx.some((p) => p.includes('quantized')) ? 'q8' : 'fp32';
    const base = { id: name, label: `${name} (local folder)`, source: { kind: 'folder' } as const, dtype } as const;
    return role === 'embedder'
      ? ({ ...base, role: 'embedder', pooling: 'mean' } satisfies EmbedderSpec)
      : ({ ...base, role: 'reranker' } satisfies RerankerSpec);
  }

  private update(role: ModelRole, patch: Partial<ModelStatus>, onStatus?: Listener<SemanticStatus>): void {
    this.statuses = { ...this.statuses, [role]: { ...this.statuses[role], ...patch } };
    if (onStatus) void this.semanticStatus().then(onStatus, () => {});
  }

  private async loadRole<T extends Embedder | Reranker>(
    role: 'embedder' | 'reranker',
    current: Loaded<T> | null,
    load: (onFile: (p: FileProgress) => void) => Promise<{ model: T; device: 'webgpu' | 'wasm' }>,
    onStatus?: Listener<SemanticStatus>,
  ): Promise<Loaded<T> | null> {
    const spec = this.selection[role];
    if (isBuiltin(spec)) return null;
    const key = specKey(spec);
    if (current?.key === key) return current;
    // The row's status is this model's only while it is still the selected one (a preset may be
    // picked while it loads, e.g. during the embedding after an index).
    const report = (patch: Partial<ModelStatus>) => {
      if (specKey(this.selection[role]) === key) this.update(role, patch, onStatus);
    };
    report({ state: 'loading', files: [], error: null, device: null });
    try {
      const { model, device } = await load((p) => report({ files: upsertFile(this.statuses[role].files, p) }));
      report({ state: 'ready', device, fallback: null });
      // The replaced model's weights stay in the models worker until released.
      if (current) await this.host().release(current.model).catch(() => {});
      return { key, model, device };
    } catch (error) {
      report({ state: 'error', error: toWire(error) });
      return current;
    }
  }

  private loadEmbedder(onStatus?: Listener<SemanticStatus>): Promise<void> {
    this.embedderLoading ??= this.loadRole(
      'embedder',
      this.embedder,
      async (onFile) => {
        const { embedder, device } = await this.host().loadEmbedder(this.selection.embedder, 'auto', onFile);
        return { model: embedder, device };
      },
      onStatus,
    )
      .then((loaded) => {
        this.embedder = loaded;
      })
      .finally(() => {
        this.embedderLoading = null;
      });
    return this.embedderLoading;
  }

  private async loadReranker(onStatus?: Listener<SemanticStatus>): Promise<void> {
    this.reranker = await this.loadRole(
      'reranker',
      this.reranker,
      async (onFile) => {
        const { reranker, device } = await this.host().loadReranker(this.selection.reranker, 'auto', onFile);
        return { model: reranker, device };
      },
      onStatus,
    );
  }

  /** The model loaded for the current selection of `role`; MODEL_UNAVAILABLE with the load error otherwise. */
  private loadedModel<T>(role: 'embedder' | 'reranker', loaded: Loaded<T> | null): T {
    const spec = this.selection[role];
    if (loaded?.key !== specKey(spec)) {
      throw new AppError('MODEL_UNAVAILABLE', `The ${role} ${spec.id} could not be loaded: ${this.statuses[role].error?.message ?? 'unknown error'}`);
    }
    return loaded.model;
  }

  async loadModels(onStatus?: Listener<SemanticStatus>): Promise<SemanticStatus> {
    await this.init();
    await this.loadEmbedder(onStatus);
    this.lexicalFallback(onStatus);
    await this.loadReranker(onStatus);
    await this.loadLlm(onStatus).catch(() => {});
    return this.semanticStatus();
  }

  private async loadLlm(onStatus?: Listener<SemanticStatus>): Promise<Llm | null> {
    const spec = this.selection.llm;
    if (isBuiltin(spec)) return null;
    const key = specKey(spec);
    if (this.llm?.key === key) return this.llm.model;
    this.update('llm', { state: 'loading', files: [], error: null, device: null }, onStatus);
    try {
      const model = await this.deps.createLlm(spec, (p) => this.update('llm', { files: upsertFile(this.statuses.llm.files, p) }, onStatus));
      this.llm = { key, model, device: 'webgpu' };
      this.update('llm', { state: 'ready', device: 'webgpu' }, onStatus);
      return model;
    } catch (error) {
      this.update('llm', { state: 'error', error: toWire(error) }, onStatus);
      throw error;
    }
  }

  async checkDevices(): Promise<DeviceCheck[]> {
    await this.init();
    const { embedder, reranker } = this.selection;
    if (isBuiltin(embedder) && isBuiltin(reranker)) {
      throw new AppError('INPUT_INVALID', 'The built-in models run in plain JavaScript on no device; pick a transformers.js model to compare WASM and WebGPU.');
    }
    if (!(await this.deps.webgpu())) throw new AppError('INPUT_INVALID', 'This browser has no WebGPU adapter, so there is nothing to compare WASM against.');
    const checks: DeviceCheck[] = [];
    const host = this.host();
    if (!isBuiltin(embedder)) {
      const run = async (device: 'wasm' | 'webgpu') => {
        const { embedder: model } = await host.loadEmbedder(embedder, device);
        // Untimed first run: WebGPU compiles its shaders there (seconds), which is not inference time.
        await model.embed(DEVICE_CHECK_TEXTS, 'document');
        const start = performance.now();
        const vectors = await model.embed(DEVICE_CHECK_TEXTS, 'document');
        const ms = performance.now() - start;
        await host.release(model);
        return { values: vectors.flatMap((v: Float32Array) => Array.from(v)), ms };
      };
      checks.push(compare('embedder', await run('wasm'), await run('webgpu')));
    }
    if (!isBuiltin(reranker)) {
      const run = async (device: 'wasm' | 'webgpu') => {
        const { reranker: model } = await host.loadReranker(reranker, device);
        await model.score('read the configuration file', DEVICE_CHECK_TEXTS);
        const start = performance.now();
        const values = await model.score('read the configuration file', DEVICE_CHECK_TEXTS);
        const ms = performance.now() - start;
        await host.release(model);
        return { values, ms };
      };
      checks.push(compare('reranker', await run('wasm'), await run('webgpu')));
    }
    return checks;
  }

  async describe(options: { restart?: boolean }, onProgress?: Listener<DescribeProgress>): Promise<DescribeProgress> {
    await this.init();
    const conn = this.jobConn();
    return this.jobs.run(async (signal) => {
      try {
        const llm = await this.loadLlm();
        const report = (p: DescribeProgress) => {
          this.describeLive = p;
          onProgress?.(p);
        };
        const result = await describeGraph(checkpointingConnection(conn), llm, { generator: this.selection.llm.id, restart: options.restart, signal, onProgress: report });
        await conn.run('CHECKPOINT');
        return result;
      } finally {
        this.describeLive = null;
      }
    });
  }

  async pauseDescribe(): Promise<void> {
    this.jobs.cancel();
  }

  async cancelSemantic(): Promise<void> {
    this.jobs.cancel();
  }

  private async currentEmbedder(onStatus?: Listener<SemanticStatus>): Promise<Embedder> {
    if (isBuiltin(this.selection.embedder)) return new LexicalEmbedder();
    await this.loadEmbedder(onStatus);
    const fallback = this.lexicalFallback(onStatus);
    if (fallback) return fallback;
    return this.loadedModel('embedder', this.embedder);
  }

  /**
   * The built-in lexical embedder when the shipped neural one failed to load (the instant
   * fallback, said so in the models panel); null when the selected embedder is loaded or is not ours.
   */
  private lexicalFallback(onStatus?: Listener<SemanticStatus>): Embedder | null {
    const spec = this.selection.embedder;
    if (!isShipped(spec) || this.embedder?.key === specKey(spec)) return null;
    const reason = this.statuses.embedder.error?.message ?? 'unknown error';
    this.update('embedder', { fallback: `${spec.label} could not load (${reason}): the built-in lexical embedder stands in.` }, onStatus);
    return new LexicalEmbedder();
  }

  async embed(options: { sources?: SemanticSource[] }, onProgress?: Listener<EmbedProgress>): Promise<EmbeddingSetInfo[]> {
    await this.init();
    const conn = this.jobConn();
    // The job starts before the model loads (seconds the first time), so a cancel reaches the load too.
    return this.jobs.run(async (signal) => {
      try {
        const embedder = await this.currentEmbedder();
        throwIfAborted(signal);
        const label = embedderDisplayName(embedder.info.id);
        const report = (p: EmbedProgress) => {
          this.building = p.phase !== 'similar' && p.source ? { model: embedder.info.id, label, source: p.source, done: p.done, total: p.total } : null;
          onProgress?.(p);
        };
        const { sets } = await embedAndLink(conn, embedder, { sources: options.sources, signal, onProgress: report, batchConnection: checkpointingConnection(conn) });
        return sets;
      } finally {
        this.building = null;
      }
    });
  }

  async computeSimilar(options: SimilarOptions, onProgress?: Listener<EmbedProgress>): Promise<SimilarInfo> {
    await this.init();
    const conn = this.jobConn();
    return this.jobs.run((signal) => linkSimilar(conn, this.selection.embedder.id, { similar: options, signal, onProgress }));
  }

  /**
   * Models for search over `conn` (core/usecases/searchModels.ts): the selected embedder's stored
   * vectors (the shipped neural one's only when it loads), else the built-in lexical ones; the
   * selected reranker, loaded when neural. While an embedding runs, `pending` says which vectors
   * answered instead of the ones it builds.
   */
  async searchModels(conn: SqlConnection): Promise<SearchModelsFor> {
    await this.init();
    let reranker: Reranker = createBuiltinReranker(this.selection.reranker);
    if (!isBuiltin(this.selection.reranker)) {
      await this.loadReranker();
      reranker = this.loadedModel('reranker', this.reranker);
    }
    // The built-in vectors a search may compute and store go through the write gate: a job may be writing.
    const models = await chooseSearchModels(writeGateOf(conn).flow(conn), {
      preferred: [this.selection.embedder.id],
      loadEmbedder: () => this.currentEmbedder(),
      reranker,
    });
    const pending = this.pendingVectors(models.embedderId, models.sets);
    return pending ? { ...models, pending } : models;
  }

  /** What an embedding in progress means for an answer read from `embedderId`'s sets (null: nothing). */
  private pendingVectors(embedderId: string, sets: readonly EmbeddingSetInfo[]): { model: string; note: string } | null {
    const building = this.building;
    if (!building) return null;
    const sources = sets.filter((set) => set.model === embedderId).map((set) => set.source);
    const label = embedderId === BUILTIN_EMBEDDER_ID ? 'the built-in lexical embedder' : embedderDisplayName(embedderId);
    const note = vectorsInProgressNote(building, { model: embedderId, label, sources });
    return note ? { model: building.model, note } : null;
  }

  /** The LLM that writes Cypher for the router, or null (rule-based generator) for the built-in. */
  async routerLlm(): Promise<Llm | null> {
    await this.init();
    return this.loadLlm();
  }

  async clearModelCache(): Promise<SemanticStatus> {
    await this.host().clearCache();
    return this.semanticStatus();
  }
}

function emptyDescribe(): DescribeProgress {
  return { state: 'idle', generator: null, done: 0, total: 0 };
}

function compare(role: 'embedder' | 'reranker', wasm: { values: number[]; ms: number }, webgpu: { values: number[]; ms: number }): DeviceCheck {
  let maxAbsDiff = 0;
  for (let i = 0; i < wasm.values.length; i++) maxAbsDiff = Math.max(maxAbsDiff, Math.abs(wasm.values[i] - (webgpu.values[i] ?? Number.NaN)));
  if (wasm.values.length !== webgpu.values.length) maxAbsDiff = Number.POSITIVE_INFINITY;
  return { role, maxAbsDiff, wasmMs: wasm.ms, webgpuMs: webgpu.ms };
}
