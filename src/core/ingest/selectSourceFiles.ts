/**
 * @file Raw entries -> source files, configs and a skip list (never throws for a bad entry).
 * Runs in: the ingest worker (app), in-process (cli, tests). Layer src/core.
 *
 * Each file entry gets the first verdict that applies, in this order:
 *  1. 'unsafe path': absolute, drive letter, UNC, '..' escaping the root, control characters
 *     (listed under the raw name; see pathRules.ts).
 *  2. 'ignored directory': .git, node_modules, __pycache__, virtualenvs (any directory holding
 *     pyvenv.cfg), caches, and dist/build/out/target/coverage unless that directory is itself
 *     a Python package (holds __init__.py).
 *  3. 'gitignored': the root .gitignore (nested .gitignore files are not read).
 *  4. 'symlink' (never followed), 'encrypted', then whatever the reader decided ('too large',
 *     'archive limit', 'nested archive', 'unreadable').
 *  5. 'nested archive' / 'not source' by name. tsconfig*.json / jsconfig*.json go to configs.
 *  6. 'duplicate path' (same path again: the first wins) and 'case collision' (A.py after
 *     a.py: the first wins, because the repo cannot be checked out on a case-insensitive file
 *     system and Python imports would be ambiguous).
 *  7. 'too large' / 'archive limit' by actual bytes (dropped folders), 'binary' (decodeText.ts).
 * Root stripping: when every file lies under one top-level folder (as in GitHub zips) that
 * folder is stripped and names the repo, unless it holds __init__.py directly (then it is the
 * package and stays). __MACOSX does not count against the single folder.
 * Cost: one pass, O(total path length); 50k entries take well under a second.
 */
import ignore from 'ignore';
import { throwIfAborted } from '../errors.ts';
import { decodeSourceText } from './decodeText.ts';
import { formatBytes } from './limits.ts';
import type { DirectoryContext } from './pathRules.ts';
import { ignoredDirectoryOf, isConfigFile, isNestedArchive, languageOf, normaliseEntryPath } from './pathRules.ts';
import { sha256Hex } from './sha256.ts';
import type { ConfigFile, IngestLimits, IngestResult, Language, RawEntry, SkipReason, SkippedFile, SourceFile } from './types.ts';

const PROGRESS_EVERY = 256;
const MACOS_METADATA_DIR = '__MACOSX';

/** Where each entry lands in the repo once paths are normalised and the root is stripped. */
interface Layout {
  strippedRoot: string | null;
  /** Per entry: normalised path, an unsafe-path detail, or null for directories. */
  paths: ({ ok: true; path: string } | { ok: false; detail: string } | null)[];
  dirs: DirectoryContext;
}

type NameVerdict =
  | { kind: 'skip'; reason: SkipReason; detail?: string }
  | { kind: 'source'; language: Language }
  | { kind: 'config' }
  | { kind: 'gitignore' };

/** Filters, decodes and hashes the entries. See the header for the rules and their order. */
export async function selectSourceFiles(
  entries: readonly RawEntry[],
  repoName: string,
  limits: IngestLimits,
  onProgress?: (done: number, total: number) => void,
  signal?: AbortSignal,
): Promise<IngestResult> {
  const layout = planLayout(entries);
  const isGitignored = gitignoreMatcher(entries, layout);
  const files: SourceFile[] = [];
  const configs: ConfigFile[] = [];
  const skipped: SkippedFile[] = [];
  const firstByLowerPath = new Map<string, string>();
  let totalBytes = 0;

  for (let i = 0; i < entries.length; i++) {
    if (i % PROGRESS_EVERY === 0) {
      throwIfAborted(signal);
      if (i > 0) onProgress?.(i, entries.length);
    }
    const entry = entries[i]!;
    const normalised = layout.paths[i];
    if (!normalised) continue; // a directory
    if (!normalised.ok) {
      skipped.push({ path: entry.path, reason: 'unsafe path', detail: normalised.detail });
      continue;
    }
    const path = normalised.path;
    const skip = (reason: SkipReason, detail?: string) => skipped.push(detail === undefined ? { path, reason } : { path, reason, detail });

    const verdict = judgeByName(path, layout.dirs, isGitignored, entry);
    if (verdict.kind === 'skip') {
      skip(verdict.reason, verdict.detail);
      continue;
    }
    if (verdict.kind === 'gitignore') {
      skip('not source', 'git configuration');
      continue;
    }
    const lower = path.toLowerCase();
    const first = firstByLowerPath.get(lower);
    if (first !== undefined) {
      if (first === path) skip('duplicate path', 'the archive holds this path more than once; the first copy is used');
      else skip('case collision', `differs from ${first} only in letter case; the first one is used`);
      continue;
    }
    firstByLowerPath.set(lower, path);

    const data = entry.data;
    if (!data) {
      skip('unreadable', 'the file could not be read');
      continue;
    }
    if (data.length > limits.maxFileBytes) {
      skip('too large', `${formatBytes(data.length)}, the limit per file is ${formatBytes(limits.maxFileBytes)}`);
      continue;
    }
    if (totalBytes + data.length > limits.maxTotalBytes) {
      skip('archive limit', `the files exceed ${formatBytes(limits.maxTotalBytes)} in total`);
      continue;
    }
    totalBytes += data.length;
    const decoded = decodeSourceText(data);
    if (!decoded.ok) {
      skip('binary', decoded.detail);
      continue;
    }
    if (verdict.kind === 'config') {
      configs.push({ path, text: decoded.text });
      continue;
    }
    files.push({
      path,
      language: verdict.language,
      text: decoded.text,
      bytes: data.length,
      sha256: await sha256Hex(data),
      notes: decoded.notes,
    });
  }
  onProgress?.(entries.length, entries.length);
  return {
    repoName: layout.strippedRoot ?? repoName,
    files,
    configs,
    skipped,
    strippedRoot: layout.strippedRoot,
  };
}

