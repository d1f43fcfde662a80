/**
 * @file Benchmark corpora: the system Python's standard library (default) or a zip / folder
 * given on the command line, listed, optionally stripped of test folders, and zipped in memory
 * with fflate so every measured path starts from the same archive bytes.
 * Runs in: Node (bench, tests).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import { languageOf } from '../../src/core/ingest/pathRules.ts';
import type { Language } from '../../src/core/ingest/types.ts';
import { inTestFolder } from '../../src/core/ingest/testPaths.ts';

export interface CorpusFile {
  /** '/'-separated path inside the corpus (no top-level folder). */
  path: string;
  data: Uint8Array;
}

export interface Corpus {
  /** Repo name: folder or zip name ('python3.11' for the stdlib). */
  name: string;
  /** Where it came from, for the report. */
  source: string;
  files: CorpusFile[];
  /** The archive handed to the ingest pipelines (entries under `<name>/`). */
  zip: Uint8Array;
}

export interface CorpusOptions {
  /** Drop files below a test folder (docs/budgets.md's "tests excluded" stdlib). */
  noTests?: boolean;
  /** Keep only the first N files (sorted by path): quick runs. */
  limit?: number;
}

/** Folders never walked when listing a directory. */
export const SKIPPED_DIRS: ReadonlySet<string> = new Set(['.git', '__pycache__', 'site-packages']);

/** The stdlib corpus rule: a file below a test folder (test_support.py itself stays). */
export const isTestPath = inTestFolder;

/** Applies --no-tests and --limit to a file list (sorted by path, for stable runs). */
export function selectFiles<T extends { path: string }>(files: readonly T[], options: CorpusOptions): T[] {
  let selected = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  if (options.noTests) selected = selected.filter((f) => !isTestPath(f.path));
  if (options.limit !== undefined && options.limit >= 0) selected = selected.slice(0, options.limit);
  return selected;
}

/** Relative '/'-paths of the regular files below `root`, skipping SKIPPED_DIRS and symlinks. */
export function listFiles(root: string, accept: (path: string) => boolean = () => true): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(full);
      } else if (entry.isFile()) {
        const path = relative(root, full).split(sep).join('/');
        if (accept(path)) out.push(path);
      }
    }
  };
  walk(root);
  return out.sort();
}

/** Where the system python3 keeps its standard library (`sysconfig.get_paths()['stdlib']`). */
export function pythonStdlibDir(python = 'python3'): string {
  const script = "import sysconfig; print(sysconfig.get_paths()['stdlib'])";
  return execFileSync(python, ['-c', script], { encoding: 'utf8' }).trim();
}

/** Zips files under a single top-level folder `<name>/` (deflate level 6, like a usual zip). */
export function zipCorpus(name: string, files: readonly CorpusFile[], level: 0 | 1 | 6 | 9 = 6): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  for (const file of files) entries[`${name}/${file.path}`] = file.data;
  return zipSync(entries, { level });
}

/** Unzips an archive into files, dropping directories and one shared top-level folder. */
export function unzipCorpus(zip: Uint8Array): CorpusFile[] {
  const entries = unzipSync(zip);
  const paths = Object.keys(entries).filter((p) => !p.endsWith('/'));
  const tops = new Set(paths.map((p) => (p.includes('/') ? p.slice(0, p.indexOf('/')) : '')));
  const strip = tops.size === 1 && !tops.has('') ? [...tops][0]!.length + 1 : 0;
  return paths.map((p) => ({ path: p.slice(strip), data: entries[p]! }));
}

function fromDirectory(root: string, name: string, accept: (path: string) => boolean, options: CorpusOptions, source: string): Corpus {
  const listed = listFiles(root, accept).map((path) => ({ path }));
  const files = selectFiles(listed, options).map(({ path }) => ({ path, data: readFileSync(join(root, path)) }));
  return { name, source, files, zip: zipCorpus(name, files) };
}

/** The system Python's stdlib, .py files only, site-packages and __pycache__ excluded. */
export function stdlibCorpus(options: CorpusOptions = {}): Corpus {
  const root = pythonStdlibDir();
  return fromDirectory(root, basename(root), (p) => p.endsWith('.py'), options, `${root} (.py files)`);
}

/** A corpus from a zip file or a folder given on the command line. */
export function corpusFrom(target: string, options: CorpusOptions = {}): Corpus {
  if (statSync(target).isDirectory()) {
    return fromDirectory(target, basename(target.replace(/[/\\]+$/, '')), () => true, options, target);
  }
  const original = new Uint8Array(readFileSync(target));
  const files = selectFiles(unzipCorpus(original), options);
  const name = basename(target).replace(/\.zip$/i, '');
  const untouched = !options.noTests && options.limit === undefined;
  return { name, source: target, files, zip: untouched ? original : zipCorpus(name, files) };
}

/** Files tree-sitter can parse, decoded as UTF-8 (what the raw parse measurement reads). */
export function parseableTexts(files: readonly CorpusFile[]): { path: string; language: Language; text: string; bytes: number }[] {
  const decoder = new TextDecoder('utf-8');
  const out = [];
  for (const file of files) {
    const language = languageOf(file.path);
    if (language) out.push({ path: file.path, language, text: decoder.decode(file.data), bytes: file.data.byteLength });
  }
  return out;
}
