/**
 * @file Quality benchmark (`npm run bench:quality -- [--split tune|test|all] [--repos a,b,...]
 * [--list <file>] [--stdlib json,http,...] [--db <file>] [--model <id|folder>]
 * [--rerankers lexical,learned] [--limit N] [--seed S] [--methods ...]
 * [--curve 5,10,25,50,100,200] [--shares 0.02,0.05,0.1,0.15,0.25] [--guided key=value,...]
 * [--cache <dir>] [--out <file.json>] [--no-browser]`).
 * Default: the test split of the held-out Debian packages of quality-repos.txt (settings are
 * chosen on the tune split), one database each (built and cached by qualityRepos.ts); `--repos`
 * warns about a package that is not held out of training (qualitySplit.ts). Every reranker of
 * `--rerankers` answers auto, mcts and rerank-all and the MCTS pair-budget curve (the first one
 * every method and Algorithm 1's curve too), timed per pair; rows per language follow the table.
 * `--stdlib` runs the older per-package stdlib mode instead (one
 * stdlib database, path prefix per package). Per repo: a docstring eval set (CodeSearchNet way:
 * first docstring sentence -> its definition, those docstrings hidden from every method, --limit
 * queries sampled with --seed), every method at its defaults, Algorithm 1's ('paper') curve over
 * iterations and the default guided MCTS's curve over pair budgets (shares of the candidates);
 * then the table, both curves and the two summary figures; last, both built-in rerankers' ms per
 * pair on one sample of the engine's own MCTS calls (signals included, no doc tokenised yet) in Node and in chromium
 * (the embed bench's page; `--no-browser`: Node only). `--model` embeds the repos with that
 * model too (once, cached) and searches with it. `--guided pairShare=0.1,seedShare=0.5,width=5,c=1,alpha=0.8`
 * overrides GUIDED_DEFAULTS for the guided MCTS (auto, mcts and the pair-budget curve: seedShare
 * applies to every budget; pairShare only to the default budget), to tune them on the tune split.
 * Figures only: it never fails on a low number.
 * Runs in: Node (tsx).
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openNodeDatabase } from '../../src/adapters/node/duckdbNode.ts';
import { SEARCH_METHODS } from '../../src/core/agent/searchService.ts';
import type { EvalReport, EvalSet, SearchMethod } from '../../src/core/agent/searchService.ts';
import { buildDocstringEvalSet } from '../../src/core/eval/evalSet.ts';
import { runEval } from '../../src/core/eval/runEval.ts';
import type { AutoRoute } from '../../src/core/eval/runEval.ts';
import type { SearchEngine } from '../../src/core/search/searchEngine.ts';
import { autoRoute, openSearchEngine } from '../../src/cli/searchCommand.ts';
import { buildStdlibDb } from './stdlibDb.ts';
import { DEFAULT_CACHE, DEFAULT_REPO_LIST, repoDatabase } from './qualityRepos.ts';
import { renderQualityReport, summarise } from './qualityReport.ts';
import type { BudgetPoint, PackageReport, RerankerRun } from './qualityReport.ts';
import { heldOutProblems, packageLanguage, QUALITY_SPLITS, readQualityList } from './qualitySplit.ts';
import { GUIDED_DEFAULTS } from '../../src/core/search/mctsGuided.ts';
import type { MctsParams } from '../../src/core/search/mctsParams.ts';
import { createBuiltinReranker } from '../../src/core/models/builtinReranker.ts';
import { BUILTIN_LEARNED_RERANKER, BUILTIN_RERANKER } from '../../src/core/models/modelSpec.ts';
import type { Reranker, RerankSignals } from '../../src/core/models/types.ts';
import { LEARNED_RERANKER_INFO, LearnedReranker } from '../../src/core/models/learnedReranker.ts';
import { LexicalReranker } from '../../src/core/models/lexicalReranker.ts';
import type { RerankWork } from './embedSample.ts';
import { rerankThroughput } from './modelThroughput.ts';

const DEFAULT_CURVE = [5, 10, 25, 50, 100, 200];
const DEFAULT_SHARES = [0.02, 0.05, 0.1, 0.15, 0.25];
const DEFAULT_LIMIT = 60;
/** The per-pair sample: calls of at most this many documents (MCTS expansions, not rerank-all), this many pairs a repo. */
const SAMPLE_CALL_DOCS = 64;
const SAMPLE_PAIRS_PER_REPO = 400;
const REPO_ROOT = resolve(import.meta.dirname, '../..');

