/**
 * @file Body of one Node parse thread: builds parsers once, parses batches sent by the pool.
 * Loaded by parseThread.mjs (which registers tsx so this TypeScript runs in worker_threads).
 * Runs in: a Node worker thread.
 */
import { parentPort } from 'node:worker_threads';
import { parseSourceFile } from '../../core/parse/parseFile.ts';
import type { SourceFile } from '../../core/ingest/types.ts';
import { createNodeParsers } from './nodeParsers.ts';

const parsersReady = createNodeParsers();

parentPort!.on('message', async (message: { id: number; files: SourceFile[] }) => {
  try {
    const parsers = await parsersReady;
    const irs = message.files.map((file) => parseSourceFile(parsers, file));
    parentPort!.postMessage({ id: message.id, irs });
  } catch (error) {
    parentPort!.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
