/**
 * @file Values of the benchmarks' command-line flags (args.ts, embedArgs.ts, searchArgs.ts):
 * a whole number with a floor, a folder. Errors name the flag and what it got.
 * Runs in: Node (bench, tests).
 */

/** `value` as a whole number >= `min` (default 0), or an error naming `flag`. */
export function wholeNumber(flag: string, value: string | undefined, min = 0): number {
  const n = Number(value);
  if (value === undefined || value.trim() === '' || !Number.isInteger(n) || n < min) {
    throw new Error(`${flag} needs a whole number${min > 0 ? ` >= ${min}` : ''}, got ${value ?? 'nothing'}`);
  }
  return n;
}

/** `value` as a folder path: present and not the next flag. */
export function folder(flag: string, value: string | undefined): string {
  if (value === undefined || value.startsWith('-')) throw new Error(`${flag} needs a folder`);
  return value;
}

/** What every benchmark's arguments carry. */
export interface CommonBenchArgs {
  json: boolean;
  help: boolean;
  /** The chromium run(s) on (the default) or off. */
  browser: boolean;
  /** Limit of one chromium run, in seconds. */
  timeoutSeconds: number;
}

/**
 * Applies `arg` if it is one of the flags every benchmark takes (--json, -h / --help, --browser,
 * --no-browser, --timeout S; `next` hands out the value) and says whether it was.
 */
export function commonFlag(args: CommonBenchArgs, arg: string, next: () => string | undefined): boolean {
  switch (arg) {
    case '--json':
      args.json = true;
      return true;
    case '-h':
    case '--help':
      args.help = true;
      return true;
    case '--browser':
      args.browser = true;
      return true;
    case '--no-browser':
      args.browser = false;
      return true;
    case '--timeout':
      args.timeoutSeconds = wholeNumber(arg, next(), 1);
      return true;
    default:
      return false;
  }
}
