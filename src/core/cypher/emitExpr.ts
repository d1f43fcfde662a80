/**
 * @file Writes a Cypher expression as SQL with its known type (sqlText.ts's Compiled): literals,
 * lists and maps, parameters ($name, inlined as SQL literals), variables as whole entities or
 * their identities, properties, operators, CASE, label tests, indexes and slices, list
 * comprehensions and quantifiers (DuckDB list lambdas); function calls are in emitCall.ts, pattern
 * predicates, EXISTS / COUNT { } and pattern comprehensions in emitMatch.ts. Variables are read
 * from the scope (scope.ts). Runs in: everywhere.
 */
import { sqlString } from '../store/sqlConnection.ts';
import type { Expr } from './ast.ts';
import { compileCall } from './emitCall.ts';
import { subquerySql } from './emitMatch.ts';
import type { EntityMode } from './emitMatch.ts';
import { cypherError } from './errors.ts';
import type { SourcePosition } from './errors.ts';
import { checkLabel, lookup, resolveProperty } from './scope.ts';
import type { CypherParams, Scope } from './scope.ts';
import { INT_COLUMNS, listElement, literalSql, nodeStruct, plain, relStruct, STRING_COLUMNS } from './sqlText.ts';
import type { Compiled } from './sqlText.ts';
import { pathAliases, pathNodeIds, pathNodes, pathRels } from './walks.ts';