interface RerankerSample {
  pairs: number;
  calls: number;
  /** ms per pair by reranker name; null: not measured. */
  node: Record<string, number | null>;
  chromium: Record<string, number | null>;
  note: string;
}

/** The GUIDED_DEFAULTS `--guided` may override. */
const GUIDED_KEYS = ['pairShare', 'seedShare', 'width', 'c', 'alpha'] as const;
type GuidedOverrides = Partial<Record<(typeof GUIDED_KEYS)[number], number>>;

/** `pairShare=0.1,seedShare=0.3,...` -> overrides of GUIDED_DEFAULTS. */
function parseGuided(text: string): GuidedOverrides {
  const out: GuidedOverrides = {};
  for (const part of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const [key, value] = part.split('=');
    if (!(GUIDED_KEYS as readonly string[]).includes(key) || !(Number(value) > 0)) throw new Error(`--guided takes ${GUIDED_KEYS.join(', ')} = a positive number, not '${part}'`);
    out[key as keyof GuidedOverrides] = Number(value);
  }
  return out;
}

/** The guided MCTS's request parameters for `candidates` at `pairBudget` (undefined: its default budget), with the overrides. */
function guidedRequest(guided: GuidedOverrides, candidates: number, pairBudget?: number): Partial<MctsParams> {
  const out: Partial<MctsParams> = {};
  const budget = pairBudget ?? (guided.pairShare !== undefined ? Math.max(GUIDED_DEFAULTS.minPairs, Math.round(guided.pairShare * candidates)) : undefined);
  if (budget !== undefined) out.pairBudget = budget;
  if (guided.seedShare !== undefined) {
    const base = budget ?? Math.max(GUIDED_DEFAULTS.minPairs, Math.round(GUIDED_DEFAULTS.pairShare * candidates));
    out.kInit = Math.max(1, Math.round(guided.seedShare * base));
  }
  if (guided.width !== undefined) out.kMin = Math.round(guided.width);
  if (guided.c !== undefined) out.c = guided.c;
  if (guided.alpha !== undefined) out.alpha = guided.alpha;
  return out;
}

const RERANKERS: Record<string, string> = { lexical: BUILTIN_RERANKER.id, learned: BUILTIN_LEARNED_RERANKER.id };
/** The methods every reranker answers (the others run once, with the first reranker). */
const RERANKER_METHODS: readonly SearchMethod[] = ['auto', 'mcts', 'rerank-all'];

interface QualityArgs {
  split: 'tune' | 'test' | 'all';
  rerankers: string[];
  repos?: string[];
  list: string;
  stdlib?: string[];
  db?: string;
  model?: string;
  limit: number;
  seed: number;
  methods: SearchMethod[];
  curve: number[];
  shares: number[];
  cache: string;
  /** Time the rerankers in chromium too (`--no-browser`: Node only). */
  browser: boolean;
  /** GUIDED_DEFAULTS overrides (`--guided`). */
  guided: GuidedOverrides;
  out?: string;
}

