/**
 * @file Recursive-descent parser for read-only openCypher (see ast.ts). Write clauses,
 * procedures and anything else outside it throw AppError('INPUT_INVALID') naming the construct
 * and its line:column.
 * Nesting depth is bounded, so hostile input cannot overflow the stack. Runs in: everywhere.
 */
import type { BinaryOp, CypherQuery, Expr, MatchClause, NodePattern, OrderItem, PathPattern, Projection, PropertyEntry, ReadClause, RelPattern, ReturnItem, SingleQuery, VarLength } from './ast.ts';
import { cypherError } from './errors.ts';
import type { SourcePosition } from './errors.ts';
import { tokenize } from './lexer.ts';
import type { Token } from './lexer.ts';

/** Clauses that write or call procedures: always rejected as read-only violations. */
const WRITE_CLAUSES = new Set(['CREATE', 'MERGE', 'DELETE', 'DETACH', 'SET', 'REMOVE', 'CALL', 'LOAD', 'FOREACH']);
/** Read clauses that exist in Cypher but not in this subset. */
const UNSUPPORTED_CLAUSES = new Set(['USE', 'SHOW', 'EXPLAIN', 'PROFILE', 'YIELD']);
/** Default and highest upper bound of a variable-length relationship. */
export const VAR_LENGTH_DEFAULT_MAX = 5;
export const VAR_LENGTH_CAP = 10;
const MAX_DEPTH = 200;

/** Parses one read-only query ([MATCH | WITH | UNWIND]* RETURN [UNION ...]); throws INPUT_INVALID on anything else. */
export function parseCypher(query: string): CypherQuery {
  return new Parser(query).parseQuery();
}

function pos(token: Token): SourcePosition {
  return { line: token.line, column: token.column };
}

class Parser {
  private readonly tokens: Token[];
  private index = 0;
  private depth = 0;
  private readonly startByPosition = new Map<string, number>();

  constructor(private readonly source: string) {
    this.tokens = tokenize(source);
    for (const token of this.tokens) this.startByPosition.set(`${token.line}:${token.column}`, token.start);
  }

  parseQuery(): CypherQuery {
    const parts: SingleQuery[] = [this.parseSingle()];
    const unionAll: boolean[] = [];
    while (this.isKeyword('UNION')) {
      this.index++;
      unionAll.push(this.acceptKeyword('ALL'));
      parts.push(this.parseSingle());
    }
    if (this.peek().text === ';' && this.peek().kind === 'punct') this.index++;
    const last = this.peek();
    if (last.kind !== 'eof') this.failClause(last, 'after RETURN');
    return { parts, unionAll };
  }

  // ---- clauses ----

  private parseSingle(): SingleQuery {
    const first = this.peek();
    const clauses: ReadClause[] = [];
    for (;;) {
      const token = this.peek();
      if (this.isKeyword('MATCH') || this.isKeyword('OPTIONAL')) {
        const match = this.parseMatch();
        if (match.optional && clauses.length === 0) throw cypherError('A query starting with OPTIONAL MATCH is not supported', match.pos);
        clauses.push({ ...match, kind: 'match' });
        continue;
      }
      if (this.isKeyword('WITH')) {
        this.index++;
        const projection = this.parseProjection(token);
        const where = this.acceptKeyword('WHERE') ? this.parseExpr() : null;
        clauses.push({ kind: 'with', projection, where, pos: pos(token) });
        continue;
      }
      if (this.isKeyword('UNWIND')) {
        this.index++;
        const list = this.parseExpr();
        this.expectKeyword('AS');
        clauses.push({ kind: 'unwind', list, variable: this.expectName('a variable after AS'), pos: pos(token) });
        continue;
      }
      if (this.isKeyword('RETURN')) break;
      this.failClause(token, clauses.length === 0 ? 'at the start of a query (expected MATCH, UNWIND, WITH or RETURN)' : '(expected MATCH, OPTIONAL MATCH, WITH, UNWIND, WHERE or RETURN)');
    }
    const returnToken = this.peek();
    this.expectKeyword('RETURN');
    const projection = this.parseProjection(returnToken);
    return { clauses, projection, pos: pos(first) };
  }

