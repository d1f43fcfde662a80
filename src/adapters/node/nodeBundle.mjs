/**
 * @file Bundles a TypeScript entry of this repository for plain Node with esbuild (npm packages
 * stay external imports), so the CLI and its parse threads start without a TypeScript loader:
 * tsx costs every thread its own loader thread and module transforms (about 8% of a CLI index).
 * Output goes to node_modules/.cache/ranger-studio/<name>/<content hash>/: an unchanged build
 * writes nothing, and a new one is written beside it and renamed into place, so concurrent
 * processes never load a half-written folder. Folders unused for a day are removed.
 * Each build also records the files it read and a digest of their contents (inputs-*.json):
 * while those files are unchanged, the next start reuses the folder without running esbuild
 * (hashing the inputs costs about 10 ms; a bundle about 0.5-0.8 s).
 * Plain JavaScript (types in nodeBundle.d.mts) because the CLI launcher imports it before any
 * TypeScript can load.
 * Runs in: Node (cli launcher, parse pool).
 */
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const PACKAGE_NAME = 'ranger-studio';
const UNUSED_MS = 24 * 60 * 60 * 1000;
let builds = 0;

/** The repository root: the nearest folder above this file whose package.json is ours. */
export function repoRoot(from = fileURLToPath(import.meta.url)) {
  for (let dir = dirname(from); ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === PACKAGE_NAME) return dir;
    if (dirname(dir) === dir) throw new Error(`no ${PACKAGE_NAME} package.json above ${from}`);
  }
}

/**
 * Bundles `entry` (a path from the repository root) and returns the file URL of its output.
 * `splitting` keeps dynamic imports lazy (separate chunks), as the CLI's commands are.
 */
export async function bundleForNode(name, entry, { splitting = false } = {}) {
  const root = repoRoot();
  const cache = join(root, 'node_modules', '.cache', PACKAGE_NAME, name);
  const record = join(cache, `inputs-${createHash('sha256').update(JSON.stringify([entry, splitting])).digest('hex').slice(0, 12)}.json`);
  const reused = reusedFolder(root, record);
  if (reused) return outputUrl(reused, entry);
  const staging = join(cache, `.staging-${process.pid}-${++builds}`);
  const started = Date.now();
  const result = await build({
    absWorkingDir: root,
    entryPoints: [join(root, entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    splitting,
    outdir: staging,
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    sourcemap: 'linked',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const files = [...result.outputFiles].sort((a, b) => (a.path < b.path ? -1 : 1));
  const hash = createHash('sha256');
  for (const file of files) hash.update(relative(staging, file.path)).update(file.contents);
  const folder = join(cache, hash.digest('hex').slice(0, 16));
  if (existsSync(folder)) {
    const now = new Date();
    utimesSync(folder, now, now);
  } else {
    for (const file of files) {
      mkdirSync(dirname(file.path), { recursive: true });
      writeFileSync(file.path, file.contents);
    }
    try {
      renameSync(staging, folder);
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      if (!existsSync(folder)) throw error;
    }
  }
  removeUnused(cache, folder);
  writeRecord(root, record, folder, Object.keys(result.metafile.inputs), started);
  return outputUrl(folder, entry);
}

function outputUrl(folder, entry) {
  return pathToFileURL(join(folder, basename(entry).replace(/\.ts$/, '.js')));
}

/** Files whose change can change any bundle besides its own inputs (esbuild reads both). */
const SETTINGS = ['package.json', 'tsconfig.json'];

/** sha256 of each file's path and contents, in order; null when one cannot be read. */
function digestOf(root, files) {
  const hash = createHash('sha256');
  for (const file of files) {
    try {
      hash.update(file).update('\0').update(readFileSync(join(root, file))).update('\0');
    } catch {
      return null;
    }
  }
  return hash.digest('hex');
}

/** The folder of the last build recorded in `record`, when its inputs are unchanged and it still exists. */
function reusedFolder(root, record) {
  let last;
  try {
    last = JSON.parse(readFileSync(record, 'utf8'));
  } catch {
    return null;
  }
  const folder = join(dirname(record), last.folder);
  if (!existsSync(folder) || digestOf(root, [...SETTINGS, ...last.inputs]) !== last.digest) return null;
  const now = new Date();
  utimesSync(folder, now, now);
  return folder;
}

/**
 * Records the build's inputs, written beside and renamed so that readers never see half a file.
 * Not when an input changed from a second before the build on: the digest read now could then
 * describe other contents than the ones bundled.
 */
function writeRecord(root, record, folder, inputs, started) {
  const files = [...SETTINGS, ...inputs];
  if (files.some((file) => (statSync(join(root, file), { throwIfNoEntry: false })?.mtimeMs ?? Infinity) >= started - 1000)) return;
  const digest = digestOf(root, files);
  if (!digest) return;
  const staging = `${record}.${process.pid}-${++builds}`;
  writeFileSync(staging, JSON.stringify({ folder: basename(folder), inputs, digest }));
  renameSync(staging, record);
}

function removeUnused(cache, keep) {
  const cutoff = Date.now() - UNUSED_MS;
  for (const name of readdirSync(cache)) {
    const path = join(cache, name);
    if (path === keep) continue;
    try {
      if (statSync(path).mtimeMs < cutoff) rmSync(path, { recursive: true, force: true });
    } catch {
      // Another process removed it first.
    }
  }
}
