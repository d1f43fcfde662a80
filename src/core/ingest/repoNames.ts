/**
 * @file Repository names stay unique in the repo list: a second repo of the same name (a bundle
 * of a repo already stored, an index that is not a re-index of the stored one) is called
 * "black (2)", then "black (3)", and both are kept. Also the name a file's name gives (a zip with
 * one top folder is named after that folder instead: ingest.ts inputRepoName).
 * Runs in: everywhere. Layer src/core.
 */

/** `name` when no stored repo has it, else the first free "name (n)" with n >= 2. */
export function uniqueRepoName(name: string, taken: Iterable<string>): string {
  const names = new Set(taken);
  if (!names.has(name)) return name;
  for (let n = 2; ; n++) {
    const candidate = `${name} (${n})`;
    if (!names.has(candidate)) return candidate;
  }
}

/** 'C:\\fakepath\\flask-main.zip' -> 'flask-main'. */
export function repoNameOf(name: string): string {
  const path = name.replaceAll('\\', '/');
  const base = path.slice(path.lastIndexOf('/') + 1);
  return base.replace(/\.zip$/i, '') || base || 'repository';
}
