/**
 * @file A large repository made of real files (`bench:ingest -- --synthetic N`): the Python
 * stdlib's .py files of at most SYNTHETIC_MAX_BYTES (the typical module size of a big
 * repository; whole large stdlib files copied 28 times would make a 900 MB repo), copied in
 * path order under varied package paths (`pkg003/sub1/json/decoder.py`), cycling until there
 * are N files. Each copy is a real file, so parse, stitch and store see real code, and imports
 * inside a copy resolve within it (relative imports) or stay unresolved like in a vendored tree.
 * Runs in: Node (bench, tests).
 */
import type { Corpus, CorpusFile } from './corpus.ts';
import { stdlibCorpus, zipCorpus } from './corpus.ts';

/** Files larger than this are not copied (about 3 in 4 of the stdlib's .py files stay; 5 KB on average). */
export const SYNTHETIC_MAX_BYTES = 16 * 1024;
/** Copies per top-level package folder: paths vary at two levels. */
const COPIES_PER_PACKAGE = 4;

/** `count` files drawn from `sources` in order, cycling, each copy under its own folder. */
export function syntheticFiles(sources: readonly CorpusFile[], count: number, maxBytes = SYNTHETIC_MAX_BYTES): CorpusFile[] {
  const pool = sources.filter((f) => f.data.byteLength <= maxBytes);
  if (pool.length === 0) throw new Error(`no source file of at most ${maxBytes} bytes to copy`);
  const files: CorpusFile[] = [];
  for (let i = 0; i < count; i++) {
    const copy = Math.floor(i / pool.length);
    const source = pool[i % pool.length]!;
    const folder = `pkg${String(Math.floor(copy / COPIES_PER_PACKAGE)).padStart(3, '0')}/sub${copy % COPIES_PER_PACKAGE}`;
    files.push({ path: `${folder}/${source.path}`, data: source.data });
  }
  return files;
}

/** The stdlib-derived repository of `count` files, zipped (deflate level 1: the zip is big). */
export function syntheticCorpus(count: number): Corpus {
  const stdlib = stdlibCorpus();
  const files = syntheticFiles(stdlib.files, count);
  const name = `synthetic-${count}`;
  const bytes = files.reduce((sum, f) => sum + f.data.byteLength, 0);
  return {
    name,
    source: `${files.length} copies of the ${stdlib.name} stdlib's .py files of <= ${SYNTHETIC_MAX_BYTES / 1024} KB, ${(bytes / 1024 / 1024).toFixed(0)} MB`,
    files,
    zip: zipCorpus(name, files, 1),
  };
}