/**
 * A predicate over raw archive paths: true for the entries selectSourceFiles may need bytes
 * of (sources, configs, the root .gitignore). Lets the zip reader skip inflating the rest.
 */
export function createCandidateFilter(entries: readonly Pick<RawEntry, 'path' | 'isDirectory'>[]): (rawPath: string) => boolean {
  const layout = planLayout(entries);
  const candidates = new Set<string>();
  const notGitignored = (): false => false;
  for (let i = 0; i < entries.length; i++) {
    const normalised = layout.paths[i];
    if (!normalised?.ok) continue;
    if (judgeByName(normalised.path, layout.dirs, notGitignored, {}).kind !== 'skip') candidates.add(entries[i]!.path);
  }
  return (rawPath) => candidates.has(rawPath);
}

function judgeByName(
  path: string,
  dirs: DirectoryContext,
  isGitignored: (path: string) => string | false,
  entry: Pick<RawEntry, 'isSymlink' | 'isEncrypted' | 'skip'>,
): NameVerdict {
  const ignoredDir = ignoredDirectoryOf(path, dirs);
  if (ignoredDir) return { kind: 'skip', reason: 'ignored directory', detail: `inside ${ignoredDir}` };
  const rule = isGitignored(path);
  if (rule !== false) return { kind: 'skip', reason: 'gitignored', detail: `matches '${rule}' in .gitignore` };
  if (entry.isSymlink) return { kind: 'skip', reason: 'symlink', detail: 'links are never followed' };
  if (entry.isEncrypted) return { kind: 'skip', reason: 'encrypted', detail: 'password-protected entries cannot be read' };
  if (entry.skip) return { kind: 'skip', ...entry.skip };
  if (path === '.gitignore') return { kind: 'gitignore' };
  if (isNestedArchive(path)) return { kind: 'skip', reason: 'nested archive', detail: 'archives inside the archive are not expanded' };
  const language = languageOf(path);
  if (language) return { kind: 'source', language };
  if (isConfigFile(path)) return { kind: 'config' };
  return { kind: 'skip', reason: 'not source' };
}

function planLayout(entries: readonly Pick<RawEntry, 'path' | 'isDirectory'>[]): Layout {
  const raw = entries.map((entry) => (entry.isDirectory ? null : normaliseEntryPath(entry.path)));
  const strippedRoot = singleTopFolder(raw);
  const prefix = strippedRoot === null ? '' : `${strippedRoot}/`;
  const paths = raw.map((p) => (p?.ok && prefix && p.path.startsWith(prefix) ? { ok: true as const, path: p.path.slice(prefix.length) } : p));
  const venvDirs = new Set<string>();
  const packageDirs = new Set<string>();
  for (const p of paths) {
    if (!p?.ok) continue;
    const slash = p.path.lastIndexOf('/');
    if (slash < 0) continue;
    const name = p.path.slice(slash + 1);
    if (name === 'pyvenv.cfg') venvDirs.add(p.path.slice(0, slash));
    else if (name === '__init__.py') packageDirs.add(p.path.slice(0, slash));
  }
  return { strippedRoot, paths, dirs: { venvDirs, packageDirs } };
}

/** The one folder every file lies under, unless it is a Python package; else null. */
function singleTopFolder(paths: readonly ({ ok: true; path: string } | { ok: false; detail: string } | null)[]): string | null {
  let root: string | null = null;
  let hasInit = false;
  for (const p of paths) {
    if (!p?.ok) continue;
    const slash = p.path.indexOf('/');
    if (slash < 0) return null; // a file at the top level
    const top = p.path.slice(0, slash);
    if (top === MACOS_METADATA_DIR) continue;
    if (root === null) root = top;
    else if (top !== root) return null;
    if (p.path.length === slash + 12 && p.path.endsWith('/__init__.py')) hasInit = true;
  }
  return hasInit ? null : root;
}

/** Matcher for the root .gitignore: returns the matching pattern, or false. */
function gitignoreMatcher(entries: readonly RawEntry[], layout: Layout): (path: string) => string | false {
  const index = layout.paths.findIndex((p) => p?.ok === true && p.path === '.gitignore');
  const data = index >= 0 ? entries[index]!.data : null;
  if (!data) return () => false;
  const rules = ignore().add(new TextDecoder('utf-8').decode(data));
  return (path) => {
    try {
      const result = rules.test(path);
      return result.ignored ? (result.rule?.pattern ?? '') : false;
    } catch {
      return false; // a name the library refuses is simply not ignored
    }
  };
}

/** Helper for callers reporting skips: counts by reason, most frequent first ('3 not source, 1 binary'). */
export function summariseSkips(skipped: readonly SkippedFile[]): string {
  const counts = new Map<SkipReason, number>();
  for (const s of skipped) counts.set(s.reason, (counts.get(s.reason) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([reason, n]) => `${n} ${reason}`)
    .join(', ');
}
