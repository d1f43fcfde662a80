/**
 * @file `ranger requirements --db <file> [--llm none|fake:<script.json>] [--confirm] [--eps 0.8]
 * [--k 5]`: builds the requirement graph (CodeRAG 3.1) beside the code graph and prints its
 * counts: requirements by source (docstring / llm / structural) and relations by type
 * (PARENT_CHILD, SIMILAR_REQUIREMENT, IMPLEMENTED_BY). Real LLMs run on web-llm, which needs a
 * browser with WebGPU: in Node --llm takes 'none' or a scripted fake engine (tests, demos).
 * Runs in: Node (cli).
 */
import { buildRequirementGraph } from '../core/requirements/buildRequirementGraph.ts';
import type { RequirementGraphSummary } from '../core/requirements/buildRequirementGraph.ts';
import { openNodeDatabase } from '../adapters/node/duckdbNode.ts';
import { parseInteger, parseNumber, UsageError } from './args.ts';
import type { ParsedArgs } from './args.ts';
import { cliLlm } from './cliLlm.ts';

export interface RequirementsCommandOptions {
  llm?: string;
  confirm?: boolean;
  eps?: number;
  k?: number;
}

export async function runRequirements(dbPath: string, options: RequirementsCommandOptions = {}): Promise<RequirementGraphSummary> {
  const llm = await cliLlm(options.llm);
  const conn = await openNodeDatabase(dbPath, { mustExist: true });
  try {
    return await buildRequirementGraph(conn, { llm, confirmWithLlm: options.confirm, eps: options.eps, k: options.k });
  } finally {
    await conn.close();
  }
}

export function formatRequirements(s: RequirementGraphSummary): string {
  return [
    `Requirement graph: ${s.requirements.toLocaleString('en-US')} requirements in ${s.ms.toLocaleString('en-US')} ms`,
    `  by source:  docstring ${s.bySource.docstring}, llm ${s.bySource.llm}, structural (no docstring, no LLM) ${s.bySource.structural}`,
    `  relations:  PARENT_CHILD ${s.edges.PARENT_CHILD}, SIMILAR_REQUIREMENT ${s.edges.SIMILAR_REQUIREMENT} (cos >= ${s.eps}, ${s.embedder}), IMPLEMENTED_BY ${s.edges.IMPLEMENTED_BY}`,
  ].join('\n');
}

export async function requirementsCommand(args: ParsedArgs): Promise<{ json: unknown; text: string }> {
  if (args.positionals.length > 0) throw new UsageError("'requirements' takes no positional arguments");
  const db = args.values.db;
  if (!db) throw new UsageError("'requirements' needs --db <file>");
  const k = parseInteger('k', args.values.k, 1);
  const output = await runRequirements(db, { llm: args.values.llm, confirm: args.switches.has('confirm'), eps: parseNumber('eps', args.values.eps), k });
  return { json: output, text: formatRequirements(output) };
}
