/**
 * @file nodeBundle.mjs: the repository root from any depth, and content-addressed bundles that
 * run in plain Node, are reused when unchanged (without a build while their inputs are), are
 * built again when any input changes, and survive concurrent builders.
 * Runs in: Node (vitest).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleForNode, repoRoot } from './nodeBundle.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const NAME = `test-bundle-${process.pid}`;
const CACHE = join(ROOT, 'node_modules', '.cache', 'ranger-studio', NAME);

const SOURCES = `${CACHE}-src`;

afterAll(() => {
  rmSync(CACHE, { recursive: true, force: true });
  rmSync(SOURCES, { recursive: true, force: true });
});

/** Runs the bundle at `url` in plain Node and prints its default export. */
function runDefault(url: URL): string {
  const script = `import(${JSON.stringify(url.href)}).then((m) => console.log(m.default))`;
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }).trim();
}

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
    expect(readdirSync(CACHE).filter((file) => !file.startsWith('inputs-'))).toEqual([fileURLToPath(a).split('/').at(-2)]);
    const again = await bundleForNode(NAME, 'src/core/languages/catalog.ts');
    expect(again.href).toBe(a.href);
    const script = `import(${JSON.stringify(a.href)}).then((m) => console.log(m.languageOfExtension('rs')))`;
    expect(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }).trim()).toBe('rust');
    expect(existsSync(`${fileURLToPath(a)}.map`)).toBe(true);
  });

  it('rejects with the compiler message when the entry does not exist', async () => {
    await expect(bundleForNode(NAME, 'src/no/such/entry.ts')).rejects.toThrow(/entry\.ts/);
  });

  it('records its inputs: unchanged, the next call returns the folder; an imported file changed, it builds again', async () => {
    mkdirSync(SOURCES, { recursive: true });
    const entry = `${SOURCES.slice(ROOT.length + 1)}/entry.ts`;
    const records = () =>
      readdirSync(CACHE)
        .filter((file) => file.startsWith('inputs-'))
        .map((file) => JSON.parse(readFileSync(join(CACHE, file), 'utf8')) as { folder: string; inputs: string[] });
    const mine = () => records().filter((r) => r.inputs.includes(entry));
    // Written a minute ago: a file changed from a second before the build on gets no record.
    const write = (file: string, text: string, ago = 60_000) => {
      writeFileSync(join(SOURCES, file), text);
      const then = new Date(Date.now() - ago);
      utimesSync(join(SOURCES, file), then, then);
    };
    write('entry.ts', "import { word } from './word.ts';\nexport default `says ${word}`;\n");
    write('word.ts', "export const word = 'one';\n");
    const first = await bundleForNode(NAME, entry);
    expect(runDefault(first)).toBe('says one');
    expect(mine().map((r) => r.inputs.sort())).toEqual([[entry, entry.replace('entry.ts', 'word.ts')]]);
    expect((await bundleForNode(NAME, entry)).href).toBe(first.href);
    write('word.ts', "export const word = 'two';\n");
    const second = await bundleForNode(NAME, entry);
    expect(second.href).not.toBe(first.href);
    expect(runDefault(second)).toBe('says two');
    expect(mine().map((r) => r.folder)).toEqual([fileURLToPath(second).split('/').at(-2)]);
    // The recorded folder removed, the next call builds it again.
    rmSync(dirname(fileURLToPath(second)), { recursive: true });
    const third = await bundleForNode(NAME, entry);
    expect(third.href).toBe(second.href);
    expect(runDefault(third)).toBe('says two');
    // Changed just now: bundled as it is, but not recorded (the next call builds again).
    write('word.ts', "export const word = 'three';\n", 0);
    const fourth = await bundleForNode(NAME, entry);
    expect(runDefault(fourth)).toBe('says three');
    expect(mine().map((r) => r.folder)).toEqual([fileURLToPath(second).split('/').at(-2)]);
  });
});