function parseQualityArgs(argv: readonly string[]): QualityArgs {
  const args: QualityArgs = { split: 'test', rerankers: ['lexical', 'learned'], list: DEFAULT_REPO_LIST, limit: DEFAULT_LIMIT, seed: 1, methods: [...SEARCH_METHODS], curve: DEFAULT_CURVE, shares: DEFAULT_SHARES, cache: DEFAULT_CACHE, browser: true, guided: {} };
  const list = (v: string) => v.split(',').map((x) => x.trim()).filter(Boolean);
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    const need = () => {
      if (value === undefined) throw new Error(`${flag} needs a value`);
      i++;
      return value;
    };
    if (flag === '--repos') args.repos = list(need());
    else if (flag === '--split') args.split = need() as QualityArgs['split'];
    else if (flag === '--rerankers') args.rerankers = list(need());
    else if (flag === '--list') args.list = need();
    else if (flag === '--stdlib' || flag === '--packages') args.stdlib = list(need());
    else if (flag === '--db') args.db = need();
    else if (flag === '--model') args.model = need();
    else if (flag === '--limit') args.limit = Number(need());
    else if (flag === '--seed') args.seed = Number(need());
    else if (flag === '--methods') args.methods = list(need()) as SearchMethod[];
    else if (flag === '--curve') args.curve = list(need()).map(Number);
    else if (flag === '--shares') args.shares = list(need()).map(Number);
    else if (flag === '--cache') args.cache = need();
    else if (flag === '--out') args.out = need();
    else if (flag === '--no-browser') args.browser = false;
    else if (flag === '--guided') args.guided = parseGuided(need());
    else throw new Error(`Unknown option ${flag}`);
  }
  if (![...QUALITY_SPLITS, 'all'].includes(args.split)) throw new Error('--split takes tune, test or all');
  const unknown = args.rerankers.filter((r) => !(r in RERANKERS));
  if (unknown.length > 0 || args.rerankers.length === 0) throw new Error(`--rerankers takes ${Object.keys(RERANKERS).join(', ')}`);
  const bad = args.methods.filter((m) => !(SEARCH_METHODS as readonly string[]).includes(m));
  if (bad.length > 0) throw new Error(`--methods: unknown ${bad.join(', ')}`);
  if (!Number.isInteger(args.limit) || args.limit < 1) throw new Error('--limit must be a whole number >= 1');
  if (args.shares.some((s) => !(s > 0 && s <= 1))) throw new Error('--shares are shares of the candidates in (0, 1]');
  return args;
}

function progress(name: string) {
  return (p: { method: string; done: number; total: number }) => process.stderr.write(`\r\x1b[K${name} [${p.method}] ${p.done}/${p.total}`);
}

/** The guided MCTS at each pair budget (a share of the candidates, at least one pair). */
async function budgetCurve(engine: SearchEngine, set: EvalSet, args: QualityArgs, name: string): Promise<BudgetPoint[]> {
  const points: BudgetPoint[] = [];
  for (const share of args.shares) {
    const pairBudget = Math.max(1, Math.floor(share * engine.candidates.length));
    const params = { seed: args.seed, ...guidedRequest(args.guided, engine.candidates.length, pairBudget) };
    const r = await runEval(engine, { set, methods: ['mcts'], k: 10, params }, undefined, progress(`${name} ${(share * 100).toFixed(0)}%`));
    const m = r.methods.mcts!;
    points.push({ share, pairBudget, ndcg: m.ndcg, recall: m.recall, mrr: m.mrr, reranker_calls: m.reranker_calls });
  }
  return points;
}

/**
 * One engine, several rerankers: the engine reads `models.reranker` on every run, so this one
 * answers as the current reranker does (with the engine's signals when it reads them) and times
 * its calls per reranker.
 */
class SwitchReranker implements Reranker {
  current: Reranker;
  readonly timing = new Map<string, { ms: number; pairs: number }>();
  /** Calls with signals kept for the per-pair timing on one sample (MCTS-sized ones, up to `sampleLeft` pairs a repo). */
  readonly sample: RerankWork[] = [];
  sampleLeft = 0;
  constructor(first: Reranker) {
    this.current = first;
  }
  get info() {
    return this.current.info;
  }
  private async timed(count: number, run: () => Promise<number[]>): Promise<number[]> {
    const started = performance.now();
    const out = await run();
    const t = this.timing.get(this.current.info.id) ?? { ms: 0, pairs: 0 };
    t.ms += performance.now() - started;
    t.pairs += count;
    this.timing.set(this.current.info.id, t);
    return out;
  }
  score(query: string, docs: readonly string[]): Promise<number[]> {
    return this.timed(docs.length, () => this.current.score(query, docs));
  }
  get scoreWithSignals() {
    const current = this.current;
    if (!current.scoreWithSignals) return undefined;
    return (query: string, docs: readonly string[], signals: readonly RerankSignals[]) => {
      if (docs.length <= SAMPLE_CALL_DOCS && docs.length <= this.sampleLeft) {
        this.sample.push({ query, docs: [...docs], signals: [...signals] });
        this.sampleLeft -= docs.length;
      }
      return this.timed(docs.length, () => current.scoreWithSignals!(query, docs, signals));
    };
  }
}

