/**
 * @file Builds a node-api database of the system Python stdlib (tests excluded) through the
 * CLI's own steps: index, then (optionally) structural descriptions and built-in embeddings.
 * Used by the quality benchmark and the built-in vocabulary trainer.
 * Runs in: Node (tsx).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runDescribe } from '../../src/cli/describeCommand.ts';
import { runEmbed } from '../../src/cli/embedCommand.ts';
import { runIndex } from '../../src/cli/indexCommand.ts';
import { stdlibCorpus } from './corpus.ts';

export async function buildStdlibDb(db: string, options: { describe?: boolean; embed?: boolean } = {}): Promise<void> {
  const corpus = stdlibCorpus({ noTests: true });
  const dir = mkdtempSync(join(tmpdir(), 'ranger-stdlib-'));
  try {
    const zip = join(dir, `${corpus.name}.zip`);
    writeFileSync(zip, corpus.zip);
    const started = Date.now();
    await runIndex(zip, db);
    process.stderr.write(`indexed ${corpus.files.length} files of ${corpus.source} in ${Date.now() - started} ms\n`);
    if (options.describe !== false) await runDescribe(db);
    if (options.embed !== false) await runEmbed(db);
    process.stderr.write(`stdlib database ready after ${Date.now() - started} ms\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
