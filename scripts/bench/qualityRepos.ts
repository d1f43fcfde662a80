/**
 * @file The quality benchmark's repositories: held-out Debian packages named in
 * quality-repos.txt, each fetched once (`apt-get download`, one package per call), unpacked
 * (`dpkg -x`) and indexed from its sources (SOURCE_ROOTS: `python3-*` from
 * `usr/lib/python3/dist-packages`, `golang-*` from `usr/share/gocode/src`, `node-*` from
 * `usr/share/nodejs`; `openjdk-17-source:<module>` is one module of the JDK's `lib/src.zip`, its
 * `.java` files unzipped; test folders and Go's `_test.go` files left out) into its own database with structural
 * descriptions and the built-in embeddings; a `--model` adds that model's embedding set.
 * Everything is cached under one ignored folder (default `.tmp/quality-repos`), so later runs
 * reuse the databases.
 * Runs in: Node (tsx).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { unzipSync } from 'fflate';
import { runDescribe } from '../../src/cli/describeCommand.ts';
import { runEmbed } from '../../src/cli/embedCommand.ts';
import { runIndex } from '../../src/cli/indexCommand.ts';
import { resolveModelArg } from '../../src/adapters/node/nodeModels.ts';
import { openNodeDatabase } from '../../src/adapters/node/duckdbNode.ts';
import { listEmbeddingSets } from '../../src/core/store/embeddingStore.ts';
import { listFiles, selectFiles, zipCorpus } from './corpus.ts';

export const DEFAULT_REPO_LIST = resolve(import.meta.dirname, 'quality-repos.txt');
export const DEFAULT_CACHE = resolve(import.meta.dirname, '../../.tmp/quality-repos');

/** Package names of a list file: one per line, '#' comments and blank lines skipped. */
export function parseRepoList(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/#.*/, '').trim())
    .filter((line) => line !== '');
}

export function readRepoList(file = DEFAULT_REPO_LIST): string[] {
  return parseRepoList(readFileSync(file, 'utf8'));
}

function log(line: string): void {
  process.stderr.write(`${line}\n`);
}

/** Where a package's sources lie once unpacked, and which files are sources, by name prefix. */
export const SOURCE_ROOTS: readonly { prefix: string; root: string; ext: RegExp }[] = [
  { prefix: 'python3-', root: 'usr/lib/python3/dist-packages', ext: /\.py$/ },
  { prefix: 'golang-', root: 'usr/share/gocode/src', ext: /\.go$/ },
  { prefix: 'node-', root: 'usr/share/nodejs', ext: /\.(?:js|mjs|cjs|ts)$/ },
  { prefix: 'openjdk-', root: 'usr/lib/jvm', ext: /\.java$/ },
];

/**
 * A bench entry's Debian package and, for `openjdk-17-source:<module>`, the module of its
 * `lib/src.zip` (java.sql, java.logging, ...); `file` names its cached database and folders.
 */
export function parseRepoName(entry: string): { deb: string; module?: string; file: string } {
  const match = /^([a-z0-9][a-z0-9+.-]*)(?::([a-z][a-z0-9.]*))?$/.exec(entry);
  if (!match) throw new Error(`'${entry}' is not a Debian package name (or openjdk-17-source:<module>)`);
  const [, deb, module] = match;
  if (module !== undefined && !deb.startsWith('openjdk-')) throw new Error(`${entry}: only an openjdk source package has modules`);
  if (module === undefined && deb.startsWith('openjdk-')) throw new Error(`${entry}: name one module of its src.zip (${deb}:java.sql)`);
  return module === undefined ? { deb, file: deb } : { deb, module, file: `${deb}_${module}` };
}

function sourceRoot(pkg: string) {
  const found = SOURCE_ROOTS.find((r) => pkg.startsWith(r.prefix));
  if (!found) throw new Error(`${pkg}: no known source folder (packages start with ${SOURCE_ROOTS.map((r) => r.prefix).join(', ')})`);
  return found;
}

/** The `.java` files of one module of a JDK's src.zip, written below `out` (`<module>/...`). */
export function unzipJavaModule(zip: Uint8Array, module: string, out: string): number {
  const files = unzipSync(zip, { filter: (f) => f.name.startsWith(`${module}/`) && f.name.endsWith('.java') });
  for (const [name, data] of Object.entries(files)) {
    const path = join(out, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, data);
  }
  return Object.keys(files).length;
}