  /** The items of WITH / RETURN with DISTINCT, ORDER BY, SKIP and LIMIT. */
  private parseProjection(keyword: Token): Projection {
    const distinct = this.acceptKeyword('DISTINCT');
    let star = false;
    const items: ReturnItem[] = [];
    const starToken = this.peek();
    if (this.acceptPunct('*')) {
      star = true;
      if (!this.acceptPunct(',')) return this.projectionTail({ distinct, star, items, pos: pos(starToken) });
    }
    do {
      const expr = this.parseExpr();
      const alias = this.acceptKeyword('AS') ? this.expectName('an alias after AS') : null;
      items.push({ expr, alias });
    } while (this.acceptPunct(','));
    return this.projectionTail({ distinct, star, items, pos: star ? pos(starToken) : pos(keyword) });
  }

  private projectionTail(head: Pick<Projection, 'distinct' | 'star' | 'items' | 'pos'>): Projection {
    const orderBy: OrderItem[] = [];
    if (this.isKeyword('ORDER')) {
      this.index++;
      this.expectKeyword('BY');
      do {
        const expr = this.parseExpr();
        let descending = false;
        if (this.acceptKeyword('DESC') || this.acceptKeyword('DESCENDING')) descending = true;
        else if (!this.acceptKeyword('ASC')) this.acceptKeyword('ASCENDING');
        orderBy.push({ expr, descending });
      } while (this.acceptPunct(','));
    }
    const skip = this.acceptKeyword('SKIP') || this.acceptKeyword('OFFSET') ? this.expectCount('SKIP') : null;
    const limit = this.acceptKeyword('LIMIT') ? this.expectCount('LIMIT') : null;
    return { ...head, orderBy, skip, limit };
  }

  private parseMatch(): MatchClause {
    const start = this.peek();
    const optional = this.acceptKeyword('OPTIONAL');
    this.expectKeyword('MATCH');
    const patterns: PathPattern[] = [];
    do {
      patterns.push(this.parsePath());
    } while (this.acceptPunct(','));
    const where = this.acceptKeyword('WHERE') ? this.parseExpr() : null;
    return { optional, patterns, where, pos: pos(start) };
  }

  private parsePath(): PathPattern {
    const first = this.peek();
    let name: string | null = null;
    if (this.isName() && this.peekAt(1).text === '=' && this.peekAt(1).kind === 'punct') {
      name = this.expectName('a path variable');
      this.index++;
    }
    const token = this.peek();
    if (token.kind === 'ident' && /^(shortestPath|allShortestPaths)$/i.test(token.text) && this.peekAt(1).text === '(') {
      this.index += 2;
      const inner = this.parsePathBody(name, pos(first));
      this.expectPunct(')', `')' closing ${token.text}(`);
      if (inner.steps.length !== 1) throw cypherError(`${token.text}() takes a pattern of one relationship, like (a)-[:USES*..6]->(b)`, pos(token));
      return { ...inner, shortest: token.text.toLowerCase() === 'shortestpath' ? 'one' : 'all' };
    }
    return this.parsePathBody(name, pos(first));
  }

  private parsePathBody(name: string | null, at: SourcePosition): PathPattern {
    const start = this.parseNode();
    const steps: { rel: RelPattern; node: NodePattern }[] = [];
    while (this.peek().kind === 'punct' && ['-', '<-', '->'].includes(this.peek().text)) {
      const rel = this.parseRel();
      steps.push({ rel, node: this.parseNode() });
    }
    return { name, shortest: null, pos: at, start, steps };
  }

