/**
 * @file The bundled demo repository (demo/ at the repo root), loaded lazily as raw text and
 * handed to the repo worker like a dropped folder; and the prepared demo bundle (public/demo/).
 * Runs in: the main thread.
 */
import type { RepoInput } from '../../core/pipeline/repoService.ts';

const DEMO_FILES = import.meta.glob<string>('/demo/**/*', { query: '?raw', import: 'default', eager: false });

export async function demoInput(): Promise<RepoInput> {
  // demo/ may hold notes beside the repo folder(s): index the largest folder, as its own zip would.
  const byRoot = new Map<string, string[]>();
  for (const key of Object.keys(DEMO_FILES)) {
    const path = key.replace(/^\/demo\//, '');
    const slash = path.indexOf('/');
    if (slash < 0) continue;
    const root = path.slice(0, slash);
    byRoot.set(root, [...(byRoot.get(root) ?? []), key]);
  }
  const [name, keys] = [...byRoot.entries()].sort((a, b) => b[1].length - a[1].length)[0] ?? ['demo', []];
  const encoder = new TextEncoder();
  const files = await Promise.all(
    keys.map(async (key) => ({ path: key.replace(/^\/demo\//, ''), data: encoder.encode(await DEMO_FILES[key]!()) })),
  );
  return { kind: 'files', name, files };
}

/** The prepared demo (npm run demo:bundle): described, embedded, one saved MCTS run; null when missing. */
export async function demoBundleInput(): Promise<RepoInput | null> {
  const response = await fetch(`${import.meta.env.BASE_URL}demo/shopkit.ranger.zip`);
  if (!response.ok) return null;
  return { kind: 'zip', name: 'shopkit.ranger.zip', data: new Uint8Array(await response.arrayBuffer()) };
}
