/**
 * @file Flags a worker's name carries (`repo;flag=value;...`, values URI-encoded): the page hands
 * the e2e suite's URL flags to the repo worker this way (src/ui/clients/repoClient.ts). Inert in
 * normal use, where the name is plain 'repo'.
 * Runs in: workers (browser).
 */

/** The value of `flag` in a worker's name, or null when the name does not carry it. */
export function workerNameFlag(flag: string, workerName: string | undefined = (globalThis as { name?: string }).name): string | null {
  for (const part of (workerName ?? '').split(';').slice(1)) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at) === flag) return decodeURIComponent(part.slice(at + 1));
  }
  return null;
}
