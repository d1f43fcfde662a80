/**
 * @file Command-line flags of the ingest benchmark, parsed without side effects.
 * Runs in: Node (bench, tests).
 */
import { commonFlag, folder, wholeNumber } from './flagValues.ts';

export interface BenchArgs {
  /** A zip or a folder; null = the system Python's standard library. */
  target: string | null;
  json: boolean;
  noTests: boolean;
  browser: boolean;
  threads?: number;
  limit?: number;
  /** Browser run limit, in seconds. */
  timeoutSeconds: number;
  help: boolean;
  /** The built app for the chromium run (default dist/). */
  dist?: string;
  /** Incremental re-index vs full index (incrementalIngest.ts); `from` is v1. */
  incremental: boolean;
  from: string | null;
  /** A generated repository of this many real files (syntheticRepo.ts) instead of a target. */
  synthetic?: number;
  /** Trace the chromium index for V8's compiles and GC (v8Trace.ts). */
  traceV8: boolean;
  /** Rounds of every measurement (rounds.ts): the report adds their medians and ranges. */
  repeat: number;
}

export const USAGE = `Usage: npm run bench:ingest -- [<zip|dir>] [options]
  (no zip/dir)     the system Python's standard library, zipped in memory
  --no-tests       leave out files below test/, tests/, idle_test/ folders
  --browser        also run the built app in headless chromium (default; needs npx vite build)
  --no-browser     Node measurements only
  --threads N      Node parse threads (default: the pool's default)
  --limit N        only the first N files (sorted by path), for quick runs
  --synthetic N    a generated repository of N real files: the stdlib's .py files of <= 16 KB
                   copied under varied paths (e.g. --synthetic 50000: about 250 MB)
  --timeout S      chromium run limit in seconds (default 900)
  --dist DIR       the built app to serve (default dist/)
  --trace-v8       trace the chromium index and print what V8 spent meanwhile on compiling
                   (wasm top tier, TurboFan, Maglev, lazy wasm) and on background GC; the
                   traced index is slower than an untraced one
  --incremental    time an incremental re-index v1 -> v2 against a full index of v2 (Node);
                   v2 = <zip|dir> (default: python3's stdlib), v1 = --from <zip|dir>
                   (default: /usr/bin/python3's stdlib)
  --repeat N       measure everything N times (default 1): the first round in detail, then a row
                   per round and each figure's median and range (one chromium run moves by
                   about 5 %)
  --json           print one JSON document on stdout (progress goes to stderr)`;

export function parseBenchArgs(argv: readonly string[]): BenchArgs {
  const args: BenchArgs = { target: null, json: false, noTests: false, browser: true, timeoutSeconds: 900, help: false, incremental: false, from: null, traceV8: false, repeat: 1 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (commonFlag(args, arg, () => argv[++i])) continue;
    switch (arg) {
      case '--no-tests':
        args.noTests = true;
        break;
      case '--threads':
        args.threads = Math.max(1, wholeNumber(arg, argv[++i]));
        break;
      case '--limit':
        args.limit = wholeNumber(arg, argv[++i]);
        break;
      case '--synthetic':
        args.synthetic = wholeNumber(arg, argv[++i], 1);
        break;
      case '--repeat':
        args.repeat = wholeNumber(arg, argv[++i], 1);
        break;
      case '--trace-v8':
        args.traceV8 = true;
        break;
      case '--incremental':
        args.incremental = true;
        break;
      case '--from':
        args.from = argv[++i] ?? null;
        if (!args.from) throw new Error(`--from needs a zip or folder\n${USAGE}`);
        break;
      case '--dist':
        args.dist = folder(arg, argv[++i]);
        break;
      default:
        if (arg.startsWith('-')) throw new Error(`Unknown option ${arg}\n${USAGE}`);
        if (args.target !== null) throw new Error(`Only one zip or folder, got ${args.target} and ${arg}`);
        args.target = arg;
    }
  }
  if (args.synthetic !== undefined && args.target !== null) throw new Error(`--synthetic makes its own repository: leave out ${args.target}`);
  return args;
}