/** An expression as SQL; `mode` says how a bare node or relationship variable reads. */
export function compileExpr(expr: Expr, scope: Scope, mode: EntityMode): Compiled {
  switch (expr.kind) {
    case 'literal':
      return { ...plain(literalSql(expr.value)), isString: typeof expr.value === 'string', isInt: Number.isInteger(expr.value) && !expr.text.includes('.') };
    case 'list': {
      const items = expr.items.map((i) => compileExpr(i, scope, 'value'));
      return plain(`[${items.map(listElement).join(', ')}]`, items, { intList: items.length > 0 && items.every((i) => i.isInt) });
    }
    case 'map': {
      if (expr.entries.length === 0) throw cypherError('An empty map {} is not supported', expr.pos);
      const entries = expr.entries.map((e) => ({ key: e.key, value: compileExpr(e.value, scope, 'value') }));
      return plain(`{${entries.map((e) => `${sqlString(e.key)}: ${listElement(e.value)}`).join(', ')}}`, entries.map((e) => e.value));
    }
    case 'param':
      return paramSql(expr.name, expr.pos, scope.params);
    case 'variable': {
      const binding = lookup(expr.name, expr.pos, scope);
      if (binding.kind === 'value') return { ...binding.value!, sql: mode === 'key' && binding.value!.entity === 'node' ? `(${binding.value!.sql}).id` : binding.value!.sql };
      if (binding.kind === 'path') {
        const info = binding.path!;
        // Identity: the node ids along the path.
        if (mode === 'key') return plain(pathNodeIds(info), [], { aliases: pathAliases(info) });
        return plain(`{'nodes': ${pathNodes(info)}, 'relationships': ${pathRels(info)}}`, [], { aliases: pathAliases(info), entity: 'path' });
      }
      const sql =
        binding.kind === 'node'
          ? mode === 'value'
            ? nodeStruct(binding.alias)
            : `${binding.alias}.id`
          : mode === 'value'
            ? relStruct(binding.alias)
            : `${binding.alias}.type`;
      return { sql, aliases: new Set([binding.alias]), aggregate: false, entity: mode === 'value' ? binding.kind : undefined };
    }
    case 'property': {
      if (expr.object.kind === 'variable') {
        const binding = lookup(expr.object.name, expr.object.pos, scope);
        if (binding.kind === 'node' || binding.kind === 'rel') {
          const column = resolveProperty(binding.kind, expr.name, expr.namePos);
          return { sql: `${binding.alias}.${column}`, aliases: new Set([binding.alias]), aggregate: false, isString: STRING_COLUMNS.has(column), isInt: INT_COLUMNS.has(column) };
        }
      }
      const object = compileExpr(expr.object, scope, 'value');
      if (object.entity === 'node' || object.entity === 'rel') {
        const column = resolveProperty(object.entity, expr.name, expr.namePos);
        return plain(`(${object.sql}).${column}`, [object], { isString: STRING_COLUMNS.has(column), isInt: INT_COLUMNS.has(column) });
      }
      return plain(`struct_extract(${object.sql}, ${sqlString(expr.name)})`, [object]);
    }
    case 'unary': {
      const operand = compileExpr(expr.operand, scope, 'key');
      return plain(expr.op === 'NOT' ? `(NOT ${operand.sql})` : `(-${operand.sql})`, [operand], { isInt: expr.op === '-' ? operand.isInt : undefined });
    }
    case 'isNull': {
      const operand = compileExpr(expr.operand, scope, 'key');
      return plain(`(${operand.sql} IS ${expr.negated ? 'NOT ' : ''}NULL)`, [operand]);
    }
    case 'binary':
      return compileBinary(expr, scope);
    case 'call':
      return compileCall(expr, scope, compileExpr);
    case 'case': {
      const subject = expr.subject ? compileExpr(expr.subject, scope, 'key') : null;
      const whens = expr.whens.map((w) => ({ when: compileExpr(w.when, scope, 'key'), then: compileExpr(w.then, scope, 'value') }));
      const otherwise = expr.otherwise ? compileExpr(expr.otherwise, scope, 'value') : null;
      const parts = [...(subject ? [subject] : []), ...whens.flatMap((w) => [w.when, w.then]), ...(otherwise ? [otherwise] : [])];
      const body = whens.map((w) => `WHEN ${w.when.sql} THEN ${w.then.sql}`).join(' ');
      const results = [...whens.map((w) => w.then), ...(otherwise ? [otherwise] : [])];
      return plain(`(CASE ${subject ? `${subject.sql} ` : ''}${body}${otherwise ? ` ELSE ${otherwise.sql}` : ''} END)`, parts, {
        isString: results.every((r) => r.isString),
        isInt: results.every((r) => r.isInt),
      });
    }
    case 'labelTest': {
      for (const label of expr.labels) checkLabel(label, expr.pos);
      const operand = compileExpr(expr.operand, scope, 'value');
      let kind: string;
      if (expr.operand.kind === 'variable' && scope.get(expr.operand.name)?.kind === 'node') kind = `${scope.get(expr.operand.name)!.alias}.kind`;
      else if (operand.entity === 'node') kind = `(${operand.sql}).kind`;
      else throw cypherError(`A label test needs a node, not '${expr.operand.text}'`, expr.pos);
      return plain(`(${kind} IN (${expr.labels.map((l) => sqlString(l)).join(', ')}))`, [operand]);
    }
    case 'index': {
      const object = compileExpr(expr.object, scope, 'value');
      const index = compileExpr(expr.index, scope, 'key');
      if (index.isString) return plain(`struct_extract(${object.sql}, ${index.sql})`, [object, index]);
      // Cypher counts from 0 (negative: from the end); DuckDB lists from 1 (negative: from the end).
      const position = expr.index.kind === 'literal' && typeof expr.index.value === 'number' ? String(expr.index.value >= 0 ? expr.index.value + 1 : expr.index.value) : `(CASE WHEN ${index.sql} >= 0 THEN ${index.sql} + 1 ELSE ${index.sql} END)`;
      return plain(`list_extract(${object.sql}, ${position})`, [object, index], { entity: elementEntity(object), isInt: object.intList });
    }
    case 'slice': {
      const object = compileExpr(expr.object, scope, 'value');
      const from = expr.from ? compileExpr(expr.from, scope, 'key') : null;
      const to = expr.to ? compileExpr(expr.to, scope, 'key') : null;
      const parts = [object, ...(from ? [from] : []), ...(to ? [to] : [])];
      const low = from ? `(CASE WHEN ${from.sql} >= 0 THEN ${from.sql} + 1 ELSE len(${object.sql}) + ${from.sql} + 1 END)` : '1';
      const high = to ? `(CASE WHEN ${to.sql} >= 0 THEN ${to.sql} ELSE len(${object.sql}) + ${to.sql} END)` : `len(${object.sql})`;
      return plain(`list_slice(${object.sql}, ${low}, ${high})`, parts, { entity: object.entity });
    }
    case 'pattern':
      return subquerySql({ mode: 'exists', matches: [{ optional: false, patterns: [expr.path], where: null, pos: expr.pos }], map: null }, scope, compileExpr);
    case 'subquery':
      return subquerySql({ mode: expr.mode, matches: expr.matches, map: null }, scope, compileExpr);
    case 'patternComp':
      return subquerySql({ mode: 'list', matches: [{ optional: false, patterns: [expr.path], where: expr.where, pos: expr.pos }], map: expr.map }, scope, compileExpr);
    case 'listComp':
    case 'quantifier':
      return compileListLambda(expr, scope);
  }
}

/** The entity of a list's elements: a node or relationship for a list of them. */
export function elementEntity(list: Compiled): Compiled['entity'] {
  return list.entity === 'nodeList' ? 'node' : list.entity === 'relList' ? 'rel' : undefined;
}