  private parseNode(): NodePattern {
    const open = this.expectPunct('(', 'a node pattern');
    const variable = this.isName() ? this.expectName('a variable') : null;
    const labels: string[] = [];
    if (this.acceptPunct(':')) {
      labels.push(this.expectName('a label'));
      for (;;) {
        if (this.acceptPunct('|')) {
          this.acceptPunct(':');
          labels.push(this.expectName('a label'));
        } else if (this.peek().text === ':' && this.peek().kind === 'punct') {
          throw cypherError('Multiple labels on one node (:A:B) are not supported; every node has one label', pos(this.peek()));
        } else break;
      }
    }
    const properties = this.peek().text === '{' && this.peek().kind === 'punct' ? this.parseProperties() : [];
    this.expectPunct(')', 'the end of a node pattern');
    return { variable, labels, properties, pos: pos(open) };
  }

  private parseRel(): RelPattern {
    const first = this.peek();
    let incoming = false;
    if (this.acceptPunct('<-')) incoming = true;
    else this.expectPunct('-', 'a relationship');
    let variable: string | null = null;
    const types: string[] = [];
    let varLength: VarLength | null = null;
    let properties: PropertyEntry[] = [];
    if (this.acceptPunct('[')) {
      if (this.isName()) variable = this.expectName('a variable');
      if (this.acceptPunct(':')) {
        types.push(this.expectName('a relationship type'));
        while (this.acceptPunct('|')) {
          this.acceptPunct(':');
          types.push(this.expectName('a relationship type'));
        }
      }
      if (this.peek().text === '*' && this.peek().kind === 'punct') varLength = this.parseVarLength();
      if (this.peek().text === '{' && this.peek().kind === 'punct') properties = this.parseProperties();
      this.expectPunct(']', 'the end of a relationship pattern');
    }
    let outgoing = false;
    if (this.acceptPunct('->')) outgoing = true;
    else this.expectPunct('-', 'the end of a relationship');
    if (incoming && outgoing) throw cypherError('A relationship cannot point both ways (<-[]->)', pos(first));
    const direction = incoming ? 'in' : outgoing ? 'out' : 'both';
    return { variable, types, direction, varLength, properties, pos: pos(first) };
  }

  private parseVarLength(): VarLength {
    const star = this.peek();
    this.index++;
    const bound = (): number | null => {
      const token = this.peek();
      if (token.kind !== 'number') return null;
      this.index++;
      if (!/^[0-9]+$/.test(token.text)) throw cypherError(`Path length must be a whole number, got ${token.text}`, pos(token));
      return Number(token.text);
    };
    const low = bound();
    let min: number;
    let max: number;
    if (this.acceptPunct('..')) {
      const high = bound();
      min = low ?? 1;
      max = high ?? Math.max(min, VAR_LENGTH_DEFAULT_MAX);
    } else if (low !== null) {
      min = low;
      max = low;
    } else {
      min = 1;
      max = VAR_LENGTH_DEFAULT_MAX;
    }
    if (max < min) throw cypherError(`Variable-length bounds *${min}..${max} are empty`, pos(star));
    if (max > VAR_LENGTH_CAP) throw cypherError(`Variable-length paths longer than ${VAR_LENGTH_CAP} are not supported (got *..${max})`, pos(star));
    return { min, max };
  }

  private parseProperties(): PropertyEntry[] {
    this.expectPunct('{', 'a property map');
    const entries: PropertyEntry[] = [];
    if (!this.acceptPunct('}')) {
      do {
        const keyToken = this.peek();
        const key = this.expectName('a property name');
        this.expectPunct(':', "':' after a property name");
        entries.push({ key, value: this.parseExpr(), pos: pos(keyToken) });
      } while (this.acceptPunct(','));
      this.expectPunct('}', "'}' closing the property map");
    }
    return entries;
  }

  // ---- expressions (lowest precedence first) ----

  private parseExpr(): Expr {
    if (++this.depth > MAX_DEPTH) throw cypherError('Expression nested too deeply', pos(this.peek()));
    try {
      return this.parseOr();
    } finally {
      this.depth--;
    }
  }

