/** @file Tests of the ingest entry points against every hostile input of makeBadZips.ts. */
import { describe, expect, it } from 'vitest';
import {
  buildZip,
  makeBadInputs,
  makeManyFilesZip,
  makeTotalSizeZip,
  patchDeclaredSize,
  zeroChunks,
} from '../../../scripts/fixtures/makeBadZips.ts';
import { AppError } from '../errors.ts';
import { ingestFiles, ingestZip, inputRepoName, repoNameOf } from './ingest.ts';

async function ingestError(run: Promise<unknown>): Promise<AppError> {
  try {
    await run;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('ingestZip on every bad input of makeBadZips.ts', () => {
  const inputs = makeBadInputs();

  it('builds the cases the issue lists', () => {
    expect(inputs.length).toBeGreaterThanOrEqual(20);
    expect(new Set(inputs.map((i) => i.name)).size).toBe(inputs.length);
  });

  for (const input of inputs) {
    it(`${input.name}: ${input.outcome} '${input.expect}'`, async () => {
      if (input.outcome === 'error') {
        const error = await ingestError(ingestZip(input.name, input.data));
        expect(error.code).toBe(input.code);
        expect(error.message).toContain(input.expect);
        return;
      }
      const result = await ingestZip(input.name, input.data);
      if (input.outcome === 'skipped') {
        expect(result.skipped).toContainEqual(expect.objectContaining({ path: input.path, reason: input.expect }));
        expect(result.files.length).toBeGreaterThan(0); // the rest of the work survives
      } else if (input.outcome === 'note') {
        const file = result.files.find((f) => f.path === input.path);
        expect(file?.notes).toContain(input.expect);
      } else {
        const file = result.files.find((f) => f.path === input.path);
        expect(file?.path).toContain(input.expect);
      }
    });
  }

  it('keeps a 20 MB source file whole', async () => {
    const input = inputs.find((i) => i.name === 'big-source-20mb.zip')!;
    const { files } = await ingestZip(input.name, input.data);
    expect(files[0]!.bytes).toBeGreaterThan(20 * 1024 * 1024);
    expect(files[0]!.text.endsWith('def big_file_ok():\n    return 20\n')).toBe(true);
  });

  it('lists every unsafe path of the traversal archive', async () => {
    const input = inputs.find((i) => i.name === 'path-traversal.zip')!;
    const { skipped, files } = await ingestZip(input.name, input.data);
    expect(skipped.map((s) => [s.path, s.reason])).toEqual([
      ['../../etc/passwd', 'unsafe path'],
      ['/abs/x.py', 'unsafe path'],
      ['C:\\x.py', 'unsafe path'],
      ['\\\\server\\share\\y.py', 'unsafe path'],
    ]);
    expect(files.map((f) => f.path)).toEqual(['ok.py']);
  });

  it('explains an archive without sources by skip reason', async () => {
    const input = inputs.find((i) => i.name === 'no-source.zip')!;
    const error = await ingestError(ingestZip(input.name, input.data));
    expect(error.message).toBe('No Python, JavaScript, TypeScript, Java, Go, Rust, C#, PHP, Ruby or C++ source files found in no-source.zip (2 files skipped: 2 not source).');
  });
});

describe('ingestZip: limits and scale', () => {
  it('skips the files past a lowered total limit', async () => {
    const result = await ingestZip('parts.zip', makeTotalSizeZip(8, 50_000), { limits: { maxTotalBytes: 120_000 } });
    expect(result.files.map((f) => f.path)).toEqual(['part_000.py', 'part_001.py']);
    expect(result.skipped.filter((s) => s.reason === 'archive limit')).toHaveLength(6);
  });

  it('never inflates entries it ignores by name (a bomb inside node_modules is harmless)', async () => {
    const zip = patchDeclaredSize(
      buildZip([
        { name: 'node_modules/evil/index.js', chunks: () => zeroChunks(8 * 1024 * 1024) },
        { name: 'src/app.py', data: 'def app():\n    return 1\n' },
      ]),
      'node_modules/evil/index.js',
      10,
    );
    const result = await ingestZip('repo.zip', zip);
    expect(result.files.map((f) => f.path)).toEqual(['src/app.py']);
    expect(result.skipped).toEqual([{ path: 'node_modules/evil/index.js', reason: 'ignored directory', detail: 'inside node_modules' }]);
  });

  it('ingests 50,000 tiny files with frequent progress', async () => {
    const calls: [number, number][] = [];
    const result = await ingestZip('many.zip', makeManyFilesZip(50_000), { onProgress: (done, total) => calls.push([done, total]) });
    expect(result.files).toHaveLength(50_000);
    expect(result.strippedRoot).toBe('many-main');
    expect(result.files[49_999]).toMatchObject({ path: 'pkg_49/mod_49999.py', text: 'X_49999 = 49999\n' });
    expect(calls.length).toBeGreaterThan(300);
    expect(calls.at(-1)).toEqual([50_000, 50_000]);
  });

  it('stops before starting when already cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await ingestError(ingestZip('x.zip', makeManyFilesZip(10), { signal: controller.signal }));
    expect(error.code).toBe('CANCELLED');
  });
});

describe('ingestFiles (a dropped folder)', () => {
  const bytes = (s: string) => new TextEncoder().encode(s);

  it('selects sources with the same rules as archives', async () => {
    const result = await ingestFiles('my-project', [
      { path: 'src/app.py', data: bytes('def app():\n    return 1\n') },
      { path: 'web/index.ts', data: bytes('export const x = 1;\n') },
      { path: 'node_modules/x/index.js', data: bytes('module.exports = 1;\n') },
      { path: 'tsconfig.json', data: bytes('{}') },
    ]);
    expect(result.repoName).toBe('my-project');
    expect(result.files.map((f) => f.path)).toEqual(['src/app.py', 'web/index.ts']);
    expect(result.configs.map((c) => c.path)).toEqual(['tsconfig.json']);
    expect(result.skipped.map((s) => s.reason)).toEqual(['ignored directory']);
  });

  it('fails clearly for an empty folder or one without sources', async () => {
    const empty = await ingestError(ingestFiles('blank', []));
    expect(empty).toMatchObject({ code: 'NO_SOURCE_FILES', message: 'The folder blank is empty: it contains no files.' });
    const docs = await ingestError(ingestFiles('docs', [{ path: 'README.md', data: bytes('# hi') }]));
    expect(docs).toMatchObject({
      code: 'NO_SOURCE_FILES',
      message: 'No Python, JavaScript, TypeScript, Java, Go, Rust, C#, PHP, Ruby or C++ source files found in docs (1 file skipped: 1 not source).',
    });
  });
});

describe('repoNameOf', () => {
  it('drops folders and the .zip extension', () => {
    expect(repoNameOf('flask-main.zip')).toBe('flask-main');
    expect(repoNameOf('C:\\fakepath\\Repo.ZIP')).toBe('Repo');
    expect(repoNameOf('folder')).toBe('folder');
  });
});

describe('inputRepoName', () => {
  it('is the name the index gives the repo: the single folder of a zip or a folder, else the input name', async () => {
    const text = new TextEncoder().encode('def f():\n    return 1\n');
    const zip = (paths: string[]) => buildZip(paths.map((name) => ({ name, data: text })));
    const renamed = { kind: 'zip' as const, name: 'shop-v2.zip', data: zip(['shop/a.py', 'shop/pkg/b.py']) };
    expect(inputRepoName(renamed)).toBe('shop');
    expect(inputRepoName(renamed)).toBe((await ingestZip(renamed.name, renamed.data)).repoName);
    expect(inputRepoName({ kind: 'zip', name: 'shop-v2.zip', data: zip(['a.py', 'shop/b.py']) })).toBe('shop-v2');
    expect(inputRepoName({ kind: 'zip', name: 'not-a.zip', data: new Uint8Array([1, 2, 3]) })).toBe('not-a');
    const folder = { kind: 'files' as const, name: 'upload', files: [{ path: 'shop/a.py', data: text }] };
    expect(inputRepoName(folder)).toBe((await ingestFiles(folder.name, folder.files)).repoName);
  });
});
