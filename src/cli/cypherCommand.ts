/**
 * @file `ranger cypher --db <file> "<cypher>" [--params '<json>'] [--explain] [--max-rows N]
 * [--timeout S]`: read-only openCypher compiled to SQL (src/core/cypher) with $name values from
 * --params, run by the app's own use case (core/agent/runCypher.ts: the read-only guard, the
 * bounds, whole nodes' code) on the file opened as `ranger sql` opens it. Runs in: Node (cli).
 */
import { runCypher as runCypherQuery } from '../core/agent/runCypher.ts';
import type { CypherParams } from '../core/cypher/compile.ts';
import { AppError } from '../core/errors.ts';
import type { BoundedRows, QueryBounds } from '../core/store/boundedQuery.ts';
import { cliBounds, withReadOnlyDatabase } from './sqlCommand.ts';

/** --params: a JSON object of parameter values (none when the option is absent). */
export function parseParamsOption(text: string | undefined): CypherParams {
  if (text === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new AppError('INPUT_INVALID', `--params is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new AppError('INPUT_INVALID', '--params must be a JSON object, like \'{"name": "Cart"}\'');
  return value as CypherParams;
}

export async function runCypher(dbPath: string, cypher: string, params: CypherParams = {}, bounds: QueryBounds = cliBounds(undefined, undefined)): Promise<BoundedRows & { sql: string }> {
  const result = await withReadOnlyDatabase(dbPath, (conn) => runCypherQuery(conn, cypher, params, bounds));
  return { sql: result.sql, rows: result.rows, truncated: result.truncated ?? false, maxRows: result.maxRows ?? bounds.maxRows };
}