async function evaluateRepo(name: string, db: string, pathPrefix: string | undefined, args: QualityArgs, sample: RerankWork[]): Promise<PackageReport> {
  const conn = await openNodeDatabase(db, { mustExist: true });
  try {
    const started = Date.now();
    const set = await buildDocstringEvalSet(conn, { pathPrefix, limit: args.limit, seed: args.seed });
    const rerankers = args.rerankers.map((r) => createBuiltinReranker({ id: RERANKERS[r] }));
    const reranker = new SwitchReranker(rerankers[0]);
    reranker.sampleLeft = SAMPLE_PAIRS_PER_REPO;
    const engine = await openSearchEngine(conn, { hiddenDocstrings: new Set(set.hiddenDocstrings ?? []), model: args.model, reranker });
    const buildMs = Date.now() - started;
    const route: AutoRoute = autoRoute(conn, engine);
    const guided = { seed: args.seed, ...guidedRequest(args.guided, engine.candidates.length) };
    const report: EvalReport = await runEval(engine, { set, methods: args.methods, k: 10, params: guided }, route, progress(name));
    if (args.curve.length > 0) {
      const paper = await runEval(engine, { set, methods: [], k: 10, preset: 'paper', params: { seed: args.seed }, curve: args.curve }, undefined, progress(`${name} paper`));
      report.curve = paper.curve;
    }
    const shares = args.shares.length > 0 ? await budgetCurve(engine, set, args, name) : undefined;
    const runs: RerankerRun[] = [];
    const perPair = (id: string) => {
      const t = reranker.timing.get(id);
      return t && t.pairs > 0 ? t.ms / t.pairs : null;
    };
    runs.push({ reranker: args.rerankers[0], methods: pickMethods(report), ...(shares ? { budgetCurve: shares } : {}), msPerPair: perPair(rerankers[0].info.id) });
    for (const [i, other] of rerankers.entries()) {
      if (i === 0) continue;
      reranker.current = other;
      const label = `${name} ${args.rerankers[i]}`;
      const methods = RERANKER_METHODS.filter((m) => args.methods.includes(m));
      const r = await runEval(engine, { set, methods, k: 10, params: guided }, route, progress(label));
      const curve = args.shares.length > 0 ? await budgetCurve(engine, set, args, label) : undefined;
      runs.push({ reranker: args.rerankers[i], methods: pickMethods(r), ...(curve ? { budgetCurve: curve } : {}), msPerPair: perPair(other.info.id) });
    }
    sample.push(...reranker.sample);
    process.stderr.write(`\r\x1b[K${name}: ${engine.candidates.length} candidates, ${report.queries} queries, engine ${buildMs} ms, ${engine.embedderId}\n`);
    return {
      package: name.replace(/^(?:python3-|golang-github-|golang-|node-|openjdk-[0-9]+-source:)/, '').replace(/-dev$/, ''),
      language: packageLanguage(name),
      report,
      buildMs,
      candidates: engine.candidates.length,
      ...(shares ? { budgetCurve: shares } : {}),
      rerankers: runs,
    };
  } finally {
    await conn.close();
  }
}

function pickMethods(report: EvalReport): RerankerRun['methods'] {
  return Object.fromEntries(RERANKER_METHODS.flatMap((m) => (report.methods[m] ? [[m, report.methods[m]]] : [])));
}

/**
 * ms per pair of both built-in rerankers on one sample of the engine's own calls (with signals), in
 * Node and, unless --no-browser, in chromium (the embed bench's page), with the same harness.
 */
