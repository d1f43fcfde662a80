/**
 * @file Command-line flags of the search benchmark (`npm run bench:search`), parsed without
 * side effects.
 * Runs in: Node (bench, tests).
 */
import { commonFlag, wholeNumber } from './flagValues.ts';

export interface SearchBenchArgs {
  /** Nodes of the Cypher graph. */
  cypherNodes: number;
  /** An indexed database whose graph the Cypher part reads instead of the synthetic one. */
  db?: string;
  /** Timed queries per family. */
  reps: number;
  /** Snapshot sizes for MCTS ms per iteration. */
  mctsSizes: number[];
  /** Nodes of the graph for 200 iterations with the built-ins. */
  builtinNodes: number;
  /** Natural-language queries per MCTS measurement. */
  queries: number;
  /** MCTS iterations T (A.4 default 200). */
  iterations: number;
  seed: number;
  browser: boolean;
  /** chromium run limit, seconds. */
  timeoutSeconds: number;
  json: boolean;
  help: boolean;
}

export const SEARCH_USAGE = `Usage: npm run bench:search -- [options]
  --nodes N          nodes of the synthetic graph for the Cypher lookups (default 100000)
  --db FILE          the Cypher lookups on this indexed database instead (read-only; Node only:
                     duckdb-wasm with the file attached, and the CLI's native DuckDB beside it)
  --reps N           timed queries per query family (default 30, names vary)
  --mcts-sizes A,B   snapshot sizes for MCTS ms per iteration (default 10000,100000)
  --builtin-nodes N  graph size for T iterations with the built-in models (default 10000)
  --queries N        natural-language queries per MCTS measurement (default 5)
  --iterations T     MCTS iterations (default 200, A.4)
  --seed N           graph and workload seed (default 1)
  --no-browser       Node only (no chromium Cypher run)
  --timeout S        chromium run limit in seconds (default 900)
  --json             one JSON document on stdout (progress goes to stderr)`;

export function parseSearchArgs(argv: readonly string[]): SearchBenchArgs {
  const args: SearchBenchArgs = {
    cypherNodes: 100_000,
    reps: 30,
    mctsSizes: [10_000, 100_000],
    builtinNodes: 10_000,
    queries: 5,
    iterations: 200,
    seed: 1,
    browser: true,
    timeoutSeconds: 900,
    json: false,
    help: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (commonFlag(args, arg, () => argv[++i])) continue;
    switch (arg) {
      case '--nodes':
        args.cypherNodes = wholeNumber(arg, argv[++i], 100);
        break;
      case '--db': {
        const value = argv[++i];
        if (value === undefined) throw new Error(`${arg} needs a database file`);
        args.db = value;
        args.browser = false;
        break;
      }
      case '--reps':
        args.reps = wholeNumber(arg, argv[++i], 1);
        break;
      case '--mcts-sizes': {
        const value = argv[++i];
        if (value === undefined) throw new Error(`${arg} needs sizes, e.g. 10000,100000`);
        args.mctsSizes = value.split(',').map((part) => wholeNumber(arg, part, 100));
        break;
      }
      case '--builtin-nodes':
        args.builtinNodes = wholeNumber(arg, argv[++i], 100);
        break;
      case '--queries':
        args.queries = wholeNumber(arg, argv[++i], 1);
        break;
      case '--iterations':
        args.iterations = wholeNumber(arg, argv[++i], 1);
        break;
      case '--seed':
        args.seed = wholeNumber(arg, argv[++i], 0);
        break;
      default:
        throw new Error(`Unknown option ${arg}\n${SEARCH_USAGE}`);
    }
  }
  return args;
}