  private parseOr(): Expr {
    let left = this.parseXor();
    while (this.isKeyword('OR')) {
      this.index++;
      left = this.binary('OR', left, this.parseXor());
    }
    return left;
  }

  private parseXor(): Expr {
    let left = this.parseAnd();
    while (this.isKeyword('XOR')) {
      this.index++;
      left = this.binary('XOR', left, this.parseAnd());
    }
    return left;
  }

  private parseAnd(): Expr {
    let left = this.parseNot();
    while (this.isKeyword('AND')) {
      this.index++;
      left = this.binary('AND', left, this.parseNot());
    }
    return left;
  }

  private parseNot(): Expr {
    const token = this.peek();
    if (this.isKeyword('NOT')) {
      this.index++;
      if (++this.depth > MAX_DEPTH) throw cypherError('Expression nested too deeply', pos(token));
      try {
        const operand = this.parseNot();
        return { kind: 'unary', op: 'NOT', operand, pos: pos(token), text: this.textFrom(token) };
      } finally {
        this.depth--;
      }
    }
    return this.parseComparison();
  }

  private parseComparison(): Expr {
    let left = this.parseAdditive();
    for (;;) {
      const token = this.peek();
      if (token.kind === 'punct' && ['=', '<>', '<', '>', '<=', '>=', '=~'].includes(token.text)) {
        this.index++;
        left = this.binary(token.text as BinaryOp, left, this.parseAdditive());
      } else if (this.isKeyword('IN')) {
        this.index++;
        left = this.binary('IN', left, this.parseAdditive());
      } else if (this.isKeyword('CONTAINS')) {
        this.index++;
        left = this.binary('CONTAINS', left, this.parseAdditive());
      } else if (this.isKeyword('STARTS') || this.isKeyword('ENDS')) {
        this.index++;
        this.expectKeyword('WITH');
        const op = token.text.toUpperCase() === 'STARTS' ? 'STARTS WITH' : 'ENDS WITH';
        left = this.binary(op, left, this.parseAdditive());
      } else if (this.isKeyword('IS')) {
        this.index++;
        const negated = this.acceptKeyword('NOT');
        this.expectKeyword('NULL');
        left = { kind: 'isNull', negated, operand: left, pos: left.pos, text: this.source.slice(this.startOf(left), this.tokens[this.index - 1].end) };
      } else return left;
    }
  }

  private parseAdditive(): Expr {
    let left = this.parseMultiplicative();
    for (;;) {
      const token = this.peek();
      if (token.kind !== 'punct' || (token.text !== '+' && token.text !== '-')) return left;
      this.index++;
      left = this.binary(token.text, left, this.parseMultiplicative());
    }
  }

  private parseMultiplicative(): Expr {
    let left = this.parseUnary();
    for (;;) {
      const token = this.peek();
      if (token.kind !== 'punct' || !['*', '/', '%'].includes(token.text)) return left;
      this.index++;
      left = this.binary(token.text as BinaryOp, left, this.parseUnary());
    }
  }

  private parseUnary(): Expr {
    const token = this.peek();
    if (token.kind === 'punct' && token.text === '-') {
      this.index++;
      if (++this.depth > MAX_DEPTH) throw cypherError('Expression nested too deeply', pos(token));
      let operand: Expr;
      try {
        operand = this.parseUnary();
      } finally {
        this.depth--;
      }
      if (operand.kind === 'literal' && typeof operand.value === 'number') {
        return { ...operand, value: -operand.value, pos: pos(token), text: this.textFrom(token) };
      }
      return { kind: 'unary', op: '-', operand, pos: pos(token), text: this.textFrom(token) };
    }
    let left = this.parsePostfix();
    while (this.peek().kind === 'punct' && this.peek().text === '^') {
      this.index++;
      left = this.binary('^', left, this.parsePostfix());
    }
    return left;
  }

