/**
 * @file The database behind `ranger mcp`: opened for each tool call and closed after it, never
 * held in between, so `ranger index --db` can rewrite the file between two questions and the next
 * call reads the new graph; calls run one at a time. Read tools get a read-only connection with
 * external access off (what `ranger sql` uses for user SQL); `search` and `explain` open the file
 * the way their CLI commands do (they store the MCTS run, or the built-in vectors a first Path 2
 * computes). A file another process holds is retried briefly, then reported as held.
 * Runs in: Node (cli).
 */
import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { openNodeDatabase } from '../../adapters/node/duckdbNode.ts';
import type { NodeDbConnection } from '../../adapters/node/duckdbNode.ts';
import { AppError } from '../../core/errors.ts';
import { tableExists } from '../../core/store/sqlConnection.ts';

export interface McpDatabase {
  /** The database file. */
  readonly path: string;
  /** Runs `work` on a fresh read-only connection (closed after it). */
  read<T>(work: (conn: NodeDbConnection) => Promise<T>): Promise<T>;
  /** Runs `work`, which opens the file itself (a CLI command's run function). */
  withFile<T>(work: (path: string) => Promise<T>): Promise<T>;
  /** Resolves once no call is running. */
  idle(): Promise<void>;
}

/** Waits between tries when another process holds the file (about 3 s in all). */
const LOCK_RETRY_MS = [200, 400, 800, 1600];

/** The AppError that says who holds `path`, when `error` is DuckDB's lock conflict; else null. */
export function heldByAnotherProcess(path: string, error: unknown, advice: string): AppError | null {
  const message = error instanceof Error ? error.message : String(error);
  if (!/Could not set lock on file/i.test(message)) return null;
  const holder = /Conflicting lock is held in (.+?) \(PID (\d+)\)/.exec(message);
  const who = holder ? `${holder[1]}, PID ${holder[2]}` : 'another process';
  return new AppError('STORAGE_LOCKED', `The database ${path} is held by another process (${who}): an index, an import or another ranger command writing it. ${advice}`);
}

async function withLockRetry<T>(path: string, attempt: () => Promise<T>): Promise<T> {
  for (let tries = 0; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      const held = heldByAnotherProcess(path, error, 'Ask again once it is done.');
      if (!held) throw error;
      if (tries >= LOCK_RETRY_MS.length) throw held;
      await sleep(LOCK_RETRY_MS[tries]);
    }
  }
}

const openForReading = (path: string) => openNodeDatabase(path, { readOnly: true, mustExist: true, externalAccess: false });

export function mcpDatabase(path: string): McpDatabase {
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };
  return {
    path,
    read: (work) =>
      serial(async () => {
        const conn = await withLockRetry(path, () => openForReading(path));
        try {
          return await work(conn);
        } finally {
          await conn.close();
        }
      }),
    withFile: (work) => serial(() => withLockRetry(path, () => work(path))),
    idle: () => serial(async () => undefined),
  };
}

/**
 * Checks at start that `path` is a graph this server can read: it exists, no other process
 * holds it for writing, its schema is not newer than ours, and it has a `nodes` table.
 */
export async function probeDatabase(path: string): Promise<void> {
  if (!existsSync(path)) throw new AppError('INPUT_INVALID', `Database file not found: ${path} (index a repository first: ranger index <zip|dir> --db ${path}).`);
  let conn: NodeDbConnection;
  try {
    conn = await openForReading(path);
  } catch (error) {
    throw heldByAnotherProcess(path, error, 'Start the server once it is done, or stop it.') ?? error;
  }
  try {
    if (!(await tableExists(conn, 'nodes')) && !(await tableExists(conn, 'node_rows'))) {
      throw new AppError('INPUT_INVALID', `${path} holds no code graph: index a repository into it first (ranger index <zip|dir> --db ${path}).`);
    }
  } finally {
    await conn.close();
  }
}
