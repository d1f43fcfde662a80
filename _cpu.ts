import { stdlibCorpus } from './scripts/bench/corpus.ts';
import { measureNodeIngest } from './scripts/bench/nodeIngest.ts';
const corpus = stdlibCorpus({});
for (let i = 0; i < Number(process.argv[2] ?? 2); i++) {
  const c0 = process.cpuUsage();
  const r = await measureNodeIngest({ name: corpus.name, zip: corpus.zip });
  const c = process.cpuUsage(c0);
  console.log(`wall ${(r.wallMs / 1000).toFixed(2)} s cpu ${((c.user + c.system) / 1e6).toFixed(2)} s phases ${JSON.stringify(r.summary.phaseMs)}`);
}
process.exit(0);