  private parsePostfix(): Expr {
    let expr = this.parseAtom();
    for (;;) {
      const token = this.peek();
      if (token.kind !== 'punct') return expr;
      if (token.text === '.') {
        this.index++;
        const nameToken = this.peek();
        const name = this.expectName('a property name after .');
        expr = { kind: 'property', object: expr, name, pos: expr.pos, namePos: pos(nameToken), text: this.source.slice(this.startOf(expr), nameToken.end) };
        if (this.peek().kind === 'punct' && this.peek().text === '(') throw cypherError(`Function ${expr.text}() is not supported (no procedures or library functions)`, expr.pos);
      } else if (token.text === '[') {
        this.index++;
        const from = this.peek().text === '..' ? null : this.parseExpr();
        if (this.acceptPunct('..')) {
          const to = this.peek().text === ']' ? null : this.parseExpr();
          this.expectPunct(']', "']' closing the slice");
          expr = { kind: 'slice', object: expr, from, to, pos: expr.pos, text: this.source.slice(this.startOf(expr), this.tokens[this.index - 1].end) };
        } else {
          this.expectPunct(']', "']' closing the index");
          expr = { kind: 'index', object: expr, index: from!, pos: expr.pos, text: this.source.slice(this.startOf(expr), this.tokens[this.index - 1].end) };
        }
      } else if (token.text === '{' && expr.kind === 'variable') {
        throw cypherError(`Map projections (${expr.name} {.name}) are not supported (return ${expr.name}.name AS name, ...)`, pos(token));
      } else if (token.text === ':' && expr.kind === 'variable') {
        // A label test: `x:Class`, `x:Class:Function` (all), `x:Class|Function` (any).
        this.index++;
        const labels = [this.expectName('a label')];
        while (this.acceptPunct('|')) {
          this.acceptPunct(':');
          labels.push(this.expectName('a label'));
        }
        if (this.peek().kind === 'punct' && this.peek().text === ':') throw cypherError('Label tests with several labels (x:A:B) are not supported; every node has one label (use x:A|B)', pos(this.peek()));
        expr = { kind: 'labelTest', operand: expr, labels, pos: expr.pos, text: this.source.slice(this.startOf(expr), this.tokens[this.index - 1].end) };
      } else return expr;
    }
  }

  /** At '(': whether a path pattern starts here (a node pattern followed by a relationship). */
  private looksLikePattern(): boolean {
    let i = this.index + 1;
    let depth = 1;
    for (; i < this.tokens.length && depth > 0; i++) {
      const t = this.tokens[i];
      if (t.kind === 'eof') return false;
      if (t.kind === 'punct' && t.text === '(') depth++;
      if (t.kind === 'punct' && t.text === ')') depth--;
    }
    // Inside: nothing, a variable, :Label, a variable:Label, then an optional {map}.
    const inner = this.tokens.slice(this.index + 1, i - 1);
    const head = inner.findIndex((t) => t.kind === 'punct' && t.text === '{');
    const shape = (head < 0 ? inner : inner.slice(0, head)).map((t) => (t.kind === 'punct' ? t.text : 'n')).join(' ');
    if (!/^(n)?( : n( [|:] n)*)?$/.test(shape)) return false;
    const next = this.tokens[i];
    const after = this.tokens[i + 1];
    if (next?.kind !== 'punct') return false;
    if (next.text === '<-') return true;
    return next.text === '-' && after?.kind === 'punct' && ['[', '-', '->'].includes(after.text);
  }

