/**
 * @file Mines the learned reranker's training rows (`npx tsx scripts/rerank/mine.ts [--limit N]
 * [--seed S] [--offtopic N] [--cache DIR] [--out FILE] [--packages a,b]`): for each package of packages.txt, the
 * quality benchmark's database (index + structural describe + the offline default embedding,
 * qualityRepos.ts), a docstring eval set (answers' docstrings hidden from every method), and per
 * query the features of every candidate as the search engine computes them for a reranker that
 * reads its signals (one 'rerank-all' through a recording reranker). Kept per query: the answers,
 * the first stage's top 40 (hard negatives), the lexical reranker's top 20, the dense top 10 and
 * 10 random others. Then `--offtopic N` (default 60) off-topic questions (offTopic.ts) whose every
 * candidate is a negative, the same rows kept, marked `offTopic` (0: none): they calibrate the
 * score as relevance. One JSON line per query: {package, query, offTopic?, labels, gate (the
 * question's GATE_FEATURES), features}, per
 * package in `<cache>/features/` (kept: a later run mines only what is missing), then all in
 * `--out`. A package apt cannot download is skipped with a warning.
 * Runs in: Node (tsx).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openNodeDatabase } from '../../src/adapters/node/duckdbNode.ts';
import { buildDocstringEvalSet, createNodeLocator, resolveRelevance } from '../../src/core/eval/evalSet.ts';
import { LEXICAL_RERANKER_INFO, lexicalPartsAll } from '../../src/core/models/lexicalReranker.ts';
import { gateFeatures, RERANK_FEATURES, rerankFeatures } from '../../src/core/models/rerankFeatures.ts';
import type { Reranker, RerankSignals } from '../../src/core/models/types.ts';
import { createPrng } from '../../src/core/search/prng.ts';
import { offTopicQuestions } from './offTopic.ts';
import { openSearchEngine } from '../../src/cli/searchCommand.ts';
import { readRepoList, repoDatabase } from '../bench/qualityRepos.ts';

const HARD = 40;
const LEXICAL = 20;
const DENSE = 10;
const RANDOM = 10;

/** Scores as the lexical reranker does and keeps every pair's features (candidate order). */
class RecordingReranker implements Reranker {
  readonly info = LEXICAL_RERANKER_INFO;
  rows: number[][] = [];
  /** The question's gate inputs (the same for every candidate). */
  gate: number[] = [];
  async score(): Promise<number[]> {
    throw new Error('the recording reranker needs the engine signals');
  }
  async scoreWithSignals(query: string, docs: readonly string[], signals: readonly RerankSignals[]): Promise<number[]> {
    const parts = lexicalPartsAll(query, docs);
    const round = (v: number) => Math.round(v * 1e5) / 1e5;
    if (parts.length > 0) this.gate = Array.from(gateFeatures(parts[0], signals[0]), round);
    parts.forEach((p, i) => this.rows.push(Array.from(rerankFeatures(p, signals[i]), round)));
    return parts.map((p) => p.score);
  }
}

function parseArgs(argv: readonly string[]) {
  const args = { limit: 200, seed: 7, offTopic: 60, cache: resolve(import.meta.dirname, '../../.tmp/rerank-train'), out: '', packages: [] as string[] };
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === '--limit') args.limit = Number(value);
    else if (flag === '--seed') args.seed = Number(value);
    else if (flag === '--offtopic') args.offTopic = Number(value);
    else if (flag === '--cache') args.cache = value;
    else if (flag === '--out') args.out = value;
    else if (flag === '--packages') args.packages = value.split(',');
    else throw new Error(`Unknown option ${flag}`);
  }
  args.out ||= resolve(args.cache, 'features.jsonl');
  if (args.packages.length === 0) args.packages = readRepoList(resolve(import.meta.dirname, 'packages.txt'));
  return args;
}

function topBy(values: readonly number[], k: number): number[] {
  return values
    .map((v, i) => [v, i] as const)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1])
    .slice(0, k)
    .map(([, i]) => i);
}

