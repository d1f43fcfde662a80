/**
 * @file Parse worker: parses batches of source files into FileIR (ParseRequest -> ParseReply,
 * see src/core/parse/parsePool.ts), loading each grammar (Vite ?url asset) on first need.
 * Runs in: a dedicated module worker started by the repo worker.
 */
import { createBrowserParsers } from '../src/adapters/browser/grammarUrls.ts';
import { parseAndEncode } from '../src/core/parse/parseFile.ts';
import type { ParseReply, ParseRequest } from '../src/core/parse/parsePool.ts';
import { extractorFor } from '../src/core/languages/implementations.ts';

const parsersReady = createBrowserParsers();

self.onmessage = async ({ data: { id, files } }: MessageEvent<ParseRequest>) => {
  let reply: ParseReply;
  try {
    reply = { id, irs: await parseAndEncode(await parsersReady, files, extractorFor) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(reply);
};
