/** @file Tests of the folder walker: relative sorted paths, symlinks never followed, lazy reads. */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listDirectory, readDirectory } from './readDirectory.ts';

const root = mkdtempSync(join(tmpdir(), 'ranger-readdir-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

mkdirSync(join(root, 'pkg/sub'), { recursive: true });
mkdirSync(join(root, 'node_modules/dep'), { recursive: true });
writeFileSync(join(root, 'pkg/b.py'), 'b = 1\n');
writeFileSync(join(root, 'pkg/a.py'), 'a = 1\n');
writeFileSync(join(root, 'pkg/sub/ünï.py'), 'x = "é"\n');
writeFileSync(join(root, 'node_modules/dep/index.js'), 'module.exports = 1;\n');
symlinkSync(join(root, 'pkg/a.py'), join(root, 'link.py'));
symlinkSync(join(root, 'pkg'), join(root, 'linked-dir'));

describe('readDirectory', () => {
  it('lists files, folders and symlinks with sorted /-separated relative paths, reading nothing', async () => {
    const entries = await listDirectory(root);
    expect(entries.map((e) => e.path)).toEqual([
      'link.py',
      'linked-dir',
      'node_modules',
      'node_modules/dep',
      'node_modules/dep/index.js',
      'pkg',
      'pkg/a.py',
      'pkg/b.py',
      'pkg/sub',
      'pkg/sub/ünï.py',
    ]);
    expect(entries.every((e) => e.data === null)).toBe(true);
    expect(entries.find((e) => e.path === 'linked-dir')).toMatchObject({ isSymlink: true, data: null });
    expect(entries.find((e) => e.path === 'pkg/sub')).toMatchObject({ isDirectory: true });
    expect(entries.find((e) => e.path === 'pkg/a.py')?.size).toBe(6);
  });

  it('reads only the wanted files and never follows symlinks', async () => {
    const entries = await readDirectory(root, { wanted: (path) => !path.startsWith('node_modules/') });
    const byPath = new Map(entries.map((e) => [e.path, e]));
    expect(new TextDecoder().decode(byPath.get('pkg/sub/ünï.py')!.data!)).toBe('x = "é"\n');
    expect(byPath.get('node_modules/dep/index.js')!.data).toBeNull();
    expect(byPath.get('link.py')).toMatchObject({ isSymlink: true, data: null });
    expect([...byPath.keys()].some((p) => p.startsWith('linked-dir/'))).toBe(false);
  });
});
