/**
 * @file Search benchmark (`npm run bench:search -- [options]`), the speed targets of docs/budgets.md and
 * docs/budgets.md, in one run: (a) Cypher lookups of the A.5-A.7 kind on a 100k-node
 * synthetic graph loaded with writeGraph into duckdb-wasm, in Node and in headless chromium,
 * p50 / p95 / mean with a plain SQL point lookup as the baseline; (b) MCTS ms per iteration
 * outside model calls on 10k and 100k node snapshots; (c) 200 iterations with the built-in
 * lexical embedder and reranker on 10k nodes, total wall time, against exhaustive rerank.
 * Budget verdicts are printed, never turned into an exit code.
 * Runs in: Node (tsx).
 */
import { cpus, loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { Graph } from '../../src/core/graph/types.ts';
import { processCpuMs } from './cpuClock.ts';
import { cypherWorkload, workloadFingerprint } from './cypherWorkload.ts';
import { SEARCH_BUDGETS } from './latency.ts';
import { prepareMcts, searchQueries, timeExhaustiveRerank, timeSearch } from './mctsTiming.ts';
import type { MctsPrepared } from './mctsTiming.ts';
import { parseSearchArgs, SEARCH_USAGE } from './searchArgs.ts';
import type { SearchBenchArgs } from './searchArgs.ts';
import { renderSearchReport, summarizeBuiltins, summarizeEnvironment, summarizeMctsSize } from './searchReport.ts';
import type { BuiltinsSummary, GraphInfo, MctsSizeSummary, SearchBenchReport } from './searchReport.ts';
import { syntheticGraph } from './syntheticGraph.ts';
import { readDbGraph } from './dbGraph.ts';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const now = () => performance.now();

function log(line: string): void {
  process.stderr.write(`[bench:search] ${line}\n`);
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function countBy<T>(items: readonly T[], key: (item: T) => string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of items) out[key(item)] = (out[key(item)] ?? 0) + 1;
  return out;
}

async function readGraph(path: string): Promise<{ graph: Graph; ms: number }> {
  const started = now();
  const graph = await readDbGraph(path);
  return { graph, ms: now() - started };
}

function generate(nodes: number, seed: number): { graph: Graph; ms: number } {
  const started = now();
  const graph = syntheticGraph({ nodes, seed });
  return { graph, ms: now() - started };
}

async function cypherPart(args: SearchBenchArgs, graph: Graph, graphInfo: GraphInfo): Promise<SearchBenchReport['cypher']> {
  const workload = cypherWorkload(graph, args.reps, args.seed);
  log(`(a) Cypher in Node: ${workload.timed.length} timed queries`);
  let node: SearchBenchReport['cypher']['node'];
  let native: SearchBenchReport['cypher']['native'];
  try {
    const { measureFileCypher, measureNodeCypher } = await import('./nodeCypher.ts');
    const [run, nativeRun] = args.db ? await measureFileCypher(args.db, workload) : [await measureNodeCypher(graph, workload, 'app')];
    node = summarizeEnvironment(run!);
    if (nativeRun) native = summarizeEnvironment(nativeRun);
    log(`    every Cypher query: p50 ${node.allCypher.p50.toFixed(1)} ms, p95 ${node.allCypher.p95.toFixed(1)} ms (writeGraph ${(run!.loadMs / 1000).toFixed(1)} s)`);
  } catch (error) {
    node = { error: message(error) };
    log(`    failed: ${node.error}`);
  }
  let browser: SearchBenchReport['cypher']['browser'];
  if (args.db) browser = { skipped: true, error: '--db: the chromium page builds its own synthetic graph' };
  else if (!args.browser) browser = { skipped: true, error: '--no-browser' };
  else {
    log('(a) Cypher in chromium (bench page worker)');
    try {
      const { measureBrowserCypher } = await import('./browserSearch.ts');
      const run = await measureBrowserCypher({
        repoRoot: REPO_ROOT,
        nodes: args.cypherNodes,
        seed: args.seed,
        reps: args.reps,
        timeoutMs: args.timeoutSeconds * 1000,
        log: (line) => log(`    ${line}`),
      });
      const summary = summarizeEnvironment(run);
      browser = {
        ...summary,
        notes: [...summary.notes, `graph generated on the worker in ${(run.graphMs / 1000).toFixed(1)} s`],
        fingerprint: run.fingerprint,
        sameWorkload: run.fingerprint === graphInfo.fingerprint,
        chromiumVersion: run.chromiumVersion,
        pageErrors: run.pageErrors,
      };
      log(`    every Cypher query: p50 ${summary.allCypher.p50.toFixed(1)} ms, p95 ${summary.allCypher.p95.toFixed(1)} ms`);
    } catch (error) {
      browser = { skipped: false, error: message(error) };
      log(`    failed: ${browser.error}`);
    }
  }
  return native ? { node, native, browser } : { node, browser };
}

async function timeSearches(prepared: MctsPrepared, graph: Graph, args: SearchBenchArgs) {
  const [warmup, ...queries] = searchQueries(graph, args.queries + 1, args.seed + 6);
  await timeSearch(prepared, warmup!, now, { iterations: args.iterations }, processCpuMs);
  const searches = [];
  for (const query of queries) searches.push(await timeSearch(prepared, query, now, { iterations: args.iterations }, processCpuMs));
  return searches;
}

async function mctsPart(args: SearchBenchArgs, cypherGraph: { graph: Graph; ms: number }) {
  const sizes: SearchBenchReport['mcts'] = [];
  let builtins: BuiltinsSummary | { nodes: number; error: string } | null = null;
  const sizeList = args.mctsSizes.includes(args.builtinNodes) ? args.mctsSizes : [...args.mctsSizes, args.builtinNodes];
  for (const nodes of sizeList) {
    const measuresB = args.mctsSizes.includes(nodes);
    const measuresC = nodes === args.builtinNodes;
    log(`(${measuresB ? 'b' : ''}${measuresB && measuresC ? '+' : ''}${measuresC ? 'c' : ''}) MCTS on ${nodes.toLocaleString('en-US')} nodes`);
    try {
      // With --db the Cypher graph is the database's (its rows read for Cypher only): MCTS generates its own.
      const generated = nodes === args.cypherNodes && !args.db ? cypherGraph : generate(nodes, args.seed);
      const prepared = prepareMcts(generated.graph, now);
      const setup = { generateMs: generated.ms, ...prepared.setup };
      log(`    prepared (fit ${(setup.fitMs / 1000).toFixed(1)} s, embed ${(setup.embedMs / 1000).toFixed(1)} s, snapshot ${(setup.snapshotMs / 1000).toFixed(1)} s)`);
      const searches = await timeSearches(prepared, generated.graph, args);
      if (measuresB) {
        const summary: MctsSizeSummary = summarizeMctsSize({
          nodes,
          edges: prepared.edges,
          modules: prepared.moduleCount,
          embeddedNodes: prepared.embeddedNodes,
          kInit: prepared.params.kInit,
          kMin: prepared.params.kMin,
          setup,
          searches,
        });
        sizes.push(summary);
        log(`    ms/iteration outside models: whole ${summary.perIterationWhole.toFixed(3)}, loop ${summary.perIterationLoop.toFixed(3)}`);
      }
      if (measuresC) {
        const exhaustive = [];
        for (const s of searches) exhaustive.push(await timeExhaustiveRerank(prepared, s.query, now, processCpuMs));
        builtins = summarizeBuiltins({ nodes, iterations: args.iterations, setup, searches, exhaustive });
        log(`    ${args.iterations} iterations with built-ins: median ${builtins.total.p50.toFixed(0)} ms`);
      }
    } catch (error) {
      if (measuresB) sizes.push({ nodes, error: message(error) });
      if (measuresC) builtins = { nodes, error: message(error) };
      log(`    failed: ${message(error)}`);
    }
  }
  return { sizes, builtins: builtins ?? { nodes: args.builtinNodes, error: 'not run' } };
}

async function main(): Promise<void> {
  const args = parseSearchArgs(process.argv.slice(2));
  if (args.help) {
    console.log(SEARCH_USAGE);
    return;
  }
  const loadAverage = loadavg();
  log(args.db ? `the graph of ${args.db}` : `synthetic graph of ${args.cypherNodes.toLocaleString('en-US')} nodes (seed ${args.seed})`);
  const cypherGraph = args.db ? await readGraph(args.db) : generate(args.cypherNodes, args.seed);
  const { graph } = cypherGraph;
  const graphInfo: GraphInfo = {
    source: args.db ?? `synthetic, seed ${args.seed}`,
    nodes: graph.nodes.length,
    edges: graph.edges.length,
    byKind: countBy(graph.nodes, (n) => n.kind),
    byType: countBy(graph.edges, (e) => e.type),
    generateMs: cypherGraph.ms,
    fingerprint: workloadFingerprint(graph, cypherWorkload(graph, args.reps, args.seed)),
  };
  const cypher = await cypherPart(args, graph, graphInfo);
  const { sizes, builtins } = await mctsPart(args, cypherGraph);
  const report: SearchBenchReport = {
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model.trim() ?? 'unknown', node: process.version, platform: `${process.platform} ${process.arch}`, loadAverage, loadAverageEnd: loadavg() },
    settings: { reps: args.reps, seed: args.seed, queries: args.queries, iterations: args.iterations },
    budgets: SEARCH_BUDGETS,
    graph: graphInfo,
    cypher,
    mcts: sizes,
    builtins,
  };
  console.log(args.json ? JSON.stringify(report, null, 2) : renderSearchReport(report));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`bench:search failed: ${message(error)}\n`);
    process.exit(1);
  },
);
