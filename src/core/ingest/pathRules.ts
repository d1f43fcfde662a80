/**
 * @file Rules that look at names only: path safety and normalisation, ignored directories,
 * nested archives, language by extension, config files.
 * Runs in: everywhere. Layer src/core.
 */
import { isLanguageConfigFile, languageOfExtension } from '../languages/catalog.ts';
import type { Language } from './types.ts';

export type NormalisedPath = { ok: true; path: string } | { ok: false; detail: string };

const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;
const DRIVE_LETTER = /^[a-zA-Z]:/;

/**
 * Normalises an archive path to a safe, '/'-separated path relative to the root.
 * Backslashes become '/'; '.' and empty segments vanish; '..' is resolved and rejected only
 * when it would climb above the root. Absolute paths ('/x', '\\\\server\\x', 'C:\\x', 'C:x')
 * and control characters (NUL included) are rejected. Never throws.
 */
export function normaliseEntryPath(raw: string): NormalisedPath {
  if (CONTROL_CHARS.test(raw)) return { ok: false, detail: 'the name contains control characters' };
  const path = raw.replaceAll('\\', '/');
  if (path.startsWith('/')) return { ok: false, detail: 'absolute path' };
  if (DRIVE_LETTER.test(path)) return { ok: false, detail: 'path with a drive letter' };
  const out: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (out.length === 0) return { ok: false, detail: "'..' climbs out of the archive root" };
      out.pop();
    } else {
      out.push(segment);
    }
  }
  if (out.length === 0) return { ok: false, detail: 'empty path' };
  return { ok: true, path: out.join('/') };
}

/** Directories skipped wherever they appear: VCS data, dependencies, caches, virtualenvs. */
const ALWAYS_IGNORED_DIRS = new Set([
  '.git',
  '.hg',
  '.svn',
  'node_modules',
  '__pycache__',
  '.venv',
  'venv',
  'site-packages',
  '.next',
  '.tox',
  '.nox',
  '.mypy_cache',
  '.pytest_cache',
  '.ruff_cache',
  '__MACOSX',
]);

/**
 * Build-output directories: skipped unless the directory itself holds an `__init__.py`
 * (then it is a Python package that happens to be called `build`, like pip's
 * `_internal/operations/build/`).
 */
const OUTPUT_DIRS = new Set(['dist', 'build', 'out', 'target', 'coverage']);

/** True for directory names a folder reader can prune without looking inside. */
export function isAlwaysIgnoredDirectory(name: string): boolean {
  return ALWAYS_IGNORED_DIRS.has(name);
}

export interface DirectoryContext {
  /** Directories (normalised paths) that hold a `pyvenv.cfg`: virtualenvs, whatever their name. */
  venvDirs: ReadonlySet<string>;
  /** Directories (normalised paths) that hold an `__init__.py` directly. */
  packageDirs: ReadonlySet<string>;
}

/** The ignored directory a file path lies in ('node_modules', 'env (virtualenv)'), or null. */
export function ignoredDirectoryOf(path: string, context: DirectoryContext): string | null {
  let end = path.indexOf('/');
  while (end !== -1) {
    const start = path.lastIndexOf('/', end - 1) + 1;
    const name = path.slice(start, end);
    if (ALWAYS_IGNORED_DIRS.has(name)) return name;
    if (OUTPUT_DIRS.has(name) && !context.packageDirs.has(path.slice(0, end))) return name;
    if (context.venvDirs.size > 0 && context.venvDirs.has(path.slice(0, end))) return `${name} (virtualenv)`;
    end = path.indexOf('/', end + 1);
  }
  return null;
}

const NESTED_ARCHIVE = /\.(zip|jar|war|ear|whl|egg|tar|tgz|gz|bz2|xz|zst|7z|rar|apk|nupkg|crx|xpi)$/i;

/** True for archives inside the archive: listed, never expanded. */
export function isNestedArchive(path: string): boolean {
  return NESTED_ARCHIVE.test(path);
}

/** Language of a source file by its extension (case-insensitive), or null. */
export function languageOf(path: string): Language | null {
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  if (dot <= slash + 1) return null; // no extension, or a dotfile such as '.py'
  return languageOfExtension(path.slice(dot + 1).toLowerCase());
}

/** A config file a language's resolver reads: tsconfig.json / jsconfig.json (and the files they extend), go.mod, Cargo.toml. */
export function isConfigFile(path: string): boolean {
  return isLanguageConfigFile(path.slice(path.lastIndexOf('/') + 1));
}

/** The last segment of a path. */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
