/**
 * @file The Node end-to-end index of bench:ingest in a process of its own, bundled for plain Node
 * as the CLI is (nodeIngest.ts measureNodeIngestInChild):
 * `<zip> <name> <threads, 0 = default> <result.json>`.
 * Runs in: Node (a child process of the benchmark).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { measureNodeIngest } from './nodeIngest.ts';

const [zipPath, name, threads, out] = process.argv.slice(2);
if (!zipPath || !name || !out) throw new Error('usage: nodeIngestChild.ts <zip> <name> <threads> <result.json>');
const result = await measureNodeIngest({ name, zip: new Uint8Array(readFileSync(zipPath)), threads: Number(threads) || undefined });
writeFileSync(out, JSON.stringify(result));
process.exit(0);