/** Indices of one query's rows to keep: `keep` (the answers), then the first stage's, the lexical and the dense top, and random others. */
function chooseRows(rows: readonly number[][], keep: Set<number>, random: () => number): number[] {
  for (const [column, k] of [
    [PRIOR, HARD],
    [LEXICAL_COLUMN, LEXICAL],
    [DENSE_COLUMN, DENSE],
  ] as const)
    for (const j of topBy(rows.map((r) => r[column]), k)) keep.add(j);
  for (let r = 0; r < RANDOM; r++) keep.add(Math.floor(random() * rows.length));
  return [...keep].sort((a, b) => a - b);
}

const PRIOR = RERANK_FEATURES.indexOf('prior');
const LEXICAL_COLUMN = RERANK_FEATURES.indexOf('lexical');
const DENSE_COLUMN = RERANK_FEATURES.indexOf('dense');

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const lines: string[] = [];
  const perPackage = join(args.cache, 'features');
  mkdirSync(perPackage, { recursive: true });
  for (const pkg of args.packages) {
    const file = join(perPackage, `${pkg}-${args.limit}-${args.seed}.jsonl`);
    const offFile = join(perPackage, `${pkg}-offtopic-${args.offTopic}-${args.seed}.jsonl`);
    const cached = (f: string) => (existsSync(f) ? readFileSync(f, 'utf8').split('\n').filter(Boolean) : null);
    const real = cached(file);
    const off = args.offTopic > 0 ? cached(offFile) : [];
    if (real && off) {
      lines.push(...real, ...off);
      continue;
    }
    let db: string;
    try {
      db = await repoDatabase(pkg, { cache: args.cache });
    } catch (error) {
      process.stderr.write(`${pkg}: skipped (${error instanceof Error ? error.message.split('\n')[0] : String(error)})\n`);
      continue;
    }
    const conn = await openNodeDatabase(db, { mustExist: true });
    try {
      const set = await buildDocstringEvalSet(conn, { limit: args.limit, seed: args.seed });
      const recorder = new RecordingReranker();
      const engine = await openSearchEngine(conn, { hiddenDocstrings: new Set(set.hiddenDocstrings ?? []), reranker: recorder });
      const record = async (question: string) => {
        recorder.rows = [];
        await engine.run({ question, method: 'rerank-all', k: 10 });
        return { rows: recorder.rows, gate: recorder.gate, ids: Array.from(engine.candidates, (i) => engine.nodes[i].id) };
      };
      if (real) lines.push(...real);
      else {
        const locate = createNodeLocator(engine.nodes);
        const random = createPrng(args.seed);
        const mined: string[] = [];
        for (const q of set.queries) {
          const { relevance } = resolveRelevance(q, locate);
          if (relevance.size === 0) continue;
          const { rows, gate, ids } = await record(q.query);
          const keep = new Set<number>();
          ids.forEach((id, j) => relevance.has(id) && keep.add(j));
          if (keep.size === 0) continue;
          const chosen = chooseRows(rows, keep, random);
          mined.push(JSON.stringify({ package: pkg, query: q.query, labels: chosen.map((j) => relevance.get(ids[j]) ?? 0), gate, features: chosen.map((j) => rows[j]) }));
        }
        process.stderr.write(`${pkg}: ${engine.candidates.length} candidates, ${mined.length} queries\n`);
        writeFileSync(file, `${mined.join('\n')}\n`);
        lines.push(...mined);
      }
      if (!off) {
        // Off-topic questions: every candidate a negative (offTopic.ts); the seed differs per package.
        const random = createPrng(args.seed + 1);
        const mined: string[] = [];
        for (const question of offTopicQuestions(args.offTopic, args.seed * 1000 + args.packages.indexOf(pkg))) {
          const { rows, gate } = await record(question);
          if (rows.length === 0) continue;
          const chosen = chooseRows(rows, new Set(), random);
          mined.push(JSON.stringify({ package: pkg, query: question, offTopic: true, labels: chosen.map(() => 0), gate, features: chosen.map((j) => rows[j]) }));
        }
        process.stderr.write(`${pkg}: ${mined.length} off-topic questions\n`);
        writeFileSync(offFile, `${mined.join('\n')}\n`);
        lines.push(...mined);
      }
    } finally {
      await conn.close();
    }
  }
  writeFileSync(args.out, `${lines.join('\n')}\n`);
  process.stderr.write(`${lines.length} queries -> ${args.out}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`rerank mine: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
