/**
 * @file `ranger mcp --db <file>` / `ranger mcp --bundle <file.ranger.zip>`: the MCP server over
 * stdio (server.ts). A bundle is imported into a temporary database first, removed when the
 * server ends. At start the database is checked (exists, holds a graph, no other process writing
 * it: said clearly, exit 1). stdout carries the protocol only: console output goes to stderr.
 * The server ends when the client closes stdin (after answering what it read), or on SIGINT /
 * SIGTERM.
 * Runs in: Node (cli).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '../args.ts';
import type { ParsedArgs } from '../args.ts';
import { importBundleFile } from '../bundleCommand.ts';
import { answeringStdioTransport } from './answeringTransport.ts';
import { mcpDatabase, probeDatabase } from './mcpDatabase.ts';
import { createRangerMcpServer } from './server.ts';

/** Anything a library prints must not reach stdout, where the client reads JSON-RPC. */
function consoleToStderr(): void {
  const toStderr = (...values: unknown[]) => console.error(...values);
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
}

/** A failure outside a tool call is logged, never the end of the server. */
function keepRunningOnStrayErrors(): void {
  const log = (error: unknown) => process.stderr.write(`ranger mcp: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.on('unhandledRejection', log);
  process.on('uncaughtException', log);
}

/** Resolves when the client closes stdin or a signal asks the server to stop. */
function untilStopped(): Promise<string> {
  return new Promise((resolve) => {
    process.stdin.once('end', () => resolve('stdin closed'));
    process.stdin.once('close', () => resolve('stdin closed'));
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
}

interface Source {
  db: string;
  label: string;
  /** Removes what the server made (the bundle's temporary database). */
  cleanup(): void;
}

async function openSource(args: ParsedArgs): Promise<Source> {
  const { db, bundle } = args.values;
  if (bundle === undefined) return { db: db!, label: db!, cleanup: () => undefined };
  const dir = mkdtempSync(join(tmpdir(), 'ranger-mcp-'));
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  try {
    const file = join(dir, 'bundle.duckdb');
    const manifest = await importBundleFile(bundle, file);
    return { db: file, label: `${bundle} (${manifest.repo_name}, imported into ${file})`, cleanup };
  } catch (error) {
    cleanup();
    throw error;
  }
}

/** Runs the server until it is stopped; returns the exit code. */
export async function runMcpCommand(args: ParsedArgs): Promise<number> {
  if (args.positionals.length > 0) throw new UsageError("'mcp' takes no positional arguments");
  if ((args.values.db === undefined) === (args.values.bundle === undefined)) throw new UsageError("'mcp' needs one of --db <file> or --bundle <file.ranger.zip>");
  consoleToStderr();
  const source = await openSource(args);
  try {
    await probeDatabase(source.db);
    const database = mcpDatabase(source.db);
    const server = createRangerMcpServer(database);
    const stopped = untilStopped();
    keepRunningOnStrayErrors();
    const stdio = answeringStdioTransport();
    await server.connect(stdio.transport);
    stdio.track();
    process.stderr.write(`ranger mcp: serving ${source.label} over stdio\n`);
    const reason = await stopped;
    await stdio.answered(); // requests read before stdin closed are answered first
    await database.idle();
    await server.close();
    process.stderr.write(`ranger mcp: stopped (${reason})\n`);
    return 0;
  } finally {
    source.cleanup();
  }
}