function findFile(dir: string, name: string): string | null {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isFile() && entry.name === name) return path;
    if (entry.isDirectory()) {
      const found = findFile(path, name);
      if (found) return found;
    }
  }
  return null;
}

/** The package's source folder, downloading and unpacking it when not cached. */
export function repoSource(pkg: string, cache = DEFAULT_CACHE): string {
  const { deb: debName, module, file } = parseRepoName(pkg);
  const debs = join(cache, 'debs');
  mkdirSync(debs, { recursive: true });
  const find = () => readdirSync(debs).find((f) => f.startsWith(`${debName}_`) && f.endsWith('.deb'));
  let deb = find();
  if (!deb) {
    log(`apt-get download ${debName}`);
    execFileSync('apt-get', ['download', debName], { cwd: debs, stdio: ['ignore', 'ignore', 'inherit'] });
    deb = find();
    if (!deb) throw new Error(`apt-get download ${debName} left no .deb in ${debs}`);
  }
  const unpacked = join(cache, 'src', debName);
  if (!existsSync(unpacked)) {
    mkdirSync(unpacked, { recursive: true });
    execFileSync('dpkg', ['-x', join(debs, deb), unpacked]);
  }
  const root = join(unpacked, sourceRoot(pkg).root);
  if (!existsSync(root)) throw new Error(`${pkg} has no ${sourceRoot(pkg).root} folder`);
  if (module === undefined) return root;
  const moduleRoot = join(cache, 'src', file);
  if (!existsSync(moduleRoot)) {
    const zip = findFile(root, 'src.zip');
    if (!zip) throw new Error(`${debName} has no src.zip below ${sourceRoot(pkg).root}`);
    const partial = `${moduleRoot}.partial`;
    rmSync(partial, { recursive: true, force: true });
    const count = unzipJavaModule(readFileSync(zip), module, partial);
    if (count === 0) throw new Error(`${zip} holds no .java file of module ${module}`);
    renameSync(partial, moduleRoot);
  }
  return join(moduleRoot, module);
}

/** The repo's database (index + describe + built-in embed), built when not cached; `model` adds its set. */
export async function repoDatabase(pkg: string, options: { cache?: string; model?: string } = {}): Promise<string> {
  const cache = options.cache ?? DEFAULT_CACHE;
  const dbDir = join(cache, 'db');
  mkdirSync(dbDir, { recursive: true });
  const db = join(dbDir, `${parseRepoName(pkg).file}.duckdb`);
  if (!existsSync(db)) {
    const root = repoSource(pkg, cache);
    const { ext } = sourceRoot(pkg);
    const files = selectFiles(listFiles(root, (p) => ext.test(p) && !p.endsWith('.d.ts') && !p.endsWith('.min.js') && !p.endsWith('_test.go')).map((path) => ({ path })), { noTests: true }).map(({ path }) => ({
      path,
      data: readFileSync(join(root, path)),
    }));
    const zip = join(cache, `${parseRepoName(pkg).file}.zip`);
    writeFileSync(zip, zipCorpus(parseRepoName(pkg).file, files));
    try {
      const started = Date.now();
      await runIndex(zip, db);
      await runDescribe(db);
      await runEmbed(db);
      log(`${pkg}: ${files.length} files indexed, described and embedded in ${Date.now() - started} ms`);
    } catch (error) {
      rmSync(db, { force: true });
      rmSync(`${db}.wal`, { force: true });
      throw error;
    } finally {
      rmSync(zip, { force: true });
    }
  }
  if (options.model !== undefined) {
    const id = resolveModelArg(options.model, 'embedder').id;
    const conn = await openNodeDatabase(db, { mustExist: true });
    let has: boolean;
    try {
      has = (await listEmbeddingSets(conn)).some((s) => s.model === id);
    } finally {
      await conn.close();
    }
    if (!has) {
      const started = Date.now();
      await runEmbed(db, { model: options.model });
      log(`${pkg}: embedded with ${id} in ${Date.now() - started} ms`);
    }
  }
  return db;
}
