/**
 * @file Body of one Node parse thread: parses the batches the pool sends (ParseRequest ->
 * ParseReply), loading each grammar on first need.
 * Bundled for plain Node by parsePool.ts (nodeBundle.mjs) before the threads start.
 * Runs in: a Node worker thread.
 */
import { parentPort } from 'node:worker_threads';
import { parseAndEncode } from '../../core/parse/parseFile.ts';
import type { ParseReply, ParseRequest } from '../../core/parse/parsePool.ts';
import { createNodeParsers } from './nodeParsers.ts';
import { extractorFor } from '../../core/languages/implementations.ts';

const parsersReady = createNodeParsers([]);

parentPort!.on('message', async ({ id, files }: ParseRequest) => {
  let reply: ParseReply;
  try {
    reply = { id, irs: await parseAndEncode(await parsersReady, files, extractorFor) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
});
