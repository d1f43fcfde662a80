/**
 * @file What the CLI tests share: the real `ranger` CLI run as a child process the way
 * `npm run ranger` runs it (node src/cli/launch.mjs, from the repo root) with its exit code and both streams, its parsed `--json`
 * answer, a demo database built step by step, and a scratch folder removed after the test file.
 * Runs in: Node (vitest).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect } from 'vitest';

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