async function perPairOnSample(sample: readonly RerankWork[], args: QualityArgs): Promise<RerankerSample> {
  const pairs = sample.reduce((n, w) => n + w.docs.length, 0);
  const log = (line: string) => process.stderr.write(`${line}\n`);
  log(`Rerankers on one sample: ${pairs} pairs in ${sample.length} calls`);
  const node: Record<string, number | null> = {};
  for (const [name, reranker] of [
    ['lexical', new LexicalReranker()],
    ['learned', new LearnedReranker()],
  ] as const) {
    const run = await rerankThroughput(reranker, sample, 0, { env: 'Node', device: 'js', loadMs: 0 }, { cold: true });
    node[name] = run.perSecond > 0 ? 1000 / run.perSecond : null;
  }
  const chromium: Record<string, number | null> = { lexical: null, learned: null };
  let chromiumNote = 'not run (--no-browser)';
  if (args.browser) {
    try {
      const { measureBrowserRerankers } = await import('./browserModels.ts');
      const result = await measureBrowserRerankers({ repoRoot: REPO_ROOT, work: sample, budgetMs: 0, timeoutMs: 300_000, log });
      for (const outcome of result.runs) {
        const name = outcome.ok ? (outcome.run.model === LEARNED_RERANKER_INFO.id ? 'learned' : 'lexical') : outcome.model === LEARNED_RERANKER_INFO.id ? 'learned' : 'lexical';
        chromium[name] = outcome.ok && outcome.run.perSecond > 0 ? 1000 / outcome.run.perSecond : null;
      }
      chromiumNote = `chromium ${result.chromiumVersion}`;
    } catch (error) {
      chromiumNote = `failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
    }
  }
  const ms = (v: number | null) => (v === null ? '       -' : v.toFixed(4).padStart(8));
  process.stdout.write(
    [
      `Reranker ms per pair on one sample of the engine's calls (${pairs} pairs in ${sample.length} MCTS-sized calls, at most ${SAMPLE_PAIRS_PER_REPO} pairs a repo, signals included, each pass with no doc tokenised yet; the same harness in both; ${chromiumNote}):`,
      `  reranker      Node  chromium`,
      ...['lexical', 'learned'].map((name) => `  ${name.padEnd(8)} ${ms(node[name]!)}  ${ms(chromium[name]!)}`),
    ].join('\n') + '\n',
  );
  return { pairs, calls: sample.length, node, chromium, note: chromiumNote };
}

/** The packages to run: `--repos` (warned about when not held out) or the list's `--split`. */
function choosePackages(args: QualityArgs): string[] {
  if (!args.repos) return readQualityList(args.list).filter((r) => args.split === 'all' || r.split === args.split).map((r) => r.package);
  for (const [pkg, why] of heldOutProblems(args.repos)) {
    if (why.length > 0) process.stderr.write(`Warning: ${pkg} is not held out of training: ${why.join('; ')}. Its figures are in-sample.\n`);
  }
  const tune = new Set(readQualityList(args.list).filter((r) => r.split === 'tune').map((r) => r.package));
  const tuned = args.repos.filter((p) => tune.has(p));
  if (tuned.length > 0) process.stderr.write(`Note: ${tuned.join(', ')} ${tuned.length === 1 ? 'is' : 'are'} in the tuning split: settings were chosen on ${tuned.length === 1 ? 'it' : 'them'}.\n`);
  return args.repos;
}

async function main(): Promise<void> {
  const args = parseQualityArgs(process.argv.slice(2));
  if (Object.keys(args.guided).length > 0) process.stderr.write(`Guided MCTS: GUIDED_DEFAULTS with ${JSON.stringify(args.guided)}\n`);
  const packages: PackageReport[] = [];
  const sample: RerankWork[] = [];
  if (args.stdlib) {
    let temp: string | null = null;
    let db = args.db;
    if (!db) {
      temp = mkdtempSync(join(tmpdir(), 'ranger-quality-db-'));
      db = join(temp, 'stdlib.duckdb');
    }
    try {
      if (!existsSync(db)) await buildStdlibDb(db);
      for (const name of args.stdlib) packages.push(await evaluateRepo(name, db, `${name}/`, args, sample));
    } finally {
      if (temp) rmSync(temp, { recursive: true, force: true });
    }
  } else {
    for (const pkg of choosePackages(args)) {
      const db = await repoDatabase(pkg, { cache: args.cache, model: args.model });
      packages.push(await evaluateRepo(pkg, db, undefined, args, sample));
    }
  }
  process.stdout.write(`${renderQualityReport(packages, args.methods)}\n`);
  const perPair = sample.length > 0 ? await perPairOnSample(sample, args) : undefined;
  if (args.out) writeFileSync(args.out, JSON.stringify({ packages, summary: summarise(packages), ...(perPair ? { rerankerSample: perPair } : {}) }, null, 2));
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:quality: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
