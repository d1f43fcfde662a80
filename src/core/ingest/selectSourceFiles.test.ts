/** @file Tests of source selection: layout rules, skip reasons and their order, decoding, scale. */
import { describe, expect, it } from 'vitest';
import { makeGitignoreZip, makeTopFolderZip } from '../../../scripts/fixtures/makeBadZips.ts';
import { AppError } from '../errors.ts';
import { DEFAULT_LIMITS } from './limits.ts';
import { readZipEntries } from './readZip.ts';
import { createCandidateFilter, selectSourceFiles } from './selectSourceFiles.ts';
import { sha256HexSync } from './sha256.ts';
import type { RawEntry } from './types.ts';

const encode = (s: string) => new TextEncoder().encode(s);
const file = (path: string, content = 'x = 1\n', extra: Partial<RawEntry> = {}): RawEntry => {
  const data = encode(content);
  return { path, data, size: data.length, ...extra };
};
const select = (entries: RawEntry[], limits = DEFAULT_LIMITS) => selectSourceFiles(entries, 'repo', limits);
const reasons = (skipped: { path: string; reason: string }[]) => Object.fromEntries(skipped.map((s) => [s.path, s.reason]));

describe('selectSourceFiles: layout', () => {
  it('strips a single top-level folder and names the repo after it', async () => {
    const result = await selectSourceFiles(readZipEntries(makeTopFolderZip(false), DEFAULT_LIMITS), 'archive', DEFAULT_LIMITS);
    expect(result.strippedRoot).toBe('mylib');
    expect(result.repoName).toBe('mylib');
    expect(result.files.map((f) => f.path).sort()).toEqual(['core.py', 'sub/__init__.py', 'sub/helpers.py']);
  });

  it('keeps a top-level folder that is a Python package', async () => {
    const result = await selectSourceFiles(readZipEntries(makeTopFolderZip(true), DEFAULT_LIMITS), 'archive', DEFAULT_LIMITS);
    expect(result.strippedRoot).toBeNull();
    expect(result.repoName).toBe('archive');
    expect(result.files.map((f) => f.path).sort()).toEqual(['mylib/__init__.py', 'mylib/core.py', 'mylib/sub/__init__.py', 'mylib/sub/helpers.py']);
  });

  it('does not strip when files sit at the top or in several folders; ignores __MACOSX for the rule', async () => {
    expect((await select([file('a/x.py'), file('b/y.py')])).strippedRoot).toBeNull();
    expect((await select([file('a/x.py'), file('setup.py')])).strippedRoot).toBeNull();
    const mac = await select([file('proj/x.py'), file('__MACOSX/proj/._x.py', '\u0005\u0016\u0007\u0000')]);
    expect(mac.strippedRoot).toBe('proj');
    expect(reasons(mac.skipped)).toEqual({ '__MACOSX/proj/._x.py': 'ignored directory' });
  });

  it('honours the root .gitignore (after stripping), negations included', async () => {
    const result = await selectSourceFiles(readZipEntries(makeGitignoreZip(), DEFAULT_LIMITS), 'proj', DEFAULT_LIMITS);
    expect(result.files.map((f) => f.path).sort()).toEqual(['src/app.py', 'src/keep.gen.py']);
    expect(result.skipped).toContainEqual({ path: 'src/schema.gen.py', reason: 'gitignored', detail: "matches '*.gen.py' in .gitignore" });
    expect(result.skipped).toContainEqual({ path: 'secrets/token.py', reason: 'gitignored', detail: "matches 'secrets/' in .gitignore" });
    expect(result.skipped).toContainEqual({ path: '.gitignore', reason: 'not source', detail: 'git configuration' });
  });
});

