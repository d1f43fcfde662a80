/**
 * @file Quality benchmark (`npm run bench:quality -- [--db <file>] [--packages json,http,...]
 * [--limit N] [--seed S] [--methods ...] [--curve 10,25,50,100,200] [--out <file.json>]`):
 * indexes the system Python stdlib (tests excluded) into a node-api database, describes it
 * (structural) and embeds it (built-ins) — or reuses `--db` when that file exists — then per
 * package builds a docstring eval set (path prefix `<package>/`, docstrings hidden from every
 * method), runs every method and the MCTS curve, and prints the table and the two targets of
 * issue 4. Figures only: it never fails on a low number.
 * Runs in: Node (tsx).
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openNodeDatabase } from '../../src/adapters/node/duckdbNode.ts';
import { SEARCH_METHODS } from '../../src/core/agent/searchService.ts';
import type { SearchMethod } from '../../src/core/agent/searchService.ts';
import { buildDocstringEvalSet } from '../../src/core/eval/evalSet.ts';
import { runEval } from '../../src/core/eval/runEval.ts';
import { autoRoute, openSearchEngine } from '../../src/cli/searchCommand.ts';
import { buildStdlibDb } from './stdlibDb.ts';
import { renderQualityReport, summarise } from './qualityReport.ts';
import type { PackageReport } from './qualityReport.ts';

const DEFAULT_PACKAGES = ['json', 'http', 'email', 'logging', 'asyncio', 'importlib'];
const DEFAULT_CURVE = [10, 25, 50, 100, 200];

interface QualityArgs {
  db?: string;
  packages: string[];
  limit?: number;
  seed: number;
  methods: SearchMethod[];
  curve: number[];
  out?: string;
}

function parseQualityArgs(argv: readonly string[]): QualityArgs {
  const args: QualityArgs = { packages: DEFAULT_PACKAGES, seed: 1, methods: [...SEARCH_METHODS], curve: DEFAULT_CURVE };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    const need = () => {
      if (value === undefined) throw new Error(`${flag} needs a value`);
      i++;
      return value;
    };
    if (flag === '--db') args.db = need();
    else if (flag === '--packages') args.packages = need().split(',').filter(Boolean);
    else if (flag === '--limit') args.limit = Number(need());
    else if (flag === '--seed') args.seed = Number(need());
    else if (flag === '--methods') args.methods = need().split(',').filter(Boolean) as SearchMethod[];
    else if (flag === '--curve') args.curve = need().split(',').filter(Boolean).map(Number);
    else if (flag === '--out') args.out = need();
    else throw new Error(`Unknown option ${flag}`);
  }
  return args;
}

async function main(): Promise<void> {
  const args = parseQualityArgs(process.argv.slice(2));
  let temp: string | null = null;
  let db = args.db;
  if (!db) {
    temp = mkdtempSync(join(tmpdir(), 'ranger-quality-db-'));
    db = join(temp, 'stdlib.duckdb');
  }
  try {
    if (!existsSync(db)) await buildStdlibDb(db);
    const packages: PackageReport[] = [];
    for (const name of args.packages) {
      const conn = await openNodeDatabase(db, { mustExist: true });
      try {
        const started = Date.now();
        const set = await buildDocstringEvalSet(conn, { pathPrefix: `${name}/`, limit: args.limit, seed: args.seed });
        const engine = await openSearchEngine(conn, { hiddenDocstrings: new Set(set.hiddenDocstrings ?? []) });
        const buildMs = Date.now() - started;
        const report = await runEval(
          engine,
          { set, methods: args.methods, k: 10, params: { seed: args.seed }, curve: args.curve },
          autoRoute(conn, engine),
          (p) => process.stderr.write(`\r\x1b[K${name} [${p.method}] ${p.done}/${p.total}`),
        );
        process.stderr.write(`\r\x1b[K${name}: ${report.queries} queries, engine ${buildMs} ms\n`);
        packages.push({ package: name, report, buildMs });
      } finally {
        await conn.close();
      }
    }
    process.stdout.write(`${renderQualityReport(packages, args.methods)}\n`);
    if (args.out) writeFileSync(args.out, JSON.stringify({ packages, summary: summarise(packages) }, null, 2));
  } finally {
    if (temp) rmSync(temp, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:quality: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
