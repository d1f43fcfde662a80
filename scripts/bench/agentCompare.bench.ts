/**
 * @file Agent comparison (`npm run bench:agent -- [--package http] [--db <file>] [--limit 40]
 * [--seed 1] [--json]`): on one real package (a system Python stdlib package, tests excluded;
 * indexed, described and embedded with the built-ins unless --db is given) it builds the
 * requirement graph and prints its relation counts, then on a docstring eval set (the answers'
 * docstrings hidden from every method AND from the requirement graph) it compares recall@10 of
 * the target and of its callees (USES call / instantiate edges to Functions, Methods, Classes)
 * for three retrievers:
 * - agent: the ReAct loop driven by the RULE-DRIVEN POLICY (no LLM can run here), its cited
 *   ranking (10 at most); also its whole retrieved set (every node a tool returned), first 10;
 * - mcts: MCTS alone from the root (A.4 defaults);
 * - cypher: the router's rule-based Cypher alone (no MCTS fallback), as the app answers Path 1.
 * Figures only, never a pass / fail. A --db file gets its requirement tables replaced.
 * Runs in: Node (tsx).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openNodeDatabase } from '../../src/adapters/node/duckdbNode.ts';
import { createNodeParsers } from '../../src/adapters/node/nodeParsers.ts';
import { runAgent } from '../../src/core/agent/loop/reactAgent.ts';
import { rulePolicyLlm } from '../../src/core/agent/loop/rulePolicy.ts';
import { routeQuestion } from '../../src/core/agent/router.ts';
import { createAgentTools, lazy, OFFLINE_NOTE } from '../../src/core/agent/tools/agentTools.ts';
import { buildDocstringEvalSet, createNodeLocator, resolveRelevance } from '../../src/core/eval/evalSet.ts';
import type { LocatedNode } from '../../src/core/eval/evalSet.ts';
import { mean, recallAtK } from '../../src/core/eval/metrics.ts';
import { buildRequirementGraph } from '../../src/core/requirements/buildRequirementGraph.ts';
import { runDescribe } from '../../src/cli/describeCommand.ts';
import { runEmbed } from '../../src/cli/embedCommand.ts';
import { runIndex } from '../../src/cli/indexCommand.ts';
import { openSearchEngine } from '../../src/cli/searchCommand.ts';
import { pythonStdlibDir } from './corpus.ts';

interface Args {
  package: string;
  db?: string;
  limit: number;
  seed: number;
  json: boolean;
}

function parseArgs(argv: readonly string[]): Args {
  const args: Args = { package: 'http', limit: 40, seed: 1, json: false };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const need = () => {
      const value = argv[++i];
      if (value === undefined) throw new Error(`${flag} needs a value`);
      return value;
    };
    if (flag === '--package') args.package = need();
    else if (flag === '--db') args.db = need();
    else if (flag === '--limit') args.limit = Number(need());
    else if (flag === '--seed') args.seed = Number(need());
    else if (flag === '--json') args.json = true;
    else throw new Error(`Unknown option ${flag}`);
  }
  return args;
}

const K = 10;
const METHODS = ['agent', 'agent-retrieved', 'mcts', 'cypher'] as const;
type Method = (typeof METHODS)[number];

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  let temp: string | null = null;
  let db = args.db;
  if (!db) {
    temp = mkdtempSync(join(tmpdir(), 'ranger-agent-bench-'));
    db = join(temp, `${args.package.replaceAll('/', '_')}.duckdb`);
  }
  try {
    if (!existsSync(db)) {
      const dir = join(pythonStdlibDir(), args.package);
      await runIndex(dir, db);
      await runDescribe(db);
      await runEmbed(db);
      process.stderr.write(`indexed, described and embedded ${dir}\n`);
    }
    const conn = await openNodeDatabase(db, { mustExist: true });
    try {
      const set = await buildDocstringEvalSet(conn, { limit: args.limit, seed: args.seed });
      const hidden = new Set(set.hiddenDocstrings ?? []);
      const graph = await buildRequirementGraph(conn, { hiddenDocstrings: hidden });
      const engine = await openSearchEngine(conn, { hiddenDocstrings: hidden });
      const tools = createAgentTools({ conn, searchEngine: async () => engine, parsers: lazy(() => createNodeParsers(['python'])) });
      const located = await conn.query("SELECT id, file_path, start_line, end_line, kind, code FROM nodes WHERE kind IN ('Function', 'Method', 'Class')");
      const locate = createNodeLocator(located as unknown as LocatedNode[]);
      const calls = await conn.query(
        "SELECT DISTINCT e.src, e.dst FROM edges e JOIN nodes n ON n.id = e.dst WHERE e.type = 'USES' AND e.detail IN ('call', 'instantiate') AND n.kind IN ('Function', 'Method', 'Class') AND e.src <> e.dst",
      );
      const callees = new Map<number, number[]>();
      for (const c of calls) callees.set(Number(c.src), [...(callees.get(Number(c.src)) ?? []), Number(c.dst)]);

      const target: Record<Method, number[]> = { agent: [], 'agent-retrieved': [], mcts: [], cypher: [] };
      const callee: Record<Method, number[]> = { agent: [], 'agent-retrieved': [], mcts: [], cypher: [] };
      let cypherAnswered = 0;
      let withCallees = 0;
      let agentRounds = 0;
      for (const [n, query] of set.queries.entries()) {
        process.stderr.write(`\r\x1b[Kquery ${n + 1}/${set.queries.length}`);
        const { relevance } = resolveRelevance(query, locate);
        const targetId = [...relevance.keys()][0] as number | undefined;
        if (targetId === undefined) continue;
        const transcript = await runAgent(query.query, { llm: rulePolicyLlm(), tools, offlineNote: OFFLINE_NOTE });
        agentRounds += transcript.rounds;
        const mcts = await engine.run({ question: query.query, method: 'mcts', k: K, params: { seed: args.seed } });
        const routed = await routeQuestion(conn, query.query, { llm: null });
        if (routed.result) cypherAnswered++;
        const rankings: Record<Method, number[]> = {
          agent: transcript.cited,
          'agent-retrieved': transcript.retrieved,
          mcts: mcts.results.map((r) => r.id),
          cypher: routed.result?.nodeIds ?? [],
        };
        const calleeRelevance = new Map((callees.get(targetId) ?? []).map((id) => [id, 1] as const));
        if (calleeRelevance.size > 0) withCallees++;
        for (const method of METHODS) {
          target[method].push(recallAtK(rankings[method], relevance, K));
          if (calleeRelevance.size > 0) callee[method].push(recallAtK(rankings[method], calleeRelevance, K));
        }
      }
      process.stderr.write('\r\x1b[K');
      const result = {
        package: args.package,
        queries: target.agent.length,
        queriesWithCallees: withCallees,
        cypherAnsweredQueries: cypherAnswered,
        agentPolicy: 'rule-driven policy (no LLM)',
        agentMeanRounds: target.agent.length > 0 ? agentRounds / target.agent.length : 0,
        requirementGraph: { requirements: graph.requirements, bySource: graph.bySource, edges: graph.edges, eps: graph.eps },
        recallAt10: Object.fromEntries(METHODS.map((m) => [m, { target: mean(target[m]), callees: mean(callee[m]) }])),
      };
      if (args.json) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
      else {
        const g = result.requirementGraph;
        const lines = [
          `package ${result.package}: ${graph.requirements} requirements (docstring ${g.bySource.docstring}, structural ${g.bySource.structural}, llm ${g.bySource.llm})`,
          `relations: PARENT_CHILD ${g.edges.PARENT_CHILD}, SIMILAR_REQUIREMENT ${g.edges.SIMILAR_REQUIREMENT} (cos >= ${g.eps}), IMPLEMENTED_BY ${g.edges.IMPLEMENTED_BY}`,
          `${result.queries} docstring queries (answers' docstrings hidden everywhere), ${withCallees} with callees; agent = rule-driven policy (no LLM), ${result.agentMeanRounds.toFixed(1)} rounds on average; rule Cypher answered ${cypherAnswered}`,
          '',
          'method            recall@10 target   recall@10 callees',
          ...METHODS.map((m) => `${m.padEnd(18)}${result.recallAt10[m].target.toFixed(3).padStart(16)}${result.recallAt10[m].callees.toFixed(3).padStart(20)}`),
        ];
        process.stdout.write(`${lines.join('\n')}\n`);
      }
    } finally {
      await conn.close();
    }
  } finally {
    if (temp) rmSync(temp, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:agent: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
