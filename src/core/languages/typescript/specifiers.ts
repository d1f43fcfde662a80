/**
 * @file TS/JS import specifier -> repo file for the stitcher. File probing (relative paths,
 * './x.js' -> x.ts, extensionless and index files, `paths` patterns, `baseUrl`) is the parse
 * layer's resolveSpecifier; this file adds per-folder configs: every file uses the nearest
 * tsconfig.json / jsconfig.json above it (monorepos have one per package), `extends` followed
 * inside the repo. Bare package names that no config maps stay outside the repo (null).
 * Runs in: everywhere (stitcher). Layer src/core.
 */
import type { ConfigFile } from '../../ingest/types.ts';
import { parseJsonc, resolveSpecifier } from './resolveSpecifier.ts';
import type { TsResolveConfig } from './resolveSpecifier.ts';
import { folderOf } from '../../graph/moduleNames.ts';

const NO_CONFIG: TsResolveConfig = { baseUrl: null, paths: {} };
const CONFIG_NAMES = new Set(['tsconfig.json', 'jsconfig.json']);
const MAX_EXTENDS = 16;

/** Resolve an import specifier written in `fromPath` to a repo file path, or null (npm, missing). */
export type SpecifierResolver = (fromPath: string, specifier: string) => string | null;

export function createSpecifierResolver(paths: readonly string[], configs: readonly ConfigFile[]): SpecifierResolver {
  const files = new Set(paths);
  const hasFile = (path: string): boolean => files.has(path);
  const byFolder = readFolderConfigs(configs);
  const nearestCache = new Map<string, TsResolveConfig>();
  const nearest = (folder: string): TsResolveConfig => {
    let found = nearestCache.get(folder);
    if (!found) {
      found = byFolder.get(folder) ?? (folder === '' ? NO_CONFIG : nearest(folderOf(folder)));
      nearestCache.set(folder, found);
    }
    return found;
  };
  return (fromPath, specifier) => resolveSpecifier(fromPath, specifier, nearest(folderOf(fromPath)), hasFile);
}

/**
 * Resolution settings per folder holding a tsconfig.json (preferred) or jsconfig.json. Relative
 * options are relative to the config declaring them; `paths` are relative to baseUrl when one is
 * set anywhere in the `extends` chain, else to the config declaring them (TypeScript's rule).
 */
export function readFolderConfigs(configs: readonly ConfigFile[]): Map<string, TsResolveConfig> {
  const byPath = new Map(configs.map((config) => [config.path, config]));
  const result = new Map<string, TsResolveConfig>();
  const ordered = [...configs].sort((a, b) => Number(a.path.endsWith('jsconfig.json')) - Number(b.path.endsWith('jsconfig.json')));
  for (const config of ordered) {
    const name = config.path.slice(config.path.lastIndexOf('/') + 1);
    const folder = folderOf(config.path);
    if (!CONFIG_NAMES.has(name) || result.has(folder)) continue;
    result.set(folder, readChain(config, byPath));
  }
  return result;
}

function readChain(config: ConfigFile, byPath: ReadonlyMap<string, ConfigFile>): TsResolveConfig {
  const chain: { folder: string; options: Record<string, unknown> }[] = [];
  const visited = new Set<string>();
  for (let current: ConfigFile | undefined = config; current && !visited.has(current.path) && chain.length < MAX_EXTENDS; ) {
    visited.add(current.path);
    const json = parseJsonc(current.text);
    const folder = folderOf(current.path);
    const options = isRecord(json) && isRecord(json.compilerOptions) ? json.compilerOptions : {};
    chain.push({ folder, options });
    const parent = isRecord(json) && typeof json.extends === 'string' ? json.extends : null;
    current = parent !== null && parent.startsWith('.') ? extended(byPath, folder, parent) : undefined;
  }
  let baseUrl: string | null = null;
  let paths: Record<string, string[]> = {};
  let pathsFolder = folderOf(config.path);
  for (let i = chain.length - 1; i >= 0; i--) {
    const { folder, options } = chain[i]!;
    if (typeof options.baseUrl === 'string') baseUrl = joinPath(folder, options.baseUrl);
    if (isRecord(options.paths)) {
      paths = {};
      for (const [pattern, targets] of Object.entries(options.paths)) {
        if (Array.isArray(targets)) paths[pattern] = targets.filter((target): target is string => typeof target === 'string');
      }
      pathsFolder = folder;
    }
  }
  const base = baseUrl ?? pathsFolder;
  const joined: Record<string, string[]> = {};
  for (const [pattern, targets] of Object.entries(paths)) joined[pattern] = targets.map((target) => joinPath(base, target));
  return { baseUrl, paths: joined };
}

function extended(byPath: ReadonlyMap<string, ConfigFile>, folder: string, parent: string): ConfigFile | undefined {
  const target = joinPath(folder, parent);
  return byPath.get(target) ?? byPath.get(`${target}.json`) ?? byPath.get(joinPath(target, 'tsconfig.json'));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Join and normalise '/'-separated paths; '..' above the root is clamped at the root. */
export function joinPath(folder: string, relative: string): string {
  const out: string[] = [];
  for (const part of (folder === '' ? relative : `${folder}/${relative}`).split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') out.pop();
    else out.push(part);
  }
  return out.join('/');
}
