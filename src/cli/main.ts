/**
 * @file Entry of the ranger CLI (`npm run ranger -- <command>`, docs/cli.md).
 * With --json every command prints exactly one JSON document on stdout; errors go to stderr
 * with a non-zero exit (1: failure, 2: usage). Command modules load lazily, so `sql` never
 * pays for tree-sitter and the parse pool.
 * Runs in: Node (cli).
 */
import { pathToFileURL } from 'node:url';
import { toWire } from '../core/errors.ts';
import type { Progress } from '../core/progress.ts';
import { parseArgs, parseInteger, UsageError } from './args.ts';
import type { ArgSpec, ParsedArgs } from './args.ts';
import { formatCounts, formatRows } from './format.ts';
import { truncationNote } from '../core/store/boundedQuery.ts';
import type { EmbedAfterIndex } from './embedCommand.ts';

const USAGE = `Usage: npm run ranger -- <command> [options]

Commands:
  index <zip|dir> --db <file> [--no-tests] [--incremental] [--no-embed] [--models-dir <dir>]
        [--json] [--verbose]                         index a repository into a database file
                                                     (replaces the graph already in that file;
                                                     --no-tests: leave tests and fixtures out;
                                                     --incremental: parse only changed files,
                                                     keep descriptions and embeddings), then
                                                     embed it as 'embed' does (the built-in
                                                     neural default; only what changed after
                                                     --incremental; --no-embed: leave it out)
  sql --db <file> "<sql>" [--max-rows N] [--timeout S] [--json]
                                                     run one read-only SQL statement
  cypher --db <file> "<cypher>" [--params '<json>'] [--explain] [--max-rows N] [--timeout S] [--json]
                                                     run a read-only Cypher query ($name values
                                                     from --params; --explain: {sql, rows});
                                                     sql and cypher show the first 10,000 rows
                                                     (--max-rows 0: all) and stop a query after
                                                     60 s (--timeout 0: no limit)
  describe --db <file> [--llm none] [--restart] [--json]
                                                     structural descriptions (LLMs need the app)
  embed --db <file> [--model <preset|id|folder>] [--sources description,code]
        [--eps 0.8] [--k 5] [--models-dir <dir>] [--json]
                                                     embeddings (built-in neural, offline by
                                                     default; --model lexical: the lexical one)
                                                     and SIMILAR edges
  search --db <file> "<question>" [--method auto|mcts|bm25|dense|dense-code|rerank-all|fusion]
         [--k 10] [--iterations T] [--seed S] [--preset default|paper|repoqa]
         [--pair-budget N] [--model <id|folder>] [--reranker lexical|learned|<id>]
         [--trace <file>] [--tests after|hide]
         [--as-text] [--json]                        ranked definitions (auto: the router;
                                                     a question that is Cypher runs as
                                                     written, --as-text searches it;
                                                     --model: which embedding set; no
                                                     embeddings: Path 1 needs none, Path 2
                                                     computes the built-in ones first)
  eval --db <file> --queries <jsonl|auto> [--methods auto,mcts,...] [--k 10] [--iterations T]
       [--k-min K] [--alpha A] [--c C] [--seed S] [--preset P] [--pair-budget N]
       [--model <id|folder>] [--reranker lexical|learned|<id>] [--prefix json/] [--limit N] [--curve 10,50]
       [--save-queries <file>] [--json]             NDCG / Recall / MRR @k per method
                                                     (--queries auto: docstring set from the db)
  requirements --db <file> [--llm none|fake:<script.json>] [--confirm] [--eps 0.8] [--k 5] [--json]
                                                     requirement graph (CodeRAG) and its counts
  agent --db <file> "<question>" [--llm none|fake:<script.json>] [--rounds 6] [--json]
                                                     ReAct agent over graph tools: transcript
                                                     and cited node ids (none: rule-driven policy)
  export --db <file> --out <file> [--format bundle|neo4j|kuzu] [--json]
                                                     the repo as one bundle zip (graph, files,
                                                     descriptions, embeddings, runs), or CSVs
                                                     for neo4j-admin import / Kuzu COPY
  import <bundle.zip> --db <file> [--json]           a bundle into a database file (replaces
                                                     its graph; a bad bundle changes nothing)
  mcp --db <file> | --bundle <file.ranger.zip>       MCP server over stdio for coding agents
                                                     (tools cypher, search, find, read_code,
                                                     neighbours, impact, requirements, explain;
                                                     a bundle is served from a temporary copy)

Options:
  --json      print exactly one JSON document on stdout
  --verbose   index: list the skipped files with their reasons
  --help      this text`;

