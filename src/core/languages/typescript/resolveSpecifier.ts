/**
 * @file Module specifier resolution for TS/JS imports, as the stitcher needs it: relative paths
 * with TypeScript's extension substitution ('./x.js' -> x.ts), directory index files, tsconfig /
 * jsconfig `paths` (with `*`) and `baseUrl`. Pure: the caller says which files exist.
 * Runs in: the stitcher (workers, Node). Layer src/core.
 */

/** Resolution settings from the repo's tsconfig/jsconfig, paths relative to the repo root. */
export interface TsResolveConfig {
  /** Folder non-relative specifiers are looked up in ('' = repo root), null when not set. */
  baseUrl: string | null;
  /** Pattern -> substitutions, the substitutions already joined with their base folder. */
  paths: Record<string, string[]>;
}

interface CompilerOptionsSeen {
  baseUrl?: string;
  paths?: Record<string, string[]>;
  /** Folder of the config that defines `paths`. */
  pathsBase?: string;
}

const MAX_EXTENDS = 16;

/**
 * Read the resolution settings of the repo: the tsconfig.json / jsconfig.json at the root or,
 * failing that, the shallowest one (tsconfig preferred). Comments and trailing commas are
 * tolerated; a relative `extends` is followed among the given configs.
 */
export function readTsConfig(configs: { path: string; text: string }[]): TsResolveConfig {
  const candidates = configs.filter((config) => /(^|\/)(tsconfig|jsconfig)\.json$/.test(config.path));
  candidates.sort((a, b) => depth(a.path) - depth(b.path) || Number(isJsConfig(a.path)) - Number(isJsConfig(b.path)) || a.path.localeCompare(b.path));
  const chosen = candidates[0];
  if (!chosen) return { baseUrl: null, paths: {} };
  const byPath = new Map(configs.map((config) => [normalisePath(config.path) ?? config.path, config]));
  // Walk the extends chain from the chosen config to its farthest base, then apply base first.
  const chain: { folder: string; options: Record<string, unknown> }[] = [];
  const visited = new Set<string>();
  let current: { path: string; text: string } | undefined = chosen;
  while (current && !visited.has(current.path) && chain.length < MAX_EXTENDS) {
    visited.add(current.path);
    const json = parseJsonc(current.text);
    const folder = dirname(current.path);
    const options = isRecord(json) && isRecord(json.compilerOptions) ? json.compilerOptions : {};
    chain.push({ folder, options });
    const parent: unknown = isRecord(json) ? json.extends : undefined;
    current = typeof parent === 'string' && parent.startsWith('.') ? findExtended(byPath, folder, parent) : undefined;
  }
  const seen: CompilerOptionsSeen = {};
  for (let index = chain.length - 1; index >= 0; index--) {
    const { folder, options } = chain[index];
    if (typeof options.baseUrl === 'string') seen.baseUrl = joinPath(folder, options.baseUrl) ?? '';
    if (isRecord(options.paths)) {
      const paths: Record<string, string[]> = {};
      for (const [pattern, targets] of Object.entries(options.paths)) {
        if (Array.isArray(targets)) paths[pattern] = targets.filter((target): target is string => typeof target === 'string');
      }
      seen.paths = paths;
      seen.pathsBase = folder;
    }
  }
  // TypeScript: `paths` are relative to baseUrl when one is set, else to the config defining them.
  const pathsBase = seen.baseUrl ?? seen.pathsBase ?? '';
  const paths: Record<string, string[]> = {};
  for (const [pattern, targets] of Object.entries(seen.paths ?? {})) {
    paths[pattern] = targets.map((target) => joinPath(pathsBase, target)).filter((target): target is string => target !== null);
  }
  return { baseUrl: seen.baseUrl ?? null, paths };
}

function findExtended(byPath: Map<string, { path: string; text: string }>, folder: string, extended: string): { path: string; text: string } | undefined {
  const target = joinPath(folder, extended);
  if (target === null) return undefined;
  return byPath.get(target) ?? byPath.get(`${target}.json`) ?? byPath.get(joinPath(target, 'tsconfig.json') ?? '');
}

/** Extension substitutions TypeScript applies to a written extension. */
const WRITTEN_EXTENSIONS: [string, string[]][] = [
  ['.js', ['.ts', '.tsx', '.d.ts', '.js']],
  ['.jsx', ['.tsx', '.jsx']],
  ['.mjs', ['.mts', '.d.mts', '.mjs']],
  ['.cjs', ['.cts', '.d.cts', '.cjs']],
];
const TRY_EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.js', '.jsx', '.mjs', '.cjs', '.mts', '.cts'];
const INDEX_EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.js', '.jsx', '.mjs', '.cjs'];

/**
 * Repo-relative path of the file `specifier` (imported from `fromPath`) refers to, or null for
 * bare packages and anything that does not resolve to an existing file.
 */
