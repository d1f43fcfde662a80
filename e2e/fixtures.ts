/**
 * @file Inputs built at test time: the demo repository (demo/) zipped with fflate.
 * Runs in: Node (e2e).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { zipSync } from 'fflate';

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

/**
 * demo/shopkit/... as a zip whose single top folder is shopkit (GitHub style), or `root`: the
 * repo an index names after that folder (another root: another repo, not a re-index).
 */
export function demoZip(repoRoot: string, repo = 'shopkit', root = repo): Buffer {
  const demoDir = join(repoRoot, 'demo');
  const entries: Record<string, Uint8Array> = {};
  for (const file of listFiles(join(demoDir, repo))) entries[`${root}/${relative(join(demoDir, repo), file).split('\\').join('/')}`] = readFileSync(file);
  return Buffer.from(zipSync(entries, { level: 6, mtime: new Date('2024-01-01T00:00:00Z') }));
}