  private parseAtom(): Expr {
    const token = this.peek();
    const here = pos(token);
    if (token.kind === 'string') {
      this.index++;
      return { kind: 'literal', value: token.text, pos: here, text: this.textFrom(token) };
    }
    if (token.kind === 'number') {
      this.index++;
      return { kind: 'literal', value: Number(token.text), pos: here, text: token.text };
    }
    if (token.kind === 'punct') {
      if (token.text === '(') {
        if (this.looksLikePattern()) {
          const path = this.parsePathBody(null, here);
          return { kind: 'pattern', path, pos: here, text: this.textFrom(token) };
        }
        this.index++;
        const inner = this.parseExpr();
        this.expectPunct(')', "')'");
        return inner;
      }
      if (token.text === '[') {
        const comprehension = this.parseComprehension();
        if (comprehension) return comprehension;
        this.index++;
        const items: Expr[] = [];
        if (!this.acceptPunct(']')) {
          do items.push(this.parseExpr());
          while (this.acceptPunct(','));
          this.expectPunct(']', "']' closing the list");
        }
        return { kind: 'list', items, pos: here, text: this.textFrom(token) };
      }
      if (token.text === '$') return this.parseParam();
      if (token.text === '{') {
        const entries = this.parseProperties();
        return { kind: 'map', entries, pos: here, text: this.textFrom(token) };
      }
      this.fail(token, 'an expression');
    }
    if (token.kind === 'quotedIdent') {
      this.index++;
      return { kind: 'variable', name: token.text, pos: here, text: token.text };
    }
    if (token.kind === 'ident') {
      const upper = token.text.toUpperCase();
      if (upper === 'TRUE' || upper === 'FALSE' || upper === 'NULL') {
        this.index++;
        return { kind: 'literal', value: upper === 'NULL' ? null : upper === 'TRUE', pos: here, text: token.text };
      }
      if (upper === 'CASE') return this.parseCase();
      if ((upper === 'EXISTS' || upper === 'COUNT') && this.peekAt(1).kind === 'punct' && this.peekAt(1).text === '{') return this.parseSubquery(upper === 'EXISTS' ? 'exists' : 'count');
      if (upper === 'EXISTS' && this.peekAt(1).text === '(' && this.peekAt(2).text === '(') {
        // exists((a)-[:T]->()) : the old pattern form.
        this.index += 2;
        const start = this.peek();
        const path = this.parsePathBody(null, pos(start));
        this.expectPunct(')', "')' closing exists(");
        return { kind: 'pattern', path, pos: here, text: this.textFrom(token) };
      }
      if (['ANY', 'ALL', 'NONE', 'SINGLE'].includes(upper) && this.peekAt(1).text === '(' && this.isNameAt(2) && this.peekAt(3).text.toUpperCase() === 'IN') return this.parseQuantifier();
      if (this.peekAt(1).kind === 'punct' && this.peekAt(1).text === '(') return this.parseCall();
      this.index++;
      return { kind: 'variable', name: token.text, pos: here, text: token.text };
    }
    return this.fail(token, 'an expression');
  }

  private parseCall(): Expr {
    const nameToken = this.peek();
    this.index += 2;
    const distinct = this.acceptKeyword('DISTINCT');
    let star = false;
    const args: Expr[] = [];
    if (this.peek().kind === 'punct' && this.peek().text === '*') {
      this.index++;
      star = true;
    } else if (!(this.peek().kind === 'punct' && this.peek().text === ')')) {
      do args.push(this.parseExpr());
      while (this.acceptPunct(','));
    }
    this.expectPunct(')', `')' closing ${nameToken.text}(`);
    return { kind: 'call', name: nameToken.text, distinct, star, args, pos: pos(nameToken), text: this.textFrom(nameToken) };
  }

  private parseCase(): Expr {
    const first = this.peek();
    this.index++;
    const subject = this.isKeyword('WHEN') ? null : this.parseExpr();
    const whens: { when: Expr; then: Expr }[] = [];
    while (this.acceptKeyword('WHEN')) {
      const when = this.parseExpr();
      this.expectKeyword('THEN');
      whens.push({ when, then: this.parseExpr() });
    }
    if (whens.length === 0) this.fail(this.peek(), 'WHEN');
    const otherwise = this.acceptKeyword('ELSE') ? this.parseExpr() : null;
    this.expectKeyword('END');
    return { kind: 'case', subject, whens, otherwise, pos: pos(first), text: this.textFrom(first) };
  }

