/**
 * @file Command-line flags of the ingest benchmark, parsed without side effects.
 * Runs in: Node (bench, tests).
 */

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
}

export const USAGE = `Usage: npm run bench:ingest -- [<zip|dir>] [options]
  (no zip/dir)     the system Python's standard library, zipped in memory
  --no-tests       leave out files below test/, tests/, idle_test/ folders
  --browser        also run the built app in headless chromium (default; needs npx vite build)
  --no-browser     Node measurements only
  --threads N      Node parse threads (default: the pool's default)
  --limit N        only the first N files (sorted by path), for quick runs
  --timeout S      chromium run limit in seconds (default 900)
  --dist DIR       the built app to serve (default dist/)
  --json           print one JSON document on stdout (progress goes to stderr)`;

function positiveInteger(flag: string, value: string | undefined): number {
  const n = Number(value);
  if (value === undefined || !Number.isInteger(n) || n < 0) throw new Error(`${flag} needs a whole number, got ${value ?? 'nothing'}`);
  return n;
}

export function parseBenchArgs(argv: readonly string[]): BenchArgs {
  const args: BenchArgs = { target: null, json: false, noTests: false, browser: true, timeoutSeconds: 900, help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    switch (arg) {
      case '--json':
        args.json = true;
        break;
      case '--no-tests':
        args.noTests = true;
        break;
      case '--browser':
        args.browser = true;
        break;
      case '--no-browser':
        args.browser = false;
        break;
      case '--threads':
        args.threads = Math.max(1, positiveInteger(arg, argv[++i]));
        break;
      case '--limit':
        args.limit = positiveInteger(arg, argv[++i]);
        break;
      case '--timeout':
        args.timeoutSeconds = Math.max(1, positiveInteger(arg, argv[++i]));
        break;
      case '--dist': {
        const dir = argv[++i];
        if (dir === undefined || dir.startsWith('-')) throw new Error('--dist needs a folder');
        args.dist = dir;
        break;
      }
      case '-h':
      case '--help':
        args.help = true;
        break;
      default:
        if (arg.startsWith('-')) throw new Error(`Unknown option ${arg}\n${USAGE}`);
        if (args.target !== null) throw new Error(`Only one zip or folder, got ${args.target} and ${arg}`);
        args.target = arg;
    }
  }
  return args;
}
