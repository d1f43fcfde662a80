/**
 * @file Test helper: the demo repo (demo/shopkit) indexed with the real pipeline (real
 * tree-sitter, the stitcher, duckdb-wasm in memory), as the app's "demo repo" button does.
 * Shared by the Cypher tests and the UI query tests (test/ui); indexTexts indexes any small
 * repository given as texts.
 * Runs in: Node (vitest).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { openWasmMemoryConnection } from '../../src/adapters/node/duckdbWasmNode.ts';
import type { WasmNodeConnection } from '../../src/adapters/node/duckdbWasmNode.ts';
import { createNodeParsers } from '../../src/adapters/node/nodeParsers.ts';
import { parseSourceFile } from '../../src/core/parse/parseFile.ts';
import { indexRepository } from '../../src/core/pipeline/indexRepository.ts';
import type { IndexSummary } from '../../src/core/pipeline/repoService.ts';
import { extractorFor } from '../../src/core/languages/implementations.ts';

const demoRoot = resolve(import.meta.dirname, '../../demo');

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

/** The demo indexed into a fresh in-memory database, with the pipeline's summary. */
export async function indexDemo(): Promise<{ conn: WasmNodeConnection; summary: IndexSummary }> {
  const files = listFiles(join(demoRoot, 'shopkit')).map((path) => ({
    path: relative(demoRoot, path).split('\\').join('/'),
    data: new Uint8Array(readFileSync(path)),
  }));
  return indexFiles('shopkit', files);
}

/** A small repository given as path -> text, indexed the same way. */
export function indexTexts(name: string, texts: Record<string, string>): Promise<{ conn: WasmNodeConnection; summary: IndexSummary }> {
  return indexFiles(name, Object.entries(texts).map(([path, text]) => ({ path, data: new TextEncoder().encode(text) })));
}

async function indexFiles(name: string, files: { path: string; data: Uint8Array }[]): Promise<{ conn: WasmNodeConnection; summary: IndexSummary }> {
  const conn = await openWasmMemoryConnection();
  const parsers = await createNodeParsers();
  const summary = await indexRepository({ kind: 'files', name, files }, { parseFiles: async (sources) => (await sources.all()).map((f) => parseSourceFile(parsers, f, extractorFor)), conn }, {});
  return { conn, summary };
}

export async function openDemoGraph(): Promise<WasmNodeConnection> {
  return (await indexDemo()).conn;
}