const SPECS: Record<string, ArgSpec> = {
  index: { values: ['db', 'models-dir'], switches: ['json', 'verbose', 'no-tests', 'incremental', 'no-embed', 'help'] },
  sql: { values: ['db', 'max-rows', 'timeout'], switches: ['json', 'help'] },
  cypher: { values: ['db', 'params', 'max-rows', 'timeout'], switches: ['json', 'explain', 'help'] },
  describe: { values: ['db', 'llm'], switches: ['json', 'restart', 'help'] },
  embed: { values: ['db', 'model', 'sources', 'eps', 'k', 'models-dir'], switches: ['json', 'help'] },
  search: { values: ['db', 'method', 'k', 'iterations', 'seed', 'preset', 'pair-budget', 'model', 'reranker', 'trace', 'tests'], switches: ['json', 'help', 'as-text'] },
  eval: {
    values: ['db', 'queries', 'eval-set', 'prefix', 'limit', 'methods', 'k', 'iterations', 'k-min', 'alpha', 'c', 'seed', 'preset', 'pair-budget', 'model', 'reranker', 'curve', 'save-queries'],
    switches: ['json', 'help'],
  },
};
SPECS.requirements = { values: ['db', 'llm', 'eps', 'k'], switches: ['json', 'confirm', 'help'] };
SPECS.agent = { values: ['db', 'llm', 'rounds'], switches: ['json', 'help'] };
SPECS.export = { values: ['db', 'out', 'format'], switches: ['json', 'help'] };
SPECS.import = { values: ['db'], switches: ['json', 'help'] };
SPECS.mcp = { values: ['db', 'bundle'], switches: ['help'] };
const GLOBAL_SPEC: ArgSpec = { values: [], switches: ['json', 'help'] };

interface CommandResult {
  /** The JSON document (--json). */
  json: unknown;
  /** The human-readable text (without --json); a function when it is costly to build. */
  text: string | (() => string);
  /** A sentence for stderr either way (a truncated answer says so). */
  note?: string | null;
}

function usageError(message: string): UsageError {
  return new UsageError(message);
}

function requireDb(args: ParsedArgs): string {
  const db = args.values.db;
  if (!db) throw usageError(`'${args.command}' needs --db <file>`);
  return db;
}

function progressPrinter(enabled: boolean): ((p: Progress) => void) | undefined {
  if (!enabled) return undefined;
  let last = '';
  return (p) => {
    const counts = p.total > 0 ? `${p.done}/${p.total}` : `${p.done}`;
    const line = `[${p.phase}] ${counts}${p.detail ? ` ${p.detail}` : ''}`;
    if (line === last) return;
    last = line;
    process.stderr.write(`\r\x1b[K${line}`);
  };
}

async function indexCommand(args: ParsedArgs): Promise<CommandResult> {
  const [input, ...extra] = args.positionals;
  if (!input || extra.length > 0) throw usageError("'index' takes one <zip|dir>");
  const db = requireDb(args);
  const { runIndex } = await import('./indexCommand.ts');
  const showProgress = !args.switches.has('json') && process.stderr.isTTY === true;
  const run = await runIndex(input, db, {
    verbose: args.switches.has('verbose'),
    skipTests: args.switches.has('no-tests'),
    incremental: args.switches.has('incremental'),
    onProgress: progressPrinter(showProgress),
  });
  if (showProgress) process.stderr.write('\r\x1b[K');
  for (const note of run.notes) process.stderr.write(`not indexed: ${note}\n`);
  // Then the vectors the first search reads, as the app does after an index (docs/cli.md).
  let embed: EmbedAfterIndex | undefined;
  let embedText: string[] = [];
  if (!args.switches.has('no-embed')) {
    const { embedAfterIndex, embedLines, embedProgressPrinter } = await import('./embedCommand.ts');
    const changes = run.output.changes?.nodes;
    embed = await embedAfterIndex(db, {
      changedNodes: changes ? changes.added + changes.changed : undefined,
      modelsDir: args.values['models-dir'],
      onProgress: showProgress ? embedProgressPrinter() : undefined,
    });
    if (showProgress) process.stderr.write('\r\x1b[K');
    embedText = 'skipped' in embed ? [`Not embedded: ${embed.skipped}`] : embedLines(embed);
  }
  const o = run.output;
  const lines = [
    `Indexed ${run.repoName} into ${db} in ${o.ms.toLocaleString('en-US')} ms`,
    `  files:      ${o.files.toLocaleString('en-US')} (${o.skipped.toLocaleString('en-US')} skipped)`,
    `  nodes:      ${formatCounts(o.nodes)}`,
    `  edges:      ${formatCounts(o.edges)}`,
    `  unresolved: ${o.unresolved.toLocaleString('en-US')} imports outside the repo`,
  ];
  if (o.changes) {
    const c = o.changes;
    const line = (x: { added: number; removed: number; changed: number; unchanged: number }) =>
      `${x.added} added, ${x.removed} removed, ${x.changed} changed, ${x.unchanged} unchanged`;
    lines.push(`  changes:    files ${line(c.files)} (${c.parsed} parsed)`);
    lines.push(`              nodes ${line(c.nodes)}`);
    lines.push(`  kept:       ${c.kept.descriptions} descriptions, ${c.kept.embeddings} embeddings`);
  }
  for (const s of o.skipped_files ?? []) lines.push(`  skipped ${s.path}: ${s.reason}`);
  lines.push(...embedText);
  return { json: embed ? { ...o, embed } : o, text: lines.join('\n') };
}

