/**
 * @file releaseOpfsHandles: after a drop, every OPFS sync access handle duckdb-wasm's runtime
 * still holds (prepared and never used, or registered) is closed and forgotten; Blobs and other
 * registered files stay. The handles are stand-ins for the browser's FileSystemSyncAccessHandle
 * (a browser API, absent in Node); the e2e suite deletes a repo after its worker was reused.
 */
import { describe, expect, it } from 'vitest';
import { releaseOpfsHandles } from './duckdbHandleRelease.ts';

/** A stand-in for the browser's FileSystemSyncAccessHandle: counts its closes, fails a second one. */
function fakeSyncHandle() {
  const handle = {
    closes: 0,
    close() {
      if (handle.closes > 0) throw new Error('InvalidStateError: the handle is closed');
      handle.closes++;
    },
    flush() {},
    getSize: () => 0,
    truncate() {},
  };
  return handle;
}

describe('releaseOpfsHandles', () => {
  it('closes prepared and registered access handles once and forgets them; keeps other files', () => {
    const wal = fakeSyncHandle();
    const file = fakeSyncHandle();
    const blob = new Blob(['x']);
    const runtime = {
      _preparedHandles: { 'opfs://ranger-a.duckdb.wal': wal } as Record<string, unknown>,
      _files: new Map<string, unknown>([
        ['opfs://ranger-a.duckdb', file],
        ['picked.csv', blob],
      ]),
    };
    expect(releaseOpfsHandles(runtime)).toBe(2);
    expect(wal.closes).toBe(1);
    expect(file.closes).toBe(1);
    expect(runtime._preparedHandles).toEqual({});
    expect([...runtime._files.keys()]).toEqual(['picked.csv']);
    expect(releaseOpfsHandles(runtime)).toBe(0); // nothing left to close
  });

  it('a handle closed already, or no runtime yet, is not an error', () => {
    const closed = fakeSyncHandle();
    closed.close();
    expect(releaseOpfsHandles({ _files: new Map([['opfs://x.duckdb', closed]]) })).toBe(0);
    expect(releaseOpfsHandles(undefined)).toBe(0);
  });
});
