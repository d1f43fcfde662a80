import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { duckdbWithoutSourcemaps } from './duckdbWithoutSourcemaps.ts';

const worker = createRequire(import.meta.url).resolve('@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js');
const load = (id: string) => (duckdbWithoutSourcemaps().load as (id: string) => string | null)(id);

describe('duckdbWithoutSourcemaps', () => {
  it('serves the real duckdb-wasm worker bundle without its source-map comment, code intact', () => {
    const original = readFileSync(worker, 'utf8');
    expect(original).toMatch(/^\/\/# sourceMappingURL=/m);
    const served = load(`${worker}?v=abc123`);
    expect(served).not.toBeNull();
    expect(served).not.toMatch(/sourceMappingURL/);
    expect(served!.length).toBeGreaterThan(original.length * 0.5);
  });

  it('leaves ?url / ?worker imports and other packages to vite', () => {
    expect(load(`${worker}?url`)).toBeNull();
    expect(load('/repo/node_modules/apache-arrow/Arrow.mjs')).toBeNull();
  });
});
