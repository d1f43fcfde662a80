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
  it('lists the build (shell, assets, models, demo) but not maps, sw.js, the LLM folder or the COI bundle', () => {
    write('index.html', '<html></html>');
    write('assets/index-abc.js', 'x');
    write('assets/index-abc.js.map', 'x');
    write('assets/duckdb-eh-123.wasm', 'x');
    write('assets/duckdb-browser-coi.worker-1.js', 'x');
    write('assets/duckdb-coi-1.wasm', 'x');
    write('models/fixtures/tiny-embedder/onnx/model.onnx', 'x');
    write('demo/shopkit.ranger.zip', 'x');
    write('llm/model/params.bin', 'x');
    write('sw.js', 'old');
    expect(precacheList(dir).files).toEqual([
      'assets/duckdb-eh-123.wasm',
      'assets/index-abc.js',
      'demo/shopkit.ranger.zip',
      'index.html',
      'models/fixtures/tiny-embedder/onnx/model.onnx',
    ]);
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
