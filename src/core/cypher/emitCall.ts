/**
 * @file Writes a Cypher function call as SQL: the aggregates (count, collect in the rows' order,
 * min, max, sum, avg), labels / label / type / id, a path's length / nodes / relationships,
 * keys / properties, exists, size of a pattern, and the scalar functions of functions.ts.
 * Arguments are written by the emitter handed in (emitExpr.ts). Runs in: everywhere.
 */
import { sqlString } from '../store/sqlConnection.ts';
import type { Expr } from './ast.ts';
import { subquerySql } from './emitMatch.ts';
import type { ExprEmitter } from './emitMatch.ts';
import { cypherError } from './errors.ts';
import { SCALAR_FUNCTIONS } from './functions.ts';
import { AGGREGATES, lookup } from './scope.ts';
import type { Scope } from './scope.ts';
import { EDGE_COLUMN_NAMES, listElement, NODE_COLUMN_NAMES, nodeProperties, plain } from './sqlText.ts';
import type { Compiled } from './sqlText.ts';
import { pathAliases, pathLength, pathNodes, pathRels } from './walks.ts';

/** A function call: aggregates, the functions of nodes, relationships and paths, then the scalar ones. */
export function compileCall(expr: Extract<Expr, { kind: 'call' }>, scope: Scope, emit: ExprEmitter): Compiled {
  const name = expr.name.toLowerCase();
  const arity = (n: number, most = n): void => {
    if (expr.args.length < n || expr.args.length > most || expr.star) throw cypherError(`${expr.name}() takes ${n === most ? n : `${n} to ${most}`} argument${most === 1 ? '' : 's'}`, expr.pos);
  };
  if (expr.distinct && !AGGREGATES.has(name)) throw cypherError(`DISTINCT is only allowed in aggregate functions, not ${expr.name}()`, expr.pos);
  if (AGGREGATES.has(name)) {
    if (expr.star) {
      if (name !== 'count') throw cypherError(`${expr.name}(*) is not supported`, expr.pos);
      return { sql: 'count(*)', aliases: new Set(), aggregate: true, isInt: true };
    }
    arity(1);
    const arg = emit(expr.args[0], scope, name === 'collect' ? 'value' : 'key');
    if (arg.aggregate) throw cypherError(`Nested aggregate in ${expr.name}()`, expr.pos);
    const distinct = expr.distinct ? 'DISTINCT ' : '';
    let sql: string;
    let entity: Compiled['entity'];
    if (name === 'collect') {
      const key = emit(expr.args[0], scope, 'key').sql;
      // In the order the rows arrive in (rowOrder.ts); DuckDB sorts no DISTINCT aggregate by other keys.
      const ordered = !expr.distinct && scope.ordinal.length > 0 ? ` ORDER BY ${scope.ordinal.join(', ')}` : '';
      sql = `coalesce(list(${distinct}${listElement(arg)}${ordered}) FILTER (WHERE ${key} IS NOT NULL), [])`;
      entity = arg.entity === 'node' ? 'nodeList' : arg.entity === 'rel' ? 'relList' : undefined;
    } else sql = `${name}(${distinct}${arg.sql})`;
    return { sql, aliases: arg.aliases, aggregate: true, entity, intList: name === 'collect' && arg.isInt, isInt: name === 'count' || ((name === 'min' || name === 'max' || name === 'sum') && arg.isInt), isString: (name === 'min' || name === 'max') && arg.isString };
  }
  if (name === 'labels' || name === 'label' || name === 'type' || name === 'id') {
    arity(1);
    const arg = expr.args[0]!;
    const binding = arg.kind === 'variable' ? lookup(arg.name, arg.pos, scope) : null;
    const wanted = name === 'type' ? 'rel' : name === 'label' ? null : 'node';
    let kindSql: string;
    let idSql: string;
    let isRel: boolean;
    if (binding && (binding.kind === 'node' || binding.kind === 'rel')) {
      isRel = binding.kind === 'rel';
      kindSql = isRel ? `${binding.alias}.type` : `${binding.alias}.kind`;
      idSql = `${binding.alias}.id`;
    } else {
      const value = emit(arg, scope, 'value');
      if (value.entity !== 'node' && value.entity !== 'rel') throw cypherError(`${expr.name}() takes a ${wanted === 'rel' ? 'relationship' : 'node'} variable`, expr.pos);
      isRel = value.entity === 'rel';
      kindSql = isRel ? `(${value.sql}).type` : `(${value.sql}).kind`;
      idSql = `(${value.sql}).id`;
    }
    if (wanted !== null && (wanted === 'rel') !== isRel) throw cypherError(`${expr.name}() takes a ${wanted === 'rel' ? 'relationship' : 'node'} variable`, expr.pos);
    const aliases = binding ? new Set([binding.alias]) : emit(arg, scope, 'value').aliases;
    const sql = name === 'labels' ? `CASE WHEN ${kindSql} IS NULL THEN NULL ELSE [${kindSql}] END` : name === 'id' ? idSql : kindSql;
    return { sql, aliases, aggregate: false, isString: name !== 'labels' && name !== 'id', isInt: name === 'id' };
  }
  if (name === 'length' || name === 'nodes' || name === 'relationships' || name === 'rels') {
    arity(1);
    const arg = expr.args[0]!;
    const binding = arg.kind === 'variable' ? scope.get(arg.name) : undefined;
    if (binding?.kind === 'path') {
      const info = binding.path!;
      const aliases = pathAliases(info);
      if (name === 'length') return { sql: pathLength(info), aliases, aggregate: false, isInt: true };
      if (name === 'nodes') return { sql: pathNodes(info), aliases, aggregate: false, entity: 'nodeList' };
      return { sql: pathRels(info), aliases, aggregate: false, entity: 'relList' };
    }
    const path = emit(arg, scope, 'value');
    if (path.entity === 'path') {
      if (name === 'length') return plain(`len((${path.sql}).relationships)`, [path], { isInt: true });
      return plain(`(${path.sql}).${name === 'nodes' ? 'nodes' : 'relationships'}`, [path], { entity: name === 'nodes' ? 'nodeList' : 'relList' });
    }
    if (name !== 'length') throw cypherError(`${expr.name}() takes a path variable (MATCH p = ...)`, expr.pos);
    const value = emit(arg, scope, 'key');
    return plain(`len(${value.sql})`, [value], { isInt: true });
  }
  if (name === 'keys' || name === 'properties') {
    arity(1);
    const arg = expr.args[0]!;
    const binding = arg.kind === 'variable' ? scope.get(arg.name) : undefined;
    const value = emit(arg, scope, 'value');
    const entity = binding?.kind === 'node' || binding?.kind === 'rel' ? binding.kind : value.entity;
    if (entity !== 'node' && entity !== 'rel') {
      if (name === 'keys') return plain(`json_keys(to_json(${value.sql}))`, [value]);
      return value;
    }
    if (name === 'properties') {
      if (entity === 'rel') return value;
      return plain(nodeProperties(binding?.kind === 'node' ? binding.alias : `(${value.sql})`), [value]);
    }
    // Every property of the schema, as Kuzu lists them (a graph with a fixed schema).
    const columns = entity === 'node' ? NODE_COLUMN_NAMES : EDGE_COLUMN_NAMES;
    return plain(`CASE WHEN (${value.sql}) IS NULL THEN NULL ELSE [${columns.map((c) => sqlString(c)).join(', ')}] END`, [value]);
  }
  if (name === 'exists') {
    arity(1);
    const arg = emit(expr.args[0]!, scope, 'key');
    return plain(`(${arg.sql} IS NOT NULL)`, [arg]);
  }
  if (name === 'size' && expr.args.length === 1 && expr.args[0]!.kind === 'pattern') {
    // size((a)-[:T]->()): the number of matches, as COUNT { }.
    const pattern = expr.args[0]!;
    return subquerySql({ mode: 'count', matches: [{ optional: false, patterns: [pattern.path], where: null, pos: pattern.pos }], map: null }, scope, emit);
  }
  const fn = SCALAR_FUNCTIONS[name];
  if (!fn) throw cypherError(`Function ${expr.name}() is not supported`, expr.pos);
  arity(fn.min, fn.max);
  const args = expr.args.map((a) => emit(a, scope, fn.entity ? 'value' : 'key'));
  const out = fn.sql(args.map((a) => a.sql), args);
  return plain(out.sql, args, { isString: out.isString, isInt: out.isInt, intList: out.intList, entity: out.entity });
}
