/**
 * @file The order rows arrive in, carried through a query as SQL (DuckDB keeps no subquery's
 * order in an outer query): a WITH ... ORDER BY numbers its rows (`__ord`), an UNWIND adds each
 * element's position, WITHs that do not reorder pass the keys on as hidden columns, and the
 * RETURN sorts by them last (docs/retrieval.md, "Cypher"). Aggregation ends the order;
 * DISTINCT keeps each row's first occurrence. Runs in: everywhere.
 */
import { quoteIdent } from '../store/sqlConnection.ts';

/** The row number a WITH ... ORDER BY gives its rows. */
export const ORDINAL_COLUMN = '__ord';

/** Hidden column names a WITH passes the order keys on in. */
export function priorColumn(i: number): string {
  return quoteIdent(`__prior${i}`);
}

/** The keys of the first row of a group (DISTINCT as GROUP BY): lists compare element by element. */
export function firstOf(keys: readonly string[]): string {
  return keys.length === 1 ? `min(${keys[0]})` : `min([${keys.map((k) => `CAST(${k} AS BIGINT)`).join(', ')}])`;
}

/** ORDER BY items for the keys, ascending. */
export function ascending(keys: readonly string[]): string[] {
  return keys.map((k) => `${k} ASC`);
}

/**
 * A WITH's ordered subquery with its rows numbered in `order` (ORDER BY items): `from` is the
 * FROM / JOIN text reading the projection as `alias`. With SKIP / LIMIT the rows are cut first
 * (a top-N sort), then numbered on copies of their sort keys.
 */
export function numberedRows(alias: string, from: string, order: { sql: string; direction: string }[], tail: string, outer: string): string {
  const by = order.map((o) => `${o.sql} ${o.direction}`).join(', ');
  if (tail.trim() === '') return `(SELECT ${alias}.*, row_number() OVER (ORDER BY ${by}) AS ${quoteIdent(ORDINAL_COLUMN)} ${from})`;
  const keys = order.map((o, i) => `${o.sql} AS ${quoteIdent(`__key${i}`)}`).join(', ');
  const byKeys = order.map((o, i) => `${quoteIdent(`__key${i}`)} ${o.direction}`).join(', ');
  return `(SELECT ${outer}.*, row_number() OVER (ORDER BY ${byKeys}) AS ${quoteIdent(ORDINAL_COLUMN)} FROM (SELECT ${alias}.*, ${keys} ${from} ORDER BY ${by} ${tail}) AS ${outer})`;
}
