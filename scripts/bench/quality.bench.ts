/**
 * @file Quality benchmark (`npm run bench:quality -- [--repos a,b,...] [--list <file>]
 * [--stdlib json,http,...] [--db <file>] [--model <id|folder>] [--limit N] [--seed S]
 * [--methods ...] [--curve 5,10,25,50,100,200] [--shares 0.02,0.05,0.1,0.15,0.25]
 * [--cache <dir>] [--out <file.json>]`).
 * Default: the held-out Debian packages of quality-repos.txt, one database each (built and
 * cached by qualityRepos.ts); `--stdlib` runs the older per-package stdlib mode instead (one
 * stdlib database, path prefix per package). Per repo: a docstring eval set (CodeSearchNet way:
 * first docstring sentence -> its definition, those docstrings hidden from every method, --limit
 * queries sampled with --seed), every method at its defaults, Algorithm 1's ('paper') curve over
 * iterations and the default guided MCTS's curve over pair budgets (shares of the candidates);
 * then the table, both curves and the two summary figures. `--model` embeds the repos with that
 * model too (once, cached) and searches with it. Figures only: it never fails on a low number.
 * Runs in: Node (tsx).
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openNodeDatabase } from '../../src/adapters/node/duckdbNode.ts';
import { SEARCH_METHODS } from '../../src/core/agent/searchService.ts';
import type { EvalReport, EvalSet, SearchMethod } from '../../src/core/agent/searchService.ts';
import { buildDocstringEvalSet } from '../../src/core/eval/evalSet.ts';
import { runEval } from '../../src/core/eval/runEval.ts';
import type { AutoRoute } from '../../src/core/eval/runEval.ts';
import type { SearchEngine } from '../../src/core/search/searchEngine.ts';
import { autoRoute, openSearchEngine } from '../../src/cli/searchCommand.ts';
import { buildStdlibDb } from './stdlibDb.ts';
import { DEFAULT_CACHE, DEFAULT_REPO_LIST, readRepoList, repoDatabase } from './qualityRepos.ts';
import { renderQualityReport, summarise } from './qualityReport.ts';
import type { BudgetPoint, PackageReport } from './qualityReport.ts';

const DEFAULT_CURVE = [5, 10, 25, 50, 100, 200];
const DEFAULT_SHARES = [0.02, 0.05, 0.1, 0.15, 0.25];
const DEFAULT_LIMIT = 60;

interface QualityArgs {
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
  out?: string;
}

function parseQualityArgs(argv: readonly string[]): QualityArgs {
  const args: QualityArgs = { list: DEFAULT_REPO_LIST, limit: DEFAULT_LIMIT, seed: 1, methods: [...SEARCH_METHODS], curve: DEFAULT_CURVE, shares: DEFAULT_SHARES, cache: DEFAULT_CACHE };
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
    else throw new Error(`Unknown option ${flag}`);
  }
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
    const r = await runEval(engine, { set, methods: ['mcts'], k: 10, params: { seed: args.seed, pairBudget } }, undefined, progress(`${name} ${(share * 100).toFixed(0)}%`));
    const m = r.methods.mcts!;
    points.push({ share, pairBudget, ndcg: m.ndcg, recall: m.recall, mrr: m.mrr, reranker_calls: m.reranker_calls });
  }
  return points;
}

async function evaluateRepo(name: string, db: string, pathPrefix: string | undefined, args: QualityArgs): Promise<PackageReport> {
  const conn = await openNodeDatabase(db, { mustExist: true });
  try {
    const started = Date.now();
    const set = await buildDocstringEvalSet(conn, { pathPrefix, limit: args.limit, seed: args.seed });
    const engine = await openSearchEngine(conn, { hiddenDocstrings: new Set(set.hiddenDocstrings ?? []), model: args.model });
    const buildMs = Date.now() - started;
    const route: AutoRoute = autoRoute(conn, engine);
    const report: EvalReport = await runEval(engine, { set, methods: args.methods, k: 10, params: { seed: args.seed } }, route, progress(name));
    if (args.curve.length > 0) {
      const paper = await runEval(engine, { set, methods: [], k: 10, preset: 'paper', params: { seed: args.seed }, curve: args.curve }, undefined, progress(`${name} paper`));
      report.curve = paper.curve;
    }
    const shares = args.shares.length > 0 ? await budgetCurve(engine, set, args, name) : undefined;
    process.stderr.write(`\r\x1b[K${name}: ${engine.candidates.length} candidates, ${report.queries} queries, engine ${buildMs} ms, ${engine.embedderId}\n`);
    return { package: name.replace(/^python3-/, ''), report, buildMs, candidates: engine.candidates.length, ...(shares ? { budgetCurve: shares } : {}) };
  } finally {
    await conn.close();
  }
}

async function main(): Promise<void> {
  const args = parseQualityArgs(process.argv.slice(2));
  const packages: PackageReport[] = [];
  if (args.stdlib) {
    let temp: string | null = null;
    let db = args.db;
    if (!db) {
      temp = mkdtempSync(join(tmpdir(), 'ranger-quality-db-'));
      db = join(temp, 'stdlib.duckdb');
    }
    try {
      if (!existsSync(db)) await buildStdlibDb(db);
      for (const name of args.stdlib) packages.push(await evaluateRepo(name, db, `${name}/`, args));
    } finally {
      if (temp) rmSync(temp, { recursive: true, force: true });
    }
  } else {
    for (const pkg of args.repos ?? readRepoList(args.list)) {
      const db = await repoDatabase(pkg, { cache: args.cache, model: args.model });
      packages.push(await evaluateRepo(pkg, db, undefined, args));
    }
  }
  process.stdout.write(`${renderQualityReport(packages, args.methods)}\n`);
  if (args.out) writeFileSync(args.out, JSON.stringify({ packages, summary: summarise(packages) }, null, 2));
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:quality: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