describe('selectSourceFiles: skip reasons', () => {
  it('lists unsafe paths under their raw names and never throws', async () => {
    const result = await select([file('../../etc/passwd'), file('/abs/x.py'), file('C:\\x.py'), file('a\u0000.py'), file('ok.py')]);
    expect(result.files.map((f) => f.path)).toEqual(['ok.py']);
    expect(reasons(result.skipped)).toEqual({
      '../../etc/passwd': 'unsafe path',
      '/abs/x.py': 'unsafe path',
      'C:\\x.py': 'unsafe path',
      'a\u0000.py': 'unsafe path',
    });
  });

  it('skips vendored, cache and virtualenv directories, listing each file once', async () => {
    const result = await select([
      file('app.py'),
      file('node_modules/a/index.js'),
      file('node_modules/a/lib/b.js'),
      file('.git/config', '[core]'),
      file('pkg/__pycache__/m.py'),
      file('.venv/lib/six.py'),
      file('env/pyvenv.cfg', 'home = /usr'),
      file('env/lib/tool.py'),
      file('dist/bundle.js'),
      file('tools/build/__init__.py'),
      file('tools/build/step.py'),
    ]);
    expect(result.files.map((f) => f.path)).toEqual(['app.py', 'tools/build/__init__.py', 'tools/build/step.py']);
    expect(result.skipped).toHaveLength(8);
    expect(new Set(result.skipped.map((s) => s.reason))).toEqual(new Set(['ignored directory']));
  });

  it('classifies by name: configs kept, other files and nested archives listed', async () => {
    const result = await select([
      file('tsconfig.json', '{"compilerOptions":{"baseUrl":"."}}'),
      file('web/jsconfig.json', '{}'),
      file('README.md', '# hi'),
      file('lib.zip', 'PK'),
      file('a.ts', 'export const a = 1;\n'),
      file('b.tsx', 'export const B = () => <b/>;\n'),
      file('c.mjs', 'export default 1;\n'),
      file('d.pyi', 'def d() -> int: ...\n'),
    ]);
    expect(result.configs).toEqual([
      { path: 'tsconfig.json', text: '{"compilerOptions":{"baseUrl":"."}}' },
      { path: 'web/jsconfig.json', text: '{}' },
    ]);
    expect(result.files.map((f) => [f.path, f.language])).toEqual([
      ['a.ts', 'typescript'],
      ['b.tsx', 'tsx'],
      ['c.mjs', 'javascript'],
      ['d.pyi', 'python'],
    ]);
    expect(reasons(result.skipped)).toEqual({ 'README.md': 'not source', 'lib.zip': 'nested archive' });
  });

  it('keeps the first of duplicate and case-colliding paths', async () => {
    const result = await select([file('dup.py', 'first = 1\n'), file('./dup.py', 'second = 2\n'), file('Util.py', 'u = 1\n'), file('util.py', 'u = 2\n')]);
    expect(result.files.map((f) => [f.path, f.text])).toEqual([
      ['dup.py', 'first = 1\n'],
      ['Util.py', 'u = 1\n'],
    ]);
    expect(result.skipped.map((s) => [s.path, s.reason])).toEqual([
      ['dup.py', 'duplicate path'],
      ['util.py', 'case collision'],
    ]);
    expect(result.skipped[1]!.detail).toContain('Util.py');
  });

  it('reports reader verdicts, symlinks, encryption, binaries and size limits', async () => {
    const result = await select(
      [
        { path: 'link.py', data: null, size: 11, isSymlink: true },
        { path: 'secret.py', data: null, size: 5, isEncrypted: true },
        { path: 'bomb.py', data: null, size: 9e9, skip: { reason: 'archive limit', detail: 'compression ratio 1000:1' } },
        { path: 'lost.py', data: null, size: 3 },
        { path: 'compiled.py', data: new Uint8Array(64).map((_, i) => (i * 37) % 7), size: 64 },
        file('big.py', 'x = 1\n'.repeat(100)),
        file('fine.py'),
      ],
      { ...DEFAULT_LIMITS, maxFileBytes: 100 },
    );
    expect(result.files.map((f) => f.path)).toEqual(['fine.py']);
    expect(reasons(result.skipped)).toEqual({
      'link.py': 'symlink',
      'secret.py': 'encrypted',
      'bomb.py': 'archive limit',
      'lost.py': 'unreadable',
      'compiled.py': 'binary',
      'big.py': 'too large',
    });
    expect(result.skipped.find((s) => s.path === 'bomb.py')!.detail).toBe('compression ratio 1000:1');
  });

  it('applies the total limit to bytes actually given (dropped folders)', async () => {
    const result = await select([file('a.py', 'a'.repeat(60)), file('b.py', 'b'.repeat(60)), file('c.py', 'c')], { ...DEFAULT_LIMITS, maxTotalBytes: 100 });
    expect(result.files.map((f) => f.path)).toEqual(['a.py', 'c.py']);
    expect(reasons(result.skipped)).toEqual({ 'b.py': 'archive limit' });
  });
});

