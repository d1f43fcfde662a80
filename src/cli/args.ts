/**
 * @file Command-line parsing for the ranger CLI: `<command> [positionals] [--flag value]
 * [--switch]`. Flags are declared per command so a typo is an error, not a silent no-op; the
 * numbers flags take are read and checked here too.
 * Runs in: Node (cli).
 */
import { AppError } from '../core/errors.ts';

/** A command line the CLI cannot run (exit code 2). */
export class UsageError extends AppError {
  constructor(message: string) {
    super('INPUT_INVALID', message);
  }
}

export interface ParsedArgs {
  command: string | null;
  positionals: string[];
  /** --name value flags. */
  values: Record<string, string>;
  /** --name switches that were present. */
  switches: Set<string>;
}

export interface ArgSpec {
  /** Flags that take a value (without the leading --). */
  values: readonly string[];
  /** Flags without a value. */
  switches: readonly string[];
}

/** Parses argv (without node and script); `--` ends flags. Throws INPUT_INVALID on unknown flags. */
export function parseArgs(argv: readonly string[], specFor: (command: string | null) => ArgSpec): ParsedArgs {
  const command = argv[0] !== undefined && !argv[0].startsWith('--') ? argv[0] : null;
  const spec = specFor(command);
  const parsed: ParsedArgs = { command, positionals: [], values: {}, switches: new Set() };
  let flagsDone = false;
  for (let i = command === null ? 0 : 1; i < argv.length; i++) {
    const arg = argv[i];
    if (flagsDone || !arg.startsWith('--') || arg === '-') {
      parsed.positionals.push(arg);
      continue;
    }
    if (arg === '--') {
      flagsDone = true;
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    if (spec.values.includes(name)) {
      const value = eq === -1 ? argv[++i] : arg.slice(eq + 1);
      if (value === undefined) throw new UsageError(`--${name} needs a value`);
      parsed.values[name] = value;
    } else if (spec.switches.includes(name) && eq === -1) {
      parsed.switches.add(name);
    } else {
      throw new UsageError(`Unknown option --${name}${command ? ` for '${command}'` : ''}`);
    }
  }
  return parsed;
}

/** A whole-number flag's value (undefined when absent); a UsageError below `min` or when not whole. */
export function parseInteger(name: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n) || n < min) throw new UsageError(`--${name} must be a whole number >= ${min} (got '${value}')`);
  return n;
}

/**
 * A number flag's value (undefined when absent); a UsageError when it is not a finite number or
 * fails `check` ("--eps must be a number in (0, 1]": `want` names what it must be).
 */
export function parseNumber(name: string, value: string | undefined, check: (n: number) => boolean = () => true, want = 'a number'): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || !check(n)) throw new UsageError(`--${name} must be ${want} (got '${value}')`);
  return n;
}
