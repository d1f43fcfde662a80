/**
 * @file Module naming: dotted names from the root, local names, Python import names with
 * source roots detected from `__init__.py`.
 * Runs in: Node (vitest).
 */
import { describe, expect, it } from 'vitest';
import type { Language } from '../ingest/types.ts';
import { nameModules } from './moduleNames.ts';
import { resolverFor } from '../languages/implementations.ts';

function names(paths: string[], language: Language = 'python') {
  const named = nameModules(
    paths.map((path) => ({ path, language })),
    resolverFor,
  );
  return Object.fromEntries(paths.map((path, i) => [path, named[i]!]));
}

describe('nameModules', () => {
  it('names Python files by dotted path and by import name under a src/ root', () => {
    const n = names(['src/pkg/__init__.py', 'src/pkg/mod.py', 'src/pkg/sub/__init__.py', 'src/pkg/sub/deep.py', 'src/main.py']);
    expect(n['src/pkg/mod.py']).toMatchObject({ name: 'src.pkg.mod', localName: 'mod', importName: 'pkg.mod', sourceRoot: 'src' });
    expect(n['src/pkg/__init__.py']).toMatchObject({ name: 'src.pkg', localName: 'pkg', importName: 'pkg', isPackage: true });
    expect(n['src/pkg/sub/deep.py']).toMatchObject({ name: 'src.pkg.sub.deep', importName: 'pkg.sub.deep', globalImport: true });
    expect(n['src/pkg/sub/__init__.py']).toMatchObject({ name: 'src.pkg.sub', importName: 'pkg.sub' });
    // A loose module beside packages in a source root is importable from anywhere too.
    expect(n['src/main.py']).toMatchObject({ name: 'src.main', importName: 'main', globalImport: true });
  });

  it('treats the repo root as a source root and loose script folders as local roots', () => {
    const n = names(['setup.py', 'a/b/__init__.py', 'a/b/c.py', 'scripts/run.py', 'a/__init__.py']);
    expect(n['setup.py']).toMatchObject({ name: 'setup', importName: 'setup', sourceRoot: '', globalImport: true });
    expect(n['a/b/c.py']).toMatchObject({ name: 'a.b.c', importName: 'a.b.c', sourceRoot: '' });
    expect(n['a/b/__init__.py']).toMatchObject({ name: 'a.b', importName: 'a.b' });
    expect(n['scripts/run.py']).toMatchObject({ name: 'scripts.run', importName: 'run', sourceRoot: 'scripts', globalImport: false });
  });

  it('keeps a root-level __init__.py named', () => {
    expect(names(['__init__.py'])['__init__.py']).toMatchObject({ name: '__init__', importName: null, isPackage: true });
  });

  it('names TS/JS files without import names and keeps index in the name', () => {
    const n = names(['src/ui/App.tsx', 'src/lib/index.ts', 'src/lib/util.test.ts'], 'typescript');
    expect(n['src/ui/App.tsx']).toMatchObject({ name: 'src.ui.App', localName: 'App', importName: null });
    expect(n['src/lib/index.ts']).toMatchObject({ name: 'src.lib.index', localName: 'index' });
    expect(n['src/lib/util.test.ts']).toMatchObject({ name: 'src.lib.util.test', localName: 'util.test' });
  });
});