  /** EXISTS { MATCH ... [WHERE ...] } or EXISTS { (pattern) [WHERE ...] }; COUNT { ... } alike. */
  private parseSubquery(mode: 'exists' | 'count'): Expr {
    const first = this.peek();
    this.index += 2;
    const matches: MatchClause[] = [];
    if (this.isKeyword('MATCH') || this.isKeyword('OPTIONAL')) {
      while (this.isKeyword('MATCH') || this.isKeyword('OPTIONAL')) matches.push(this.parseMatch());
    } else {
      const start = this.peek();
      const patterns: PathPattern[] = [];
      do patterns.push(this.parsePath());
      while (this.acceptPunct(','));
      const where = this.acceptKeyword('WHERE') ? this.parseExpr() : null;
      matches.push({ optional: false, patterns, where, pos: pos(start) });
    }
    if (matches[0]!.optional) throw cypherError('A subquery starting with OPTIONAL MATCH is not supported', matches[0]!.pos);
    if (this.isKeyword('RETURN')) throw cypherError(`RETURN inside ${mode.toUpperCase()} { } is not supported`, pos(this.peek()));
    this.expectPunct('}', `'}' closing ${mode.toUpperCase()} {`);
    return { kind: 'subquery', mode, matches, pos: pos(first), text: this.textFrom(first) };
  }

  /** At '[': a list comprehension `[x IN list WHERE .. | ..]` or a pattern comprehension `[(a)-->(b) | ..]`; null for a list literal. */
  private parseComprehension(): Expr | null {
    const open = this.peek();
    const here = pos(open);
    if (this.isNameAt(1) && this.peekAt(2).kind === 'ident' && this.peekAt(2).text.toUpperCase() === 'IN') {
      this.index++;
      const variable = this.expectName('a variable');
      this.index++;
      const list = this.parseExpr();
      const where = this.acceptKeyword('WHERE') ? this.parseExpr() : null;
      const map = this.acceptPunct('|') ? this.parseExpr() : null;
      this.expectPunct(']', "']' closing the list comprehension");
      return { kind: 'listComp', variable, list, where, map, pos: here, text: this.textFrom(open) };
    }
    const pathStart = this.isNameAt(1) && this.peekAt(2).text === '=' ? 3 : 1;
    if (this.peekAt(pathStart).text !== '(' || this.peekAt(pathStart).kind !== 'punct') return null;
    const saved = this.index;
    this.index += pathStart;
    const isPattern = this.looksLikePattern();
    this.index = saved;
    if (!isPattern) return null;
    this.index++;
    const path = this.parsePath();
    const where = this.acceptKeyword('WHERE') ? this.parseExpr() : null;
    this.expectPunct('|', "'|' in the pattern comprehension");
    const map = this.parseExpr();
    this.expectPunct(']', "']' closing the pattern comprehension");
    return { kind: 'patternComp', path, where, map, pos: here, text: this.textFrom(open) };
  }

  private parseQuantifier(): Expr {
    const first = this.peek();
    this.index += 2;
    const variable = this.expectName('a variable');
    this.index++;
    const list = this.parseExpr();
    this.expectKeyword('WHERE');
    const where = this.parseExpr();
    this.expectPunct(')', `')' closing ${first.text}(`);
    return { kind: 'quantifier', fn: first.text.toLowerCase() as 'any' | 'all' | 'none' | 'single', variable, list, where, pos: pos(first), text: this.textFrom(first) };
  }

  // ---- helpers ----

  private isNameAt(offset: number): boolean {
    const kind = this.peekAt(offset).kind;
    return kind === 'ident' || kind === 'quotedIdent';
  }

