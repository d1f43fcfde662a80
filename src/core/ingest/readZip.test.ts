/** @file Tests of the zip reader: formats, flags, limits, bombs and damaged archives. */
import { describe, expect, it } from 'vitest';
import {
  buildZip,
  buildZip64Stored,
  buildZipSync,
  locateEntry,
  makeTotalSizeZip,
  patchDeclaredSize,
  patchFlags,
  withPrefix,
  zeroChunks,
} from '../../../scripts/fixtures/makeBadZips.ts';
import { AppError } from '../errors.ts';
import { DEFAULT_LIMITS } from './limits.ts';
import { listZipEntries, readZipEntries } from './readZip.ts';
import type { RawEntry } from './types.ts';

const MB = 1024 * 1024;
const text = (entry: RawEntry | undefined) => (entry?.data ? new TextDecoder().decode(entry.data) : null);

function archiveError(data: Uint8Array): AppError {
  try {
    readZipEntries(data, DEFAULT_LIMITS);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected ARCHIVE_INVALID');
}

describe('readZipEntries: formats', () => {
  it('reads archives from zipSync (sizes in local headers) and from the streaming writer (data descriptors)', () => {
    const sync = readZipEntries(buildZipSync({ 'a.py': 'x = 1\n', 'pkg/b.ts': 'export const b = 2;\n' }), DEFAULT_LIMITS);
    expect(sync.map((e) => [e.path, text(e), e.size])).toEqual([
      ['a.py', 'x = 1\n', 6],
      ['pkg/b.ts', 'export const b = 2;\n', 20],
    ]);
    const streamed = readZipEntries(
      buildZip([
        { name: 'dir/', data: '' },
        { name: 'dir/stored.py', data: 'stored = True\n', stored: true },
        { name: 'dir/deflated.py', data: 'deflated = True\n'.repeat(100) },
      ]),
      DEFAULT_LIMITS,
    );
    expect(streamed[0]).toMatchObject({ path: 'dir/', isDirectory: true, data: null });
    expect(text(streamed[1])).toBe('stored = True\n');
    expect(text(streamed[2])).toBe('deflated = True\n'.repeat(100));
  });

  it('reads zip64 archives and archives with a self-extractor prefix', () => {
    const zip64 = readZipEntries(buildZip64Stored({ 'a/x.py': 'x = 1\n', 'a/y.py': 'y = 2\n' }), DEFAULT_LIMITS);
    expect(zip64.map((e) => [e.path, text(e)])).toEqual([
      ['a/x.py', 'x = 1\n'],
      ['a/y.py', 'y = 2\n'],
    ]);
    const prefixed = readZipEntries(withPrefix(buildZipSync({ 'x.py': 'x = 1\n' }), 4096), DEFAULT_LIMITS);
    expect(text(prefixed[0])).toBe('x = 1\n');
  });

  it('decodes UTF-8 names and falls back to Latin-1 for legacy names', () => {
    const zip = buildZip([{ name: 'héllo.py', data: '' }, { name: 'caf_.py', data: '' }]);
    const { central, local } = locateEntry(zip, 'caf_.py');
    zip[central + 46 + 3] = 0xe9;
    zip[local + 30 + 3] = 0xe9;
    expect(readZipEntries(zip, DEFAULT_LIMITS).map((e) => e.path)).toEqual(['héllo.py', 'café.py']);
  });

  it('lists an empty archive as no entries', () => {
    expect(readZipEntries(buildZipSync({}), DEFAULT_LIMITS)).toEqual([]);
  });
});

describe('readZipEntries: entries it refuses to read', () => {
  it('flags encrypted entries and symlinks without reading them', () => {
    const zip = patchFlags(
      buildZip([
        { name: 'secret.py', data: 'x = 1\n', stored: true },
        { name: 'link.py', data: '/etc/passwd', unixMode: 0o120777 },
        { name: 'file.py', data: 'y = 2\n', unixMode: 0o100644 },
      ]),
      'secret.py',
      0x1,
    );
    const [secret, link, file] = readZipEntries(zip, DEFAULT_LIMITS);
    expect(secret).toMatchObject({ isEncrypted: true, data: null });
    expect(link).toMatchObject({ isSymlink: true, data: null });
    expect(text(file)).toBe('y = 2\n');
  });

  it('does not expand nested archives', () => {
    const inner = buildZipSync({ 'inner.py': 'x = 1\n' });
    const [entry] = readZipEntries(buildZip([{ name: 'vendor/inner.zip', data: inner }]), DEFAULT_LIMITS);
    expect(entry).toMatchObject({ data: null, skip: { reason: 'nested archive' } });
  });

  it('refuses entries declared larger than the per-file limit', () => {
    const zip = buildZip([{ name: 'big.py', data: 'x = 1\n'.repeat(2000) }]);
    const [entry] = readZipEntries(zip, { ...DEFAULT_LIMITS, maxFileBytes: 10_000 });
    expect(entry).toMatchObject({ data: null, skip: { reason: 'too large' } });
    expect(entry!.skip!.detail).toContain('limit per file');
  });

  it('refuses high-ratio entries from 1 MB up, and accepts them below', () => {
    const entries = readZipEntries(
      buildZip([
        { name: 'small.py', chunks: () => zeroChunks(MB / 2) },
        { name: 'bomb.py', chunks: () => zeroChunks(4 * MB) },
      ]),
      DEFAULT_LIMITS,
    );
    expect(entries[0]!.data?.length).toBe(MB / 2);
    expect(entries[1]).toMatchObject({ data: null, skip: { reason: 'archive limit' } });
    expect(entries[1]!.skip!.detail).toMatch(/compression ratio \d+:1 exceeds 200:1/);
  });

  it('stops reading once the declared total passes the archive limit', () => {
    const zip = makeTotalSizeZip(10, 100_000);
    const entries = readZipEntries(zip, { ...DEFAULT_LIMITS, maxTotalBytes: 450_000 });
    expect(entries.filter((e) => e.data).map((e) => e.path)).toEqual(['part_000.py', 'part_001.py', 'part_002.py', 'part_003.py']);
    const refused = entries.filter((e) => !e.data);
    expect(refused).toHaveLength(6);
    for (const e of refused) expect(e.skip?.reason).toBe('archive limit');
  });

  it('stops an entry that inflates beyond its declared size, and reads nothing after it', () => {
    for (const zerosMb of [2, 20]) {
      // 2 MB of zeros deflate to ~2 KB (one-shot path); 20 MB to ~20 KB (streaming path).
      const zip = patchDeclaredSize(
        buildZip([
          { name: 'before.py', data: 'x = 1\n' },
          { name: 'liar.py', chunks: () => zeroChunks(zerosMb * MB) },
          { name: 'after.py', data: 'y = 2\n' },
        ]),
        'liar.py',
        1000,
      );
      const [before, liar, after] = readZipEntries(zip, DEFAULT_LIMITS);
      expect(text(before)).toBe('x = 1\n');
      expect(liar).toMatchObject({ data: null, skip: { reason: 'archive limit' } });
      expect(liar!.skip!.detail).toContain('inflates beyond its declared 1000 bytes');
      expect(after).toMatchObject({ data: null, skip: { reason: 'archive limit' } });
      expect(after!.skip!.detail).toContain('liar.py');
    }
  });

  it('marks entries whose data is damaged as unreadable and keeps the others', () => {
    const good = buildZip([
      { name: 'a.py', data: 'a = 1\n'.repeat(50), stored: true },
      { name: 'short.py', data: 'b = 2\n'.repeat(50) },
      { name: 'lzma.py', data: 'c = 3\n' },
      { name: 'ok.py', data: 'ok = 1\n' },
    ]);
    const zip = patchDeclaredSize(good, 'short.py', 5000);
    const a = locateEntry(zip, 'a.py');
    zip[a.dataStart + 10] = zip[a.dataStart + 10]! ^ 0xff;
    const lzma = locateEntry(zip, 'lzma.py');
    zip[lzma.central + 10] = 14;
    const [damaged, short, method, ok] = readZipEntries(zip, DEFAULT_LIMITS);
    expect(damaged).toMatchObject({ data: null, skip: { reason: 'unreadable', detail: 'checksum mismatch (damaged archive)' } });
    expect(short).toMatchObject({ data: null, skip: { reason: 'unreadable' } });
    expect(short!.skip!.detail).toContain('instead of the declared 5000');
    expect(method!.skip!.detail).toContain('compression method 14 is not supported');
    expect(text(ok)).toBe('ok = 1\n');
  });
});

describe('readZipEntries: options', () => {
  it('leaves unwanted entries unread and does not count them against the total', () => {
    const zip = buildZip([
      { name: 'node_modules/huge.js', data: 'x'.repeat(5000) },
      { name: 'src/app.py', data: 'app = 1\n' },
    ]);
    const [skipped, app] = readZipEntries(zip, { ...DEFAULT_LIMITS, maxTotalBytes: 100 }, undefined, (p) => p.startsWith('src/'));
    expect(skipped).toEqual({ path: 'node_modules/huge.js', data: null, size: 5000 });
    expect(text(app)).toBe('app = 1\n');
  });

  it('reports progress up to (total, total)', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 1000; i++) files[`m${i}.py`] = `x = ${i}\n`;
    const calls: [number, number][] = [];
    readZipEntries(buildZipSync(files), DEFAULT_LIMITS, (done, total) => calls.push([done, total]));
    expect(calls.length).toBeGreaterThanOrEqual(4);
    expect(calls.at(-1)).toEqual([1000, 1000]);
    for (let i = 1; i < calls.length; i++) expect(calls[i]![0]).toBeGreaterThanOrEqual(calls[i - 1]![0]);
  });
});