/** A parameter's JSON value as a SQL literal. */
export function paramSql(name: string, at: SourcePosition, params: CypherParams): Compiled {
  if (!Object.hasOwn(params, name)) throw cypherError(`Missing parameter $${name} (give it in the parameters JSON object)`, at);
  const toSql = (value: unknown): string => {
    if (value === null || value === undefined) return 'NULL';
    if (typeof value === 'string') return sqlString(value);
    if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) throw cypherError(`Parameter $${name} is not a finite number`, at);
      return Number.isInteger(value) ? String(value) : `CAST(${value} AS DOUBLE)`;
    }
    if (Array.isArray(value)) return `[${value.map(toSql).join(', ')}]`;
    if (typeof value === 'object') {
      const entries = Object.entries(value as Record<string, unknown>);
      if (entries.length === 0) throw cypherError(`Parameter $${name}: an empty map is not supported`, at);
      return `{${entries.map(([k, v]) => `${sqlString(k)}: ${toSql(v)}`).join(', ')}}`;
    }
    throw cypherError(`Parameter $${name} has an unsupported value`, at);
  };
  const value = params[name];
  return plain(toSql(value), [], { isString: typeof value === 'string', isInt: Number.isInteger(value) });
}

/** [x IN list WHERE p | e], any / all / none / single(x IN list WHERE p): DuckDB list lambdas. */
function compileListLambda(expr: Extract<Expr, { kind: 'listComp' } | { kind: 'quantifier' }>, scope: Scope): Compiled {
  const list = compileExpr(expr.list, scope, 'value');
  const variable = scope.state.next('lv');
  const inner = scope.child();
  inner.set(expr.variable, { kind: 'value', alias: '', filter: null, value: { sql: variable, aliases: new Set(), aggregate: false, entity: elementEntity(list), isInt: list.intList } });
  const where = expr.where ? compileExpr(expr.where, inner, 'key') : null;
  const filtered = where ? `list_filter(${list.sql}, lambda ${variable}: coalesce(${where.sql}, FALSE))` : list.sql;
  const parts = [list, ...(where ? [where] : [])];
  if (expr.kind === 'listComp') {
    if (!expr.map) return plain(filtered, parts, { entity: list.entity });
    const map = compileExpr(expr.map, inner, 'value');
    const entity = map.entity === 'node' ? 'nodeList' : map.entity === 'rel' ? 'relList' : undefined;
    return plain(`list_transform(${filtered}, lambda ${variable}: ${listElement(map)})`, [...parts, map], { entity, intList: map.isInt });
  }
  const hits = `len(${filtered})`;
  const sql = { any: `${hits} > 0`, none: `${hits} = 0`, single: `${hits} = 1`, all: `${hits} = len(${list.sql})` }[expr.fn];
  return plain(`(CASE WHEN ${list.sql} IS NULL THEN NULL ELSE ${sql} END)`, parts);
}

/** Operators: comparisons, string and list predicates, arithmetic with Cypher's integer division. */
function compileBinary(expr: Extract<Expr, { kind: 'binary' }>, scope: Scope): Compiled {
  const left = compileExpr(expr.left, scope, 'key');
  if (expr.op === 'IN' && expr.right.kind === 'list') {
    const items = expr.right.items.map((i) => compileExpr(i, scope, 'key'));
    const sql = items.length === 0 ? 'FALSE' : `(${left.sql} IN (${items.map((i) => i.sql).join(', ')}))`;
    return { sql, aliases: new Set([...left.aliases, ...items.flatMap((i) => [...i.aliases])]), aggregate: left.aggregate || items.some((i) => i.aggregate) };
  }
  const right = compileExpr(expr.right, scope, expr.op === 'IN' ? 'value' : 'key');
  const both = { aliases: new Set([...left.aliases, ...right.aliases]), aggregate: left.aggregate || right.aggregate };
  const l = left.sql;
  const r = right.sql;
  switch (expr.op) {
    case 'IN': {
      // A list of whole nodes: compare ids.
      const list = right.entity === 'nodeList' ? `list_transform(${r}, lambda x: x.id)` : r;
      return { sql: `list_contains(${list}, ${l})`, ...both };
    }
    case 'CONTAINS':
      return { sql: `contains(${l}, ${r})`, ...both };
    case 'STARTS WITH':
      return { sql: `starts_with(${l}, ${r})`, ...both };
    case 'ENDS WITH':
      return { sql: `ends_with(${l}, ${r})`, ...both };
    case '=~':
      return { sql: `regexp_full_match(${l}, ${r})`, ...both };
    case '+':
      if (left.isString || right.isString) return { sql: `(${l} || ${r})`, ...both, isString: true };
      return { sql: `(${l} + ${r})`, ...both, isInt: left.isInt && right.isInt };
    case '/':
      // Cypher divides two integers as integers (truncating toward zero).
      if (left.isInt && right.isInt) return { sql: `CAST(trunc(${l} / ${r}) AS BIGINT)`, ...both, isInt: true };
      return { sql: `(${l} / ${r})`, ...both };
    case 'XOR':
      return { sql: `(${l} <> ${r})`, ...both };
    case '^':
      return { sql: `power(${l}, ${r})`, ...both };
    case '-':
    case '*':
    case '%':
      return { sql: `(${l} ${expr.op} ${r})`, ...both, isInt: left.isInt && right.isInt };
    default:
      return { sql: `(${l} ${expr.op} ${r})`, ...both };
  }
}