export function resolveSpecifier(fromPath: string, specifier: string, config: TsResolveConfig, hasFile: (path: string) => boolean): string | null {
  const cleaned = specifier.replace(/[?#].*$/, '');
  if (cleaned === '') return null;
  if (cleaned === '.' || cleaned === '..' || cleaned.startsWith('./') || cleaned.startsWith('../')) {
    const target = joinPath(dirname(fromPath), cleaned);
    return target === null ? null : resolveFile(target, hasFile);
  }
  if (cleaned.startsWith('/')) return null;
  const mapped = matchPaths(cleaned, config.paths);
  for (const target of mapped) {
    const resolved = resolveFile(target, hasFile);
    if (resolved !== null) return resolved;
  }
  if (config.baseUrl !== null) {
    const target = joinPath(config.baseUrl, cleaned);
    if (target !== null) return resolveFile(target, hasFile);
  }
  return null;
}

/** Substituted targets of the best `paths` pattern (exact, else longest prefix before `*`). */
function matchPaths(specifier: string, paths: Record<string, string[]>): string[] {
  let best: { prefixLength: number; targets: string[]; captured: string } | null = null;
  for (const [pattern, targets] of Object.entries(paths)) {
    const star = pattern.indexOf('*');
    if (star === -1) {
      if (pattern === specifier) return targets.map((target) => normalisePath(target)).filter((target): target is string => target !== null);
      continue;
    }
    const prefix = pattern.slice(0, star);
    const suffix = pattern.slice(star + 1);
    if (specifier.length < prefix.length + suffix.length || !specifier.startsWith(prefix) || !specifier.endsWith(suffix)) continue;
    if (best && best.prefixLength >= prefix.length) continue;
    best = { prefixLength: prefix.length, targets, captured: specifier.slice(prefix.length, specifier.length - suffix.length) };
  }
  if (!best) return [];
  const { targets, captured } = best;
  return targets.map((target) => normalisePath(target.replace('*', captured))).filter((target): target is string => target !== null);
}

/** The existing file a path stands for: itself, with extensions substituted or added, or its index. */
function resolveFile(path: string, hasFile: (path: string) => boolean): string | null {
  if (path === '') return firstExisting(INDEX_EXTENSIONS.map((extension) => `index${extension}`), hasFile);
  for (const [written, substitutes] of WRITTEN_EXTENSIONS) {
    if (path.endsWith(written)) {
      const stem = path.slice(0, -written.length);
      const hit = firstExisting(substitutes.map((extension) => stem + extension), hasFile);
      if (hit !== null) return hit;
      break;
    }
  }
  if (hasFile(path)) return path;
  return (
    firstExisting(TRY_EXTENSIONS.map((extension) => path + extension), hasFile) ??
    firstExisting(INDEX_EXTENSIONS.map((extension) => `${path}/index${extension}`), hasFile)
  );
}

function firstExisting(paths: string[], hasFile: (path: string) => boolean): string | null {
  for (const path of paths) if (hasFile(path)) return path;
  return null;
}

function depth(path: string): number {
  return path.split('/').length;
}

function isJsConfig(path: string): boolean {
  return path.endsWith('jsconfig.json');
}

function dirname(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}

/** Normalise '/'-separated segments ('.', '..', empty); null when '..' climbs above the root. */
function normalisePath(path: string): string | null {
  const out: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (out.length === 0) return null;
      out.pop();
    } else {
      out.push(segment);
    }
  }
  return out.join('/');
}

function joinPath(folder: string, relative: string): string | null {
  if (relative.startsWith('/')) return normalisePath(relative);
  return normalisePath(folder === '' ? relative : `${folder}/${relative}`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** JSON with comments and trailing commas (tsconfig style); undefined when unreadable. */
export function parseJsonc(text: string): unknown {
  const withoutComments = scanJson(text, (char, next) => (char === '/' && (next === '/' || next === '*') ? 'comment' : 'keep'));
  const withoutTrailingCommas = scanJson(withoutComments, (char, _next, closes) => (char === ',' && closes() ? 'drop' : 'keep'));
  try {
    return JSON.parse(withoutTrailingCommas.replace(/^\uFEFF/, ''));
  } catch {
    // A malformed config resolves nothing through it; relative specifiers still work.
    return undefined;
  }
}

const CLOSING = /\s*[}\]]/y;

/**
 * Copy JSON text outside strings through `decide` (strings are always kept whole);
 * `closes()` says whether only whitespace separates the character from a `}` or `]`.
 */
function scanJson(text: string, decide: (char: string, next: string | undefined, closes: () => boolean) => 'keep' | 'drop' | 'comment'): string {
  let out = '';
  let index = 0;
  while (index < text.length) {
    const char = text[index];
    if (char === '"') {
      let end = index + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      out += text.slice(index, end + 1);
      index = end + 1;
      continue;
    }
    const closes = (): boolean => {
      CLOSING.lastIndex = index + 1;
      return CLOSING.test(text);
    };
    const action = decide(char, text[index + 1], closes);
    if (action === 'keep') {
      out += char;
      index++;
    } else if (action === 'drop') {
      index++;
    } else if (text[index + 1] === '/') {
      const newline = text.indexOf('\n', index);
      index = newline === -1 ? text.length : newline;
    } else {
      const close = text.indexOf('*/', index + 2);
      index = close === -1 ? text.length : close + 2;
    }
  }
  return out;
}
