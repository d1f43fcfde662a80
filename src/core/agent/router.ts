/**
 * @file The RANGER router (3.1, Fig. 1): the question becomes Cypher — from the LLM with the
 * schema prompt (A.6/A.7 adapted), or, without an LLM, from the rule-based generator — and the
 * Cypher runs on the graph. Rows: Path 1. No identifier, no rows or an error: Path 2 (MCTS),
 * with the reason in plain words. Without an LLM the question's form decides too (ruleCypher.ts
 * questionForm): a lookup stops at Path 1's rows, a question about more than the names gets
 * Path 2's results after Path 1's hits (`thenSearch`), a statement that merely mentions a name
 * goes to Path 2 alone. Runs in: the repo worker (app), in-process (cli). Layer src/core.
 */
import type { CypherParams } from '../cypher/compile.ts';
import { toWire } from '../errors.ts';
import type { Llm } from '../models/types.ts';
import type { SqlConnection } from '../store/sqlConnection.ts';
import { buildCypherMessages, extractCypher } from './cypherPrompt.ts';
import type { PromptGraphInfo } from './cypherPrompt.ts';
import { ruleCypher } from './ruleCypher.ts';
import { rowsAreEmpty, runCypher } from './runCypher.ts';
import type { CypherResult, RouteInfo } from './searchService.ts';

export interface RouteOptions {
  llm: Llm | null;
  signal?: AbortSignal;
  /** Values for $name parameters in the generated Cypher. */
  cypherParams?: CypherParams;
}

export interface RoutedQuestion {
  route: RouteInfo;
  /** The Cypher result when Path 1 answered; null on Path 2. */
  result: CypherResult | null;
  /** Path 1 answered a question about more than the names: Path 2's results follow its hits. */
  thenSearch?: boolean;
}

/** Repo name and a few module names for the prompt. */
export async function promptGraphInfo(conn: Pick<SqlConnection, 'query'>): Promise<PromptGraphInfo> {
  const repo = await conn.query("SELECT name FROM nodes WHERE kind = 'Repo' LIMIT 1");
  const modules = await conn.query("SELECT name FROM nodes WHERE kind = 'Module' ORDER BY id LIMIT 12");
  return { repoName: repo[0] ? String(repo[0].name) : null, modules: modules.map((r) => String(r.name)) };
}

function plural(n: number, word: string): string {
  return `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;
}

/** Runs generated Cypher and decides the path. */
async function runGenerated(conn: Pick<SqlConnection, 'query'>, cypher: string, generator: 'llm' | 'rules', why: string, params: CypherParams = {}): Promise<RoutedQuestion> {
  try {
    const result = await runCypher(conn, cypher, params);
    if (rowsAreEmpty(result.rows)) {
      return { route: { path: 'mcts', cypher, generator, reason: `${why}; its Cypher returned no rows, so MCTS searched instead` }, result: null };
    }
    return { route: { path: 'cypher', cypher, generator, reason: `${why}; its Cypher returned ${plural(result.rows.length, 'row')}` }, result };
  } catch (error) {
    const wire = toWire(error);
    return {
      route: { path: 'mcts', cypher, generator, reason: `${why}; its Cypher failed (${wire.message}), so MCTS searched instead`, cypherError: wire },
      result: null,
    };
  }
}

/** Routes one question: Path 1 when generated Cypher returns rows, Path 2 otherwise. */
export async function routeQuestion(conn: Pick<SqlConnection, 'query'>, question: string, options: RouteOptions): Promise<RoutedQuestion> {
  let llmFailure: string | null = null;
  if (options.llm) {
    try {
      const info = await promptGraphInfo(conn);
      const answer = await options.llm.chat(buildCypherMessages(question, info), { temperature: 0, maxTokens: 512, signal: options.signal });
      const cypher = extractCypher(answer);
      if (cypher === null) {
        return { route: { path: 'mcts', cypher: null, generator: 'llm', reason: 'the LLM answered without a Cypher query, so MCTS searched instead' }, result: null };
      }
      return await runGenerated(conn, cypher, 'llm', `the LLM (${options.llm.info.label}) wrote Cypher`, options.cypherParams);
    } catch (error) {
      if (options.signal?.aborted) throw error;
      llmFailure = toWire(error).message;
    }
  }
  const rules = await ruleCypher(conn, question);
  const prefix = llmFailure === null ? '' : `the LLM failed (${llmFailure}); `;
  if (rules.cypher === null) {
    return { route: { path: 'mcts', cypher: null, generator: 'rules', reason: `${prefix}${rules.reason}, so MCTS searched instead` }, result: null };
  }
  const routed = await runGenerated(conn, rules.cypher, 'rules', `${prefix}${rules.reason}`, options.cypherParams);
  return routed.result && rules.form === 'question' ? { ...routed, thenSearch: true } : routed;
}
