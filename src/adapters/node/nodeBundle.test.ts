/**
 * @file nodeBundle.mjs: the repository root from any depth, and content-addressed bundles that
 * run in plain Node, are reused when unchanged, and survive concurrent builders.
 * Runs in: Node (vitest).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleForNode, repoRoot } from './nodeBundle.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const NAME = `test-bundle-${process.pid}`;
const CACHE = join(ROOT, 'node_modules', '.cache', 'ranger-studio', NAME);

afterAll(() => rmSync(CACHE, { recursive: true, force: true }));

describe('repoRoot', () => {
  it('finds the package from a source file and from inside the bundle cache', () => {
    expect(repoRoot()).toBe(ROOT);
    expect(repoRoot(join(ROOT, 'node_modules', '.cache', 'ranger-studio', 'cli', 'abc', 'main.js'))).toBe(ROOT);
  });
});

describe('bundleForNode', () => {
  it('writes one folder per content, shared by concurrent builds, runnable without tsx', async () => {
    const [a, b] = await Promise.all([
      bundleForNode(NAME, 'src/core/languages/catalog.ts'),
      bundleForNode(NAME, 'src/core/languages/catalog.ts'),
    ]);
    expect(a.href).toBe(b.href);
    expect(readdirSync(CACHE)).toEqual([fileURLToPath(a).split('/').at(-2)]);
    const again = await bundleForNode(NAME, 'src/core/languages/catalog.ts');
    expect(again.href).toBe(a.href);
    const script = `import(${JSON.stringify(a.href)}).then((m) => console.log(m.languageOfExtension('rs')))`;
    expect(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }).trim()).toBe('rust');
    expect(existsSync(`${fileURLToPath(a)}.map`)).toBe(true);
  });

  it('rejects with the compiler message when the entry does not exist', async () => {
    await expect(bundleForNode(NAME, 'src/no/such/entry.ts')).rejects.toThrow(/entry\.ts/);
  });
});
