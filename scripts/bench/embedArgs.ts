/**
 * @file Command-line flags of the embed benchmark (`npm run bench:embed -- [options]`), parsed
 * without side effects.
 * Runs in: Node (bench, tests).
 */
import { commonFlag, folder, wholeNumber } from './flagValues.ts';

export interface EmbedBenchArgs {
  /** Only the first N stdlib files (sorted by path) for (b) and (c); the sample is not affected. */
  limit?: number;
  /** Texts in the throughput sample (a). */
  sample: number;
  /** Per-measurement time budget of (a), in seconds (0 = none); a slow device reports a partial rate. */
  budgetSeconds: number;
  browser: boolean;
  /** (c): describe + embed in the built app in chromium. */
  app: boolean;
  /** Leave the stdlib out of (b) and (c) (demo repo only). */
  stdlib: boolean;
  json: boolean;
  /** Limit of one chromium step, in seconds. */
  timeoutSeconds: number;
  /** A built app for (c); default: the bench builds it into .tmp/bench-embed-app. */
  dist?: string;
  help: boolean;
}

export const EMBED_USAGE = `Usage: npm run bench:embed -- [options]
  --limit N        only the first N stdlib files (sorted by path) in (b) and (c)
  --sample N       texts in the throughput sample of (a) (default 2000)
  --budget S       time budget per throughput measurement in seconds (default 60, 0 = none)
  --no-browser     Node only: no chromium at all (skips the chromium rows of (a) and (c))
  --no-app         no describe + embed in the built app (c)
  --no-stdlib      (b) and (c) on the demo repo only
  --timeout S      limit of one chromium step in seconds (default 900)
  --dist DIR       a built app for (c) (default: the bench builds one into .tmp/bench-embed-app)
  --json           print one JSON document on stdout (progress goes to stderr)`;

export function parseEmbedBenchArgs(argv: readonly string[]): EmbedBenchArgs {
  const args: EmbedBenchArgs = { sample: 2000, budgetSeconds: 60, browser: true, app: true, stdlib: true, json: false, timeoutSeconds: 900, help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (commonFlag(args, arg, () => argv[++i])) continue;
    switch (arg) {
      case '--limit':
        args.limit = wholeNumber(arg, argv[++i]);
        break;
      case '--sample':
        args.sample = Math.max(1, wholeNumber(arg, argv[++i]));
        break;
      case '--budget':
        args.budgetSeconds = wholeNumber(arg, argv[++i]);
        break;
      case '--no-app':
        args.app = false;
        break;
      case '--no-stdlib':
        args.stdlib = false;
        break;
      case '--dist':
        args.dist = folder(arg, argv[++i]);
        break;
      default:
        throw new Error(`Unknown argument ${arg}\n${EMBED_USAGE}`);
    }
  }
  return args;
}
