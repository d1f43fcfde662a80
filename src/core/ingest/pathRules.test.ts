/** @file Tests of the name-only rules: path safety, ignored directories, languages, configs. */
import { describe, expect, it } from 'vitest';
import { ignoredDirectoryOf, isConfigFile, isNestedArchive, languageOf, normaliseEntryPath } from './pathRules.ts';

const noDirs = { venvDirs: new Set<string>(), packageDirs: new Set<string>() };

describe('normaliseEntryPath', () => {
  it.each([
    ['src/a.py', 'src/a.py'],
    ['src\\pkg\\a.py', 'src/pkg/a.py'],
    ['./src//a.py', 'src/a.py'],
    ['a/b/../c.py', 'a/c.py'],
    ['<img src=x onerror=alert(1)>.py', '<img src=x onerror=alert(1)>.py'],
    ['héllo/wörld.py', 'héllo/wörld.py'],
  ])('keeps %j as %j', (raw, path) => {
    expect(normaliseEntryPath(raw)).toEqual({ ok: true, path });
  });

  it.each([
    ['../../etc/passwd', 'climbs out'],
    ['a/../../b.py', 'climbs out'],
    ['/abs/x.py', 'absolute'],
    ['\\\\server\\share\\x.py', 'absolute'],
    ['\\x.py', 'absolute'],
    ['C:\\x.py', 'drive letter'],
    ['c:x.py', 'drive letter'],
    ['a\u0000b.py', 'control characters'],
    ['a\nb.py', 'control characters'],
    ['./', 'empty'],
  ])('rejects %j', (raw, detail) => {
    const result = normaliseEntryPath(raw);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.detail).toContain(detail);
  });
});

describe('ignoredDirectoryOf', () => {
  it('skips dependency, VCS and cache directories at any depth', () => {
    expect(ignoredDirectoryOf('node_modules/x/index.js', noDirs)).toBe('node_modules');
    expect(ignoredDirectoryOf('web/node_modules/x/index.js', noDirs)).toBe('node_modules');
    expect(ignoredDirectoryOf('.git/hooks/x.py', noDirs)).toBe('.git');
    expect(ignoredDirectoryOf('pkg/__pycache__/a.py', noDirs)).toBe('__pycache__');
    expect(ignoredDirectoryOf('.venv/lib/a.py', noDirs)).toBe('.venv');
    expect(ignoredDirectoryOf('lib/python3/site-packages/six.py', noDirs)).toBe('site-packages');
    expect(ignoredDirectoryOf('src/app.py', noDirs)).toBeNull();
    expect(ignoredDirectoryOf('node_modules.py', noDirs)).toBeNull();
  });

  it('skips build output unless the directory is a Python package', () => {
    expect(ignoredDirectoryOf('dist/bundle.js', noDirs)).toBe('dist');
    expect(ignoredDirectoryOf('build/lib/pkg/a.py', noDirs)).toBe('build');
    const dirs = { venvDirs: new Set<string>(), packageDirs: new Set(['pip/_internal/operations/build']) };
    expect(ignoredDirectoryOf('pip/_internal/operations/build/wheel.py', dirs)).toBeNull();
  });

  it('skips any directory holding pyvenv.cfg, whatever its name', () => {
    const dirs = { venvDirs: new Set(['tools/env']), packageDirs: new Set<string>() };
    expect(ignoredDirectoryOf('tools/env/lib/x.py', dirs)).toBe('env (virtualenv)');
    expect(ignoredDirectoryOf('env/x.py', dirs)).toBeNull();
  });
});

describe('languageOf, isConfigFile, isNestedArchive', () => {
  it('maps extensions to languages', () => {
    expect(languageOf('a.py')).toBe('python');
    expect(languageOf('a.pyi')).toBe('python');
    expect(languageOf('A.PY')).toBe('python');
    expect(languageOf('a.mjs')).toBe('javascript');
    expect(languageOf('a.cjs')).toBe('javascript');
    expect(languageOf('a.jsx')).toBe('javascript');
    expect(languageOf('a.d.ts')).toBe('typescript');
    expect(languageOf('a.mts')).toBe('typescript');
    expect(languageOf('a.tsx')).toBe('tsx');
    expect(languageOf('README.md')).toBeNull();
    expect(languageOf('Makefile')).toBeNull();
    expect(languageOf('dir.py/readme')).toBeNull();
  });

  it('recognises tsconfig/jsconfig and nested archives', () => {
    expect(isConfigFile('tsconfig.json')).toBe(true);
    expect(isConfigFile('packages/a/tsconfig.base.json')).toBe(true);
    expect(isConfigFile('jsconfig.json')).toBe(true);
    expect(isConfigFile('package.json')).toBe(false);
    for (const name of ['a.zip', 'b.jar', 'c.tar', 'd.tar.gz', 'e.whl', 'f.7z', 'g.tgz']) expect(isNestedArchive(name)).toBe(true);
    expect(isNestedArchive('zip.py')).toBe(false);
  });
});
