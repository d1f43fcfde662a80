/**
 * @file What the CLI tests share: the real `ranger` CLI run as a child process the way
 * `npm run ranger` runs it (node src/cli/launch.mjs, from the repo root) with its exit code and both streams, its parsed `--json`
 * answer, a demo database built step by step (or copied from one the same steps built earlier in
 * the test run), and a scratch folder removed after the test file.
 * Runs in: Node (vitest).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, inject } from 'vitest';

const execFileAsync = promisify(execFile);
export const repoRoot = resolve(import.meta.dirname, '../..');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** `ranger ...args`; a failing run resolves too, with its exit code (-1 when it has none). */
export async function ranger(...args: string[]): Promise<CliResult> {
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, ['src/cli/launch.mjs', ...args], {
      cwd: repoRoot,
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

/** `ranger ...args --json`, which must exit 0, parsed. */
export async function rangerJson(...args: string[]): Promise<Record<string, unknown>> {
  const r = await ranger(...args, '--json');
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Record<string, unknown>;
}

/** Runs each step (`['index', 'demo/shopkit']`, `['embed']`, ...) on the database `db`; each must exit 0. */
export async function buildDb(db: string, steps: string[][]): Promise<void> {
  for (const args of steps) {
    const r = await ranger(...args, '--db', db, '--json');
    expect(r.code, r.stderr).toBe(0);
  }
}

/** The demo repo indexed without embeddings (`index demo/shopkit --no-embed`). */
export const DEMO_INDEXED: string[][] = [['index', 'demo/shopkit', '--no-embed']];
/** ... then embedded with the default model (`embed`), nothing described. */
export const DEMO_EMBEDDED: string[][] = [...DEMO_INDEXED, ['embed']];
/** ... then described and embedded (`describe`, `embed`), as the app's models panel does. */
export const DEMO_DESCRIBED: string[][] = [...DEMO_INDEXED, ['describe'], ['embed']];

/**
 * `dir`/`name`: a copy of the database that `steps` build (as buildDb runs them), for a test file
 * that reads it or changes only its own copy. The CLI runs the steps once per test run, in the
 * folder sharedDbs.setup.ts provides (a file that needs them while another file builds them
 * waits for that build), and keeps the database after each step, so a longer list of steps
 * starts from a copy of its prefix's database. Without that folder the steps run in `dir`.
 */
export async function sharedDb(dir: string, name: string, steps: string[][]): Promise<string> {
  const target = join(dir, name);
  const root = inject('rangerSharedDbs') as string | undefined;
  if (root) copyDb(await builtDb(root, steps), target);
  else await buildDb(target, steps);
  return target;
}

async function builtDb(root: string, steps: string[][]): Promise<string> {
  const key = createHash('sha256').update(JSON.stringify(steps)).digest('hex').slice(0, 16);
  const built = join(root, `${key}.duckdb`);
  const failed = join(root, `${key}.failed`);
  try {
    mkdirSync(join(root, `${key}.lock`));
  } catch {
    // Built, or being built by another test file: wait for it.
    while (!existsSync(built)) {
      if (existsSync(failed)) throw new Error(`building the shared database ${JSON.stringify(steps)} failed: ${readFileSync(failed, 'utf8')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return built;
  }
  try {
    const staging = join(root, `${key}.staging.duckdb`);
    if (steps.length > 1) copyDb(await builtDb(root, steps.slice(0, -1)), staging);
    await buildDb(staging, steps.slice(-1));
    if (existsSync(`${staging}.wal`)) renameSync(`${staging}.wal`, `${built}.wal`);
    renameSync(staging, built);
    return built;
  } catch (error) {
    writeFileSync(failed, String(error));
    throw error;
  }
}

function copyDb(from: string, to: string): void {
  copyFileSync(from, to);
  if (existsSync(`${from}.wal`)) copyFileSync(`${from}.wal`, `${to}.wal`);
}

/** A fresh temp folder (`prefix`-named), removed in the calling test file's afterAll. */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Runs an ES module `source` with node + tsx from the repo root (e.g. to write a database). */
export async function runModule(source: string, ...args: string[]): Promise<string> {
  const { stdout } = await execFileAsync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', source, ...args], { cwd: repoRoot });
  return stdout;
}
