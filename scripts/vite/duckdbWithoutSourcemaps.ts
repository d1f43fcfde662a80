/**
 * @file Vite dev-server plugin: duckdb-wasm's bundles served without their source-map comment.
 * Their maps point at sources outside the package (apache-arrow's .ts files), and vite printed
 * about a hundred "Sourcemap ... points to a source file outside its package" warnings per start.
 * Only plain module loads (a ?v= version stamp at most); ?url / ?worker imports are left alone.
 * Runs in: Node (vite dev server).
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const BUNDLE = /[\\/]@duckdb[\\/]duckdb-wasm[\\/]dist[\\/][^?]+\.[cm]?js(\?v=\w+)?$/;

export function duckdbWithoutSourcemaps(): Plugin {
  return {
    name: 'duckdb-wasm-without-sourcemaps',
    apply: 'serve',
    enforce: 'pre',
    load(id) {
      if (!BUNDLE.test(id)) return null;
      return readFileSync(id.replace(/\?.*$/, ''), 'utf8').replace(/^\/\/# sourceMappingURL=.*$/gm, '');
    },
  };
}