describe('selectSourceFiles: file contents', () => {
  it('decodes with notes and hashes the original bytes', async () => {
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...encode('a = 1\r\n')]);
    const latin = new Uint8Array([...encode('s = "caf'), 0xe9, ...encode('"\n')]);
    const result = await select([
      { path: 'bom.py', data: bom, size: bom.length },
      { path: 'latin.py', data: latin, size: latin.length },
      file('nul.py', 'a = 1\n\u0000b = 2\n'),
    ]);
    expect(result.files.map((f) => [f.path, f.text, f.notes])).toEqual([
      ['bom.py', 'a = 1\r\n', ['bom', 'crlf']],
      ['latin.py', 's = "café"\n', ['latin-1 fallback']],
      ['nul.py', 'a = 1\nb = 2\n', ['nul bytes removed']],
    ]);
    expect(result.files[0]).toMatchObject({ bytes: bom.length, sha256: sha256HexSync(bom) });
  });

  it('passes HTML-looking names through untouched', async () => {
    const result = await select([file('<img src=x onerror=alert(1)>.py')]);
    expect(result.files[0]!.path).toBe('<img src=x onerror=alert(1)>.py');
  });
});

describe('selectSourceFiles: scale and cancellation', () => {
  it('handles 50,000 tiny files with progress (quadratic work would time out)', async () => {
    const entries: RawEntry[] = [];
    for (let i = 0; i < 50_000; i++) entries.push(file(`big-repo/pkg${i % 100}/m${i}.py`, `X${i} = ${i}\n`));
    entries.push(file('big-repo/node_modules/x/index.js'));
    const calls: number[] = [];
    const result = await selectSourceFiles(entries, 'r', DEFAULT_LIMITS, (done) => calls.push(done));
    expect(result.files).toHaveLength(50_000);
    expect(result.skipped).toHaveLength(1);
    expect(result.strippedRoot).toBe('big-repo');
    expect(calls.length).toBeGreaterThan(100);
    expect(calls.at(-1)).toBe(50_001);
  });

  it('stops when the signal fires', async () => {
    const controller = new AbortController();
    const entries = Array.from({ length: 2000 }, (_, i) => file(`m${i}.py`));
    const run = selectSourceFiles(entries, 'r', DEFAULT_LIMITS, (done) => done >= 512 && controller.abort(), controller.signal);
    await expect(run).rejects.toSatisfy((e: unknown) => e instanceof AppError && e.code === 'CANCELLED');
  });
});

describe('createCandidateFilter', () => {
  it('wants sources, configs and the root .gitignore only', () => {
    const paths = ['r/.gitignore', 'r/src/a.py', 'r/tsconfig.json', 'r/README.md', 'r/node_modules/x.js', 'r/logo.png', 'r/src/'];
    const wanted = createCandidateFilter(paths.map((path) => ({ path, isDirectory: path.endsWith('/') })));
    expect(paths.filter(wanted)).toEqual(['r/.gitignore', 'r/src/a.py', 'r/tsconfig.json']);
  });
});