describe('readZipEntries: input that is not a readable zip', () => {
  const healthy = buildZipSync({ 'pkg/a.py': 'import os\n'.repeat(100), 'pkg/b.py': 'x = 1\n' });

  it('rejects non-zip bytes with a clear message', () => {
    expect(archiveError(new Uint8Array(0)).message).toBe('This file is not a zip archive (or it is damaged): it is too short to be a zip.');
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(40).fill(0)]);
    expect(archiveError(png).message).toContain('it looks like a PNG image');
    const gzip = new Uint8Array([0x1f, 0x8b, 8, 0, ...new Array(40).fill(0)]);
    expect(archiveError(gzip).message).toContain('only .zip archives are supported');
    expect(archiveError(new TextEncoder().encode('just some text, long enough to be looked at')).code).toBe('ARCHIVE_INVALID');
  });

  it('rejects truncated archives', () => {
    for (const keep of [0.3, 0.6, 0.95]) {
      const error = archiveError(healthy.slice(0, Math.floor(healthy.length * keep)));
      expect(error.code).toBe('ARCHIVE_INVALID');
      expect(error.message).toContain('not a zip archive (or it is damaged)');
    }
  });

  it('rejects a damaged central directory', () => {
    const zip = healthy.slice();
    const { central } = locateEntry(zip, 'pkg/b.py');
    zip.fill(0xaa, central, central + 10);
    expect(archiveError(zip).message).toContain('central directory is damaged at entry 2');
  });

  it('rejects archives with more entries than the limit', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 20; i++) files[`f${i}.py`] = '';
    expect(() => listZipEntries(buildZipSync(files), { maxEntries: 10 })).toThrow(/20 entries, more than the limit of 10/);
  });
});
