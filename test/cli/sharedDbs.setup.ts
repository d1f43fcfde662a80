/**
 * @file Vitest global setup for the CLI tests' shared databases: one empty folder per test run,
 * handed to every test file (inject('rangerSharedDbs')) and removed when the run ends. Files that
 * only read a demo database built by the same CLI steps take copies of one built there once
 * (runCli.ts sharedDb) instead of each running `index`, `describe` and `embed` again.
 * Runs in: Node (vitest main process).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    rangerSharedDbs: string;
  }
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'ranger-shared-dbs-'));
  project.provide('rangerSharedDbs', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
