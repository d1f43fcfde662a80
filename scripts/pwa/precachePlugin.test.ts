import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { precacheList } from './precachePlugin.ts';

const dir = mkdtempSync(join(tmpdir(), 'precache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(path: string, text: string): void {
  mkdirSync(join(dir, path, '..'), { recursive: true });
  writeFileSync(join(dir, path), text);
}

describe('precache list of a build', () => {
  it('lists the build in phases: shell, one DuckDB bundle, background, on first use; not maps, sw.js, the LLM folder or the COI bundle', () => {
    write('index.html', '<html></html>');
    write('assets/index-abc.js', 'x');
    write('assets/index-abc.js.map', 'x');
    write('assets/duckdb-eh-123.wasm', 'x');
    write('assets/duckdb-browser-eh.worker-9.js', 'x');
    write('assets/duckdbEh.worker-7.js', 'x');
    write('assets/duckdb-mvp-456.wasm', 'x');
    write('assets/duckdb-browser-mvp.worker-8.js', 'x');
    write('assets/duckdb-browser-coi.worker-1.js', 'x');
    write('assets/duckdb-coi-1.wasm', 'x');
    write('assets/web-tree-sitter-7.wasm', 'x');
    write('assets/tree-sitter-python-5.wasm', 'x');
    write('assets/tree-sitter-go-6.wasm', 'x');
    write('assets/ort-wasm-simd-threaded.asyncify-4.wasm', 'x');
    write('assets/models.worker-3.js', 'x');
    write('assets/llm.worker-2.js', 'x');
    write('models/ranger-code-search-mini/onnx/model.onnx', 'x');
    write('models/fixtures/tiny-embedder/onnx/model.onnx', 'x');
    write('demo/shopkit.ranger.zip', 'x');
    write('llm/model/params.bin', 'x');
    write('sw.js', 'old');
    const { files, phases } = precacheList(dir);
    expect(phases).toEqual({
      install: ['assets/index-abc.js', 'assets/tree-sitter-python-5.wasm', 'assets/web-tree-sitter-7.wasm', 'demo/shopkit.ranger.zip', 'index.html'],
      duckdbEh: ['assets/duckdb-browser-eh.worker-9.js', 'assets/duckdb-eh-123.wasm', 'assets/duckdbEh.worker-7.js'],
      duckdbMvp: ['assets/duckdb-browser-mvp.worker-8.js', 'assets/duckdb-mvp-456.wasm'],
      background: ['assets/models.worker-3.js', 'assets/ort-wasm-simd-threaded.asyncify-4.wasm', 'models/ranger-code-search-mini/onnx/model.onnx'],
      onUse: ['assets/llm.worker-2.js', 'assets/tree-sitter-go-6.wasm', 'models/fixtures/tiny-embedder/onnx/model.onnx'],
    });
    expect(files.length).toBe(Object.values(phases).flat().length);
    expect(files.some((f) => /coi|\.map$|^llm\/|^sw\.js$/.test(f))).toBe(false);
  });

  it('changes its version when a listed file changes, so the browser sees an update', () => {
    const before = precacheList(dir).version;
    write('assets/index-abc.js', 'xy');
    expect(precacheList(dir).version).not.toBe(before);
    const same = precacheList(dir).version;
    write('assets/index-abc.js.map', 'a longer map');
    expect(precacheList(dir).version).toBe(same);
  });
});
