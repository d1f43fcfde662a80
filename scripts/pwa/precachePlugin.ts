/**
 * @file Vite plugin: after a production build, writes dist/sw.js from scripts/pwa/sw.template.js
 * with the build version (a hash of the listed files' names and sizes) and the files in phases
 * (docs/architecture.md, "Offline app"):
 * - install: the app shell (page, scripts, workers, styles, the web-tree-sitter runtime and the
 *   Python grammar the parse workers warm up with, the demo) and one DuckDB bundle, eh or mvp, the one this browser will run;
 * - background: after the app works, what every search needs offline: ONNX Runtime's wasm, the
 *   models worker and the shipped embedder;
 * - on first use: each other language's grammar, the LLM runtime and the test fixture models, cached
 *   when the app first fetches them.
 * Left out: source maps, the service worker itself, the LLM folder and the duckdb COI bundle
 * (not used: it cannot open OPFS). Hub models are never listed. Prints the bytes of each phase.
 * Runs in: Node (vite build).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

const TEMPLATE = resolve(import.meta.dirname, 'sw.template.js');
const SKIP = [/\.map$/, /^sw\.js$/, /^llm\//, /duckdb-[^/]*coi/];
/** duckdb-wasm's bundle and worker (our guarded worker, workers/duckdbEh.worker.ts, or the package's). */
const DUCKDB_EH = /^assets\/duckdb(?:-(?:browser-)?eh[-.]|Eh\.worker-)/;
const DUCKDB_MVP = /^assets\/duckdb(?:-(?:browser-)?mvp[-.]|Mvp\.worker-)/;
const BACKGROUND = [/^assets\/ort-wasm/, /^assets\/models\.worker-/, /^models\/ranger-code-search-mini\//];
/** Grammars on first use, except Python's: the parse workers warm up with it at start. */
const ON_USE = [/^assets\/tree-sitter-(?!python-)/, /^assets\/(?:webLlm|llm\.worker)-/, /^models\/fixtures\//];

export interface PrecachePhases {
  install: string[];
  /** One of the two is added to `install`, by the browser's support for wasm exceptions. */
  duckdbEh: string[];
  duckdbMvp: string[];
  background: string[];
  onUse: string[];
}

function listFiles(dir: string, root = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path, root) : [relative(root, path).split('\\').join('/')];
  });
}

/** The listed files of a built app folder, in phases, and a version that changes when any listed file does. */
export function precacheList(outDir: string): { files: string[]; phases: PrecachePhases; version: string } {
  const files = listFiles(outDir)
    .filter((f) => !SKIP.some((re) => re.test(f)))
    .sort();
  const hash = createHash('sha256');
  for (const f of files) hash.update(`${f}:${statSync(join(outDir, f)).size}\n`);
  hash.update(readFileSync(join(outDir, 'index.html')));
  const phases: PrecachePhases = { install: [], duckdbEh: [], duckdbMvp: [], background: [], onUse: [] };
  for (const f of files) {
    if (DUCKDB_EH.test(f)) phases.duckdbEh.push(f);
    else if (DUCKDB_MVP.test(f)) phases.duckdbMvp.push(f);
    else if (BACKGROUND.some((re) => re.test(f))) phases.background.push(f);
    else if (ON_USE.some((re) => re.test(f))) phases.onUse.push(f);
    else phases.install.push(f);
  }
  return { files, phases, version: hash.digest('hex').slice(0, 12) };
}

/** One line per phase with its bytes, for the build log and docs/budgets.md. */
export function phaseReport(outDir: string, phases: PrecachePhases): string {
  const bytes = (list: string[]) => list.reduce((s, f) => s + statSync(join(outDir, f)).size, 0);
  const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
  const shell = bytes(phases.install);
  return [
    `precache: install ${mb(shell + bytes(phases.duckdbEh))} with DuckDB eh (${mb(shell + bytes(phases.duckdbMvp))} with mvp), ` +
      `background ${mb(bytes(phases.background))}, on first use up to ${mb(bytes(phases.onUse))} (${phases.onUse.length} files)`,
  ].join('\n');
}

export function precachePlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'ranger-precache',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle() {
      const outDir = resolve(config.root, config.build.outDir);
      const { phases, version } = precacheList(outDir);
      const sw = readFileSync(TEMPLATE, 'utf8').replace('__VERSION__', version).replace('__PHASES__', JSON.stringify(phases));
      writeFileSync(join(outDir, 'sw.js'), sw);
      config.logger.info(phaseReport(outDir, phases));
    },
  };
}
