/**
 * @file Test helper: every file below a folder, depth first in sorted name order (the trees that
 * parse, codec and ingest tests read from disk).
 * Runs in: Node (vitest only).
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Full paths of the files below `root`; folders named in `skipFolders` are not entered. */
export function filesBelow(root: string, skipFolders: readonly string[] = []): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (!statSync(path).isDirectory()) out.push(path);
      else if (!skipFolders.includes(name)) walk(path);
    }
  };
  walk(root);
  return out;
}
