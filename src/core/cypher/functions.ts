/**
 * @file Cypher scalar functions (toUpper, substring, split, head, range, round, ...) as DuckDB
 * SQL, with openCypher semantics: strings and lists count from 0, integer results stay integers.
 * Runs in: everywhere.
 */
import type { Compiled } from './sqlText.ts';

export interface ScalarFunction {
  min: number;
  max: number;
  /** Arguments compiled as whole values (nodes as structs), not as identities. */
  entity?: boolean;
  sql: (args: string[], compiled: Compiled[]) => { sql: string; isString?: boolean; isInt?: boolean; intList?: boolean; entity?: Compiled['entity'] };
}

const str = (sql: string) => ({ sql, isString: true });
const int = (sql: string) => ({ sql, isInt: true });
const fn = (min: number, max: number, sql: ScalarFunction['sql'], entity = false): ScalarFunction => ({ min, max, sql, entity });

/** Cypher scalar functions by lower-case name (openCypher semantics: strings and lists count from 0). */
export const SCALAR_FUNCTIONS: Record<string, ScalarFunction> = {
  tolower: fn(1, 1, ([s]) => str(`lower(${s})`)),
  toupper: fn(1, 1, ([s]) => str(`upper(${s})`)),
  lower: fn(1, 1, ([s]) => str(`lower(${s})`)),
  upper: fn(1, 1, ([s]) => str(`upper(${s})`)),
  trim: fn(1, 1, ([s]) => str(`trim(${s})`)),
  ltrim: fn(1, 1, ([s]) => str(`ltrim(${s})`)),
  rtrim: fn(1, 1, ([s]) => str(`rtrim(${s})`)),
  size: fn(1, 1, ([s]) => int(`len(${s})`)),
  coalesce: fn(1, 32, (args, c) => ({ sql: `coalesce(${args.join(', ')})`, isString: c.every((a) => a.isString), isInt: c.every((a) => a.isInt), entity: c[0]?.entity }), true),
  substring: fn(2, 3, ([s, start, length]) => str(length === undefined ? `substring(${s}, ${start} + 1)` : `substring(${s}, ${start} + 1, ${length})`)),
  left: fn(2, 2, ([s, n]) => str(`left(${s}, ${n})`)),
  right: fn(2, 2, ([s, n]) => str(`right(${s}, ${n})`)),
  replace: fn(3, 3, ([s, a, b]) => str(`replace(${s}, ${a}, ${b})`)),
  reverse: fn(1, 1, ([s], [c]) => (c!.isString ? str(`reverse(${s})`) : { sql: `list_reverse(${s})`, entity: c!.entity }), true),
  split: fn(2, 2, ([s, d]) => ({ sql: `string_split(${s}, ${d})` })),
  tostring: fn(1, 1, ([v]) => str(`TRY_CAST(${v} AS VARCHAR)`)),
  tointeger: fn(1, 1, ([v], [c]) => int(c!.isString ? `TRY_CAST(TRY_CAST(${v} AS DOUBLE) AS BIGINT)` : `TRY_CAST(trunc(${v}) AS BIGINT)`)),
  tofloat: fn(1, 1, ([v]) => ({ sql: `TRY_CAST(${v} AS DOUBLE)` })),
  toboolean: fn(1, 1, ([v]) => ({ sql: `TRY_CAST(${v} AS BOOLEAN)` })),
  head: fn(1, 1, ([l], [c]) => ({ sql: `list_extract(${l}, 1)`, entity: c!.entity === 'nodeList' ? 'node' : c!.entity === 'relList' ? 'rel' : undefined }), true),
  last: fn(1, 1, ([l], [c]) => ({ sql: `list_extract(${l}, -1)`, entity: c!.entity === 'nodeList' ? 'node' : c!.entity === 'relList' ? 'rel' : undefined }), true),
  tail: fn(1, 1, ([l], [c]) => ({ sql: `list_slice(${l}, 2, len(${l}))`, entity: c!.entity }), true),
  range: fn(2, 3, ([a, b, step]) => ({ sql: `CAST(generate_series(${a}, ${b}${step === undefined ? '' : `, ${step}`}) AS INTEGER[])`, intList: true })),
  abs: fn(1, 1, ([v], [c]) => ({ sql: `abs(${v})`, isInt: c!.isInt })),
  round: fn(1, 2, ([v, digits]) => ({ sql: digits === undefined ? `CAST(round(${v}) AS DOUBLE)` : `CAST(round(${v}, ${digits}) AS DOUBLE)` })),
  ceil: fn(1, 1, ([v]) => ({ sql: `CAST(ceil(${v}) AS DOUBLE)` })),
  floor: fn(1, 1, ([v]) => ({ sql: `CAST(floor(${v}) AS DOUBLE)` })),
  sqrt: fn(1, 1, ([v]) => ({ sql: `sqrt(${v})` })),
  sign: fn(1, 1, ([v]) => int(`CAST(sign(${v}) AS BIGINT)`)),
};
