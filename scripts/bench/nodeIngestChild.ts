/**
 * @file The Node end-to-end index of bench:ingest in a process of its own, bundled for plain Node
 * as the CLI is (nodeIngest.ts measureNodeIngestInChild):
 * `<zip> <name> <threads, 0 = default> <result.json> [index | parse-stage]`.
 * Runs in: Node (a child process of the benchmark).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { CHILD_MEASUREMENTS, measureNodeIngest, measureParseStage } from './nodeIngest.ts';
import type { ChildMeasurement } from './nodeIngest.ts';

const [zipPath, name, threads, out, measurement = 'index'] = process.argv.slice(2);
if (!zipPath || !name || !out || !CHILD_MEASUREMENTS.includes(measurement as ChildMeasurement)) {
  throw new Error(`usage: nodeIngestChild.ts <zip> <name> <threads> <result.json> [${CHILD_MEASUREMENTS.join(' | ')}]`);
}
const options = { name, zip: new Uint8Array(readFileSync(zipPath)), threads: Number(threads) || undefined };
const result = measurement === 'index' ? await measureNodeIngest(options) : await measureParseStage(options);
writeFileSync(out, JSON.stringify(result));
process.exit(0);
