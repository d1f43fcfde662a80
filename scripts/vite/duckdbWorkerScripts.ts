/**
 * @file Vite plugin for worker bundles: duckdb-wasm's worker scripts keep their side effects.
 * workers/duckdbEh.worker.ts and duckdbMvp.worker.ts import duckdb-wasm's own worker script for
 * what it does when it runs (it installs the worker's message handler), but the package declares
 * `"sideEffects": false`, so the bundler dropped the import and the worker did nothing.
 * Runs in: Node (vite build and dev server, worker bundles).
 */
import type { Plugin } from 'vite';

const WORKER_SCRIPT = /@duckdb\/duckdb-wasm\/dist\/duckdb-browser-(eh|mvp)\.worker\.js$/;

export function duckdbWorkerScripts(): Plugin {
  return {
    name: 'duckdb-wasm-worker-scripts',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!WORKER_SCRIPT.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved ? { ...resolved, moduleSideEffects: true } : null;
    },
  };
}
