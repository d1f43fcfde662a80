/**
 * @file Vite plugin: after a production build, writes dist/sw.js from scripts/pwa/sw.template.js
 * with the build version (a hash of the precached files' names and sizes) and the precache
 * list: every file of the build except source maps, the service worker itself, the LLM folder
 * and the duckdb COI bundle (not used: it cannot open OPFS). Hub models are never listed.
 * Runs in: Node (vite build).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

const TEMPLATE = resolve(import.meta.dirname, 'sw.template.js');
const SKIP = [/\.map$/, /^sw\.js$/, /^llm\//, /duckdb-[^/]*coi/];

function listFiles(dir: string, root = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path, root) : [relative(root, path).split('\\').join('/')];
  });
}

/** The precache list of a built app folder and a version that changes when any listed file does. */
export function precacheList(outDir: string): { files: string[]; version: string } {
  const files = listFiles(outDir)
    .filter((f) => !SKIP.some((re) => re.test(f)))
    .sort();
  const hash = createHash('sha256');
  for (const f of files) hash.update(`${f}:${statSync(join(outDir, f)).size}\n`);
  hash.update(readFileSync(join(outDir, 'index.html')));
  return { files, version: hash.digest('hex').slice(0, 12) };
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
      const { files, version } = precacheList(outDir);
      const sw = readFileSync(TEMPLATE, 'utf8').replace('__VERSION__', version).replace('__PRECACHE__', JSON.stringify(files));
      writeFileSync(join(outDir, 'sw.js'), sw);
    },
  };
}
