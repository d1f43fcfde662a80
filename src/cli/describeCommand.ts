/**
 * @file `ranger describe --db <file> [--llm none] [--restart]`: structural descriptions (RANGER
 * 3.3 texts built from docstring, signature, members and called names) for every node still
 * missing one, bottom-up, resumable. LLM descriptions need web-llm, which runs only in a browser
 * with WebGPU, so in Node --llm takes only 'none' (or 'builtin').
 * Runs in: Node (cli).
 */
import { describeGraph } from '../core/describe/describeGraph.ts';
import { AppError } from '../core/errors.ts';
import type { DescribeProgress } from '../core/semantic/semanticService.ts';
import { openNodeDatabase } from '../adapters/node/duckdbNode.ts';
import { UsageError } from './args.ts';
import type { ParsedArgs } from './args.ts';

export interface DescribeOutput extends DescribeProgress {
  ms: number;
}

const STRUCTURAL_LLM_ARGS = new Set(['none', 'builtin', 'builtin:structural', 'structural']);

export interface DescribeCommandOptions {
  llm?: string;
  restart?: boolean;
  onProgress?: (p: DescribeProgress) => void;
  signal?: AbortSignal;
}

export async function runDescribe(dbPath: string, options: DescribeCommandOptions = {}): Promise<DescribeOutput> {
  const llm = options.llm?.trim();
  if (llm && !STRUCTURAL_LLM_ARGS.has(llm)) {
    throw new AppError(
      'CONFIG_INVALID',
      `--llm ${llm}: LLM descriptions run on web-llm, which needs a browser with WebGPU (use the app). In Node only --llm none (structural descriptions) is available.`,
    );
  }
  const started = Date.now();
  const conn = await openNodeDatabase(dbPath, { mustExist: true });
  try {
    const progress = await describeGraph(conn, null, { restart: options.restart, signal: options.signal, onProgress: options.onProgress });
    return { ...progress, ms: Date.now() - started };
  } finally {
    await conn.close();
  }
}

/** The CLI command: parsed args in, {json, text} out; progress on stderr without --json. */
export async function describeCommand(args: ParsedArgs): Promise<{ json: unknown; text: string }> {
  if (args.positionals.length > 0) throw new UsageError("'describe' takes no positional arguments");
  const db = args.values.db;
  if (!db) throw new UsageError("'describe' needs --db <file>");
  const showProgress = !args.switches.has('json') && process.stderr.isTTY === true;
  const output = await runDescribe(db, {
    llm: args.values.llm,
    restart: args.switches.has('restart'),
    onProgress: showProgress ? (p) => process.stderr.write(`\r\x1b[K[describe] ${p.done}/${p.total}${p.current ? ` ${p.current}` : ''}`) : undefined,
  });
  if (showProgress) process.stderr.write('\r\x1b[K');
  const text = `Described ${output.done.toLocaleString('en-US')} of ${output.total.toLocaleString('en-US')} nodes with ${output.generator} (${output.state}) in ${output.ms.toLocaleString('en-US')} ms`;
  return { json: output, text };
}