  private binary(op: BinaryOp, left: Expr, right: Expr): Expr {
    return { kind: 'binary', op, left, right, pos: left.pos, text: this.source.slice(this.startOf(left), this.tokens[this.index - 1].end) };
  }

  /** Source offset where `expr` starts (found from its position). */
  private startOf(expr: Expr): number {
    return this.startByPosition.get(`${expr.pos.line}:${expr.pos.column}`) ?? 0;
  }

  private textFrom(first: Token): string {
    return this.source.slice(first.start, this.tokens[this.index - 1].end);
  }

  private peek(): Token {
    return this.tokens[this.index];
  }

  private peekAt(offset: number): Token {
    return this.tokens[Math.min(this.index + offset, this.tokens.length - 1)];
  }

  private isKeyword(word: string): boolean {
    const token = this.peek();
    return token.kind === 'ident' && token.text.toUpperCase() === word;
  }

  private acceptKeyword(word: string): boolean {
    if (!this.isKeyword(word)) return false;
    this.index++;
    return true;
  }

  private expectKeyword(word: string): void {
    if (!this.acceptKeyword(word)) this.fail(this.peek(), word);
  }

  private acceptPunct(text: string): boolean {
    const token = this.peek();
    if (token.kind !== 'punct' || token.text !== text) return false;
    this.index++;
    return true;
  }

  private expectPunct(text: string, what: string): Token {
    const token = this.peek();
    if (!this.acceptPunct(text)) this.fail(token, what.startsWith("'") ? what : `'${text}' (${what})`);
    return token;
  }

  private isName(): boolean {
    const kind = this.peek().kind;
    return kind === 'ident' || kind === 'quotedIdent';
  }

  private expectName(what: string): string {
    const token = this.peek();
    if (!this.isName()) this.fail(token, what);
    this.index++;
    return token.text;
  }

  /** SKIP / LIMIT: a whole number or a parameter. */
  private expectCount(clause: string): Expr {
    const token = this.peek();
    if (token.kind === 'punct' && token.text === '$') return this.parseParam();
    if (token.kind !== 'number' || !/^[0-9]+$/.test(token.text)) this.fail(token, `a whole number after ${clause}`);
    this.index++;
    return { kind: 'literal', value: Number(token.text), pos: pos(token), text: token.text };
  }

  private parseParam(): Expr {
    const dollar = this.peek();
    this.index++;
    const nameToken = this.peek();
    if (nameToken.start !== dollar.end || !(nameToken.kind === 'ident' || nameToken.kind === 'quotedIdent' || nameToken.kind === 'number')) this.fail(nameToken, 'a parameter name after $');
    this.index++;
    return { kind: 'param', name: nameToken.text, pos: pos(dollar), text: this.textFrom(dollar) };
  }

  /** Rejects a token where a clause should start, naming write clauses as read-only violations. */
  private failClause(token: Token, context: string): never {
    const word = token.kind === 'ident' ? token.text.toUpperCase() : '';
    if (WRITE_CLAUSES.has(word)) {
      const name = word === 'LOAD' && this.peekAt(1).text.toUpperCase() === 'CSV' ? 'LOAD CSV' : word;
      throw cypherError(`${name} is not supported (read-only Cypher)`, pos(token));
    }
    if (UNSUPPORTED_CLAUSES.has(word)) throw cypherError(`${word} is not supported`, pos(token));
    if (token.kind === 'eof') throw cypherError(`Unexpected end of query ${context}`, pos(token));
    throw cypherError(`Unexpected '${token.text}' ${context}`, pos(token));
  }

  private fail(token: Token, expected: string): never {
    const word = token.kind === 'ident' ? token.text.toUpperCase() : '';
    if (WRITE_CLAUSES.has(word)) this.failClause(token, '');
    if (token.kind === 'eof') throw cypherError(`Unexpected end of query, expected ${expected}`, pos(token));
    throw cypherError(`Unexpected '${token.text}', expected ${expected}`, pos(token));
  }
}