async function sqlCommand(args: ParsedArgs): Promise<CommandResult> {
  if (args.positionals.length !== 1) throw usageError("'sql' takes exactly one \"<sql>\" argument (quote it)");
  const db = requireDb(args);
  const { runSql } = await import('./sqlCommand.ts');
  const result = await runSql(db, args.positionals[0], await boundsOf(args));
  return { json: result.rows, text: () => formatRows(result.rows), note: truncationNote(result, 'raise --max-rows N, or 0 for all') };
}

async function boundsOf(args: ParsedArgs) {
  const { cliBounds } = await import('./sqlCommand.ts');
  return cliBounds(parseInteger('max-rows', args.values['max-rows'], 0), parseInteger('timeout', args.values.timeout, 0));
}

async function cypherCommand(args: ParsedArgs): Promise<CommandResult> {
  if (args.positionals.length !== 1) throw usageError("'cypher' takes exactly one \"<cypher>\" argument (quote it)");
  const db = requireDb(args);
  const { runCypher, parseParamsOption } = await import('./cypherCommand.ts');
  const result = await runCypher(db, args.positionals[0], parseParamsOption(args.values.params), await boundsOf(args));
  const { sql, rows } = result;
  const note = truncationNote(result, 'raise --max-rows N, or 0 for all');
  if (args.switches.has('explain')) return { json: { sql, rows }, text: () => `${sql}\n\n${formatRows(rows)}`, note };
  return { json: rows, text: () => formatRows(rows), note };
}

const COMMANDS: Record<string, (args: ParsedArgs) => Promise<CommandResult>> = {
  index: indexCommand,
  sql: sqlCommand,
  cypher: cypherCommand,
  describe: async (args) => (await import('./describeCommand.ts')).describeCommand(args),
  embed: async (args) => (await import('./embedCommand.ts')).embedCommand(args),
  search: async (args) => (await import('./searchCommand.ts')).searchCommand(args),
  eval: async (args) => (await import('./evalCommand.ts')).evalCommand(args),
  requirements: async (args) => (await import('./requirementsCommand.ts')).requirementsCommand(args),
  agent: async (args) => (await import('./agentCommand.ts')).agentCommand(args),
  export: async (args) => (await import('./bundleCommand.ts')).exportCommand(args),
  import: async (args) => (await import('./bundleCommand.ts')).importCommand(args),
};

function toJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? Number(v) : v));
}

function writeOut(stream: NodeJS.WriteStream, text: string): Promise<void> {
  return new Promise((done) => stream.write(text, () => done()));
}

/** Runs the CLI on `argv` (without node and script) and returns the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  const json = argv.includes('--json');
  try {
    const args = parseArgs(argv, (command) => (command && SPECS[command]) || GLOBAL_SPEC);
    if (args.switches.has('help') || args.command === null) {
      await writeOut(args.command === null && !args.switches.has('help') ? process.stderr : process.stdout, `${USAGE}\n`);
      return args.command === null && !args.switches.has('help') ? 2 : 0;
    }
    // The MCP server answers on stdout itself until its client leaves.
    if (args.command === 'mcp') return await (await import('./mcp/mcpCommand.ts')).runMcpCommand(args);
    const command = COMMANDS[args.command];
    if (!command) throw usageError(`Unknown command '${args.command}'`);
    const result = await command(args);
    const text = () => (typeof result.text === 'function' ? result.text() : result.text);
    await writeOut(process.stdout, `${json ? toJson(result.json) : text()}\n`);
    if (result.note) await writeOut(process.stderr, `${result.note}\n`);
    return 0;
  } catch (error) {
    const wire = toWire(error);
    const usage = error instanceof UsageError ? `\n\n${USAGE}` : '';
    const message = json ? toJson({ error: { code: wire.code, message: wire.message } }) : `ranger: ${wire.message}${usage}`;
    await writeOut(process.stderr, `${message}\n`);
    return error instanceof UsageError ? 2 : 1;
  }
}

// Run when executed directly (tsx src/cli/main.ts ...), not when imported by tests.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`ranger: ${String(error)}\n`);
      process.exit(1);
    },
  );
}
