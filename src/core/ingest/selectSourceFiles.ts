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
import { sha256HexAll } from './sha256.ts';
import type { ConfigFile, IngestLimits, IngestResult, Language, RawEntry, SkipReason, SkippedFile, SourceFile } from './types.ts';

const PROGRESS_EVERY = 256;
/** Accepted files hashed together (WebCrypto digests run concurrently). */
export const HASH_BATCH = 64;
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
  const selector = new SourceSelector(entries, repoName, limits);
  const gitignore = selector.gitignoreIndex();
  if (gitignore >= 0) selector.useGitignore(entries[gitignore]!.data);
  for (let i = 0; i < entries.length; i++) {
    if (i % PROGRESS_EVERY === 0) {
      throwIfAborted(signal);
      if (i > 0) onProgress?.(i, entries.length);
    }
    selector.take(entries[i]!, i);
    if (selector.unhashed >= HASH_BATCH) await selector.hashPending();
  }
  await selector.hashPending();
  onProgress?.(entries.length, entries.length);
  return selector.result();
}

/**
 * The selection one entry at a time, in listing order (the streaming zip ingest inflates,
 * judges and hands over each file before reading the next). Built from the whole listing (paths
 * only: the layout, the root to strip); the root .gitignore, when there is one, is read first
 * (gitignoreIndex, useGitignore) since its rules judge the rest. Accepted files are hashed a
 * batch at a time (hashPending): their sha256 is '' until then.
 */
export class SourceSelector {
  private readonly layout: Layout;
  private isGitignored: (path: string) => string | false = () => false;
  private readonly files: SourceFile[] = [];
  private readonly configs: ConfigFile[] = [];
  private readonly skipped: SkippedFile[] = [];
  private readonly firstByLowerPath = new Map<string, string>();
  private totalBytes = 0;
  private pending: { file: SourceFile; data: Uint8Array }[] = [];

  constructor(
    listing: readonly Pick<RawEntry, 'path' | 'isDirectory'>[],
    private readonly repoName: string,
    private readonly limits: IngestLimits,
  ) {
    this.layout = planLayout(listing);
  }

  /** Index of the root .gitignore in the listing, or -1. */
  gitignoreIndex(): number {
    return this.layout.paths.findIndex((p) => p?.ok === true && p.path === '.gitignore');
  }

  /** The root .gitignore's bytes (null: it could not be read): its rules apply from now on. */
  useGitignore(data: Uint8Array | null): void {
    this.isGitignored = gitignoreMatcher(data);
  }

  /** Files accepted and not hashed yet. */
  get unhashed(): number {
    return this.pending.length;
  }

  /** Sets the sha256 of every file accepted since the last call. */
  async hashPending(): Promise<void> {
    if (this.pending.length === 0) return;
    const pending = this.pending;
    this.pending = [];
    const hashes = await sha256HexAll(pending.map((p) => p.data));
    pending.forEach((p, i) => (p.file.sha256 = hashes[i]!));
  }

  /**
   * Judges entry `index` of the listing (read or not); returns the source file it became, if
   * any (its sha256 comes with the next hashPending).
   */
  take(entry: RawEntry, index: number): SourceFile | null {
    const normalised = this.layout.paths[index];
    if (!normalised) return null; // a directory
    if (!normalised.ok) {
      this.skipped.push({ path: entry.path, reason: 'unsafe path', detail: normalised.detail });
      return null;
    }
    const path = normalised.path;
    const skip = (reason: SkipReason, detail?: string): null => {
      this.skipped.push(detail === undefined ? { path, reason } : { path, reason, detail });
      return null;
    };

    const verdict = judgeByName(path, this.layout.dirs, this.isGitignored, entry);
    if (verdict.kind === 'skip') return skip(verdict.reason, verdict.detail);
    if (verdict.kind === 'gitignore') return skip('not source', 'git configuration');
    const lower = path.toLowerCase();
    const first = this.firstByLowerPath.get(lower);
    if (first !== undefined) {
      if (first === path) return skip('duplicate path', 'the archive holds this path more than once; the first copy is used');
      return skip('case collision', `differs from ${first} only in letter case; the first one is used`);
    }
    this.firstByLowerPath.set(lower, path);

    const data = entry.data;
    if (!data) return skip('unreadable', 'the file could not be read');
    const { limits } = this;
    if (data.length > limits.maxFileBytes) {
      return skip('too large', `${formatBytes(data.length)}, the limit per file is ${formatBytes(limits.maxFileBytes)}`);
    }
    if (this.totalBytes + data.length > limits.maxTotalBytes) {
      return skip('archive limit', `the files exceed ${formatBytes(limits.maxTotalBytes)} in total`);
    }
    this.totalBytes += data.length;
    const decoded = decodeSourceText(data);
    if (!decoded.ok) return skip('binary', decoded.detail);
    if (verdict.kind === 'config') {
      this.configs.push({ path, text: decoded.text });
      return null;
    }
    const file: SourceFile = {
      path,
      language: verdict.language,
      text: decoded.text,
      bytes: data.length,
      sha256: '',
      notes: decoded.notes,
    };
    this.files.push(file);
    this.pending.push({ file, data });
    return file;
  }

  result(): IngestResult {
    return {
      repoName: this.layout.strippedRoot ?? this.repoName,
      files: this.files,
      configs: this.configs,
      skipped: this.skipped,
      strippedRoot: this.layout.strippedRoot,
    };
  }
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

/** The folder every entry sits in, which the repository is named after; null when there is none. */
export function singleTopFolderOf(entries: readonly Pick<RawEntry, 'path' | 'isDirectory'>[]): string | null {
  return planLayout(entries).strippedRoot;
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
function gitignoreMatcher(data: Uint8Array | null): (path: string) => string | false {
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
