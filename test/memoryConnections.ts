/**
 * @file Test helper: in-memory duckdb-wasm connections closed after each test, so that later
 * connections of the process start on their engine instances instead of new ones (about 2 s of
 * CPU each; see src/adapters/node/duckdbWasmNode.ts).
 * Runs in: Node (vitest only).
 */
import { afterEach } from 'vitest';
import { openWasmMemoryConnection } from '../src/adapters/node/duckdbWasmNode.ts';
import type { WasmNodeConnection } from '../src/adapters/node/duckdbWasmNode.ts';

/** Opens a new, empty in-memory database; the calling file closes each one after its test. */
export function memoryConnections(): () => Promise<WasmNodeConnection> {
  const open: WasmNodeConnection[] = [];
  afterEach(async () => {
    for (const conn of open.splice(0)) await conn.close();
  });
  return async () => {
    const conn = await openWasmMemoryConnection();
    open.push(conn);
    return conn;
  };
}
