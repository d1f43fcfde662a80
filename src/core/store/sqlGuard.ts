/**
 * @file Read-only guard for user SQL (duckdb-wasm has no read-only connection, and node-api can
 * read local files): one statement, of a read-only kind, calling no function or clause that
 * touches files, the network, settings or extensions. A small tokenizer skips comments and
 * literals first, so words inside strings never count and ';' inside strings never splits.
 * Runs in: everywhere. Layer src/core.
 */
import { AppError } from '../errors.ts';

type TokenKind = 'word' | 'quoted' | 'string' | 'number' | 'punct';

interface Token {
  kind: TokenKind;
  /** Lowercased for words and quoted identifiers; raw text otherwise. */
  text: string;
  line: number;
  column: number;
}

/** Leading keywords of the statements we accept. */
const READ_ONLY_KINDS = new Set(['select', 'with', 'describe', 'desc', 'show', 'explain', 'summarize', 'from', 'values', 'pragma']);

/** PRAGMAs that only read the catalog. */
const READ_ONLY_PRAGMAS = new Set([
  'table_info',
  'show_tables',
  'show_tables_expanded',
  'show_databases',
  'show',
  'database_size',
  'version',
  'platform',
  'storage_info',
  'functions',
  'collations',
]);

/** Keywords that write, change settings or reach outside the database, anywhere in a statement. */
const FORBIDDEN_KEYWORDS = new Set([
  'insert',
  'update',
  'delete',
  'merge',
  'upsert',
  'copy',
  'create',
  'drop',
  'alter',
  'truncate',
  'attach',
  'detach',
  'install',
  'load',
  'export',
  'import',
  'set',
  'reset',
  'call',
  'checkpoint',
  'vacuum',
  'use',
  'grant',
  'revoke',
  'begin',
  'commit',
  'rollback',
  'abort',
  'prepare',
  'execute',
  'deallocate',
]);

/** Functions that read files or URLs, run SQL from a string, or read the environment. */
const FORBIDDEN_FUNCTIONS = new Set([
  'glob',
  'sniff_csv',
  'st_read',
  'st_read_meta',
  'getenv',
  'query',
  'query_table',
  'load_aws_credentials',
  'http_get',
  'http_post',
  'httpfs',
]);
const FORBIDDEN_FUNCTION_PREFIXES = ['read_', 'parquet_', 'iceberg_', 'delta_', 'sqlite_', 'postgres_', 'mysql_', 'http', 'json_execute'];
const FORBIDDEN_FUNCTION_SUFFIXES = ['_scan', '_attach'];

/** After these words a string literal names a table: a file or URL (replacement scan). */
const TABLE_POSITION_WORDS = new Set(['from', 'join', 'describe', 'desc', 'summarize', 'show', 'table', 'pivot', 'unpivot']);
/** Last segments of a dotted table name that DuckDB would read as a file. */
const FILE_EXTENSIONS = /^(csv|tsv|txt|json|jsonl|ndjson|parquet|parq|arrow|feather|ipc|db|duckdb|sqlite|sqlite3|xlsx|gz|zst|zstd|bz2|xz|lz4|avro|orc)$/;
/** Clause keywords that end a FROM list (a ',' then no longer separates tables). */
const CLAUSE_WORDS = new Set([
  'select',
  'from',
  'where',
  'group',
  'having',
  'order',
  'limit',
  'offset',
  'qualify',
  'window',
  'union',
  'intersect',
  'except',
  'on',
  'using',
  'returning',
  'values',
]);

function reject(message: string): never {
  throw new AppError('SQL_REJECTED', message);
}

function at(token: Token): string {
  return `${token.line}:${token.column}`;
}

function isWordStart(ch: string): boolean {
  return /[A-Za-z_\u0080-\uffff]/.test(ch);
}

function isWordPart(ch: string): boolean {
  return /[A-Za-z0-9_$\u0080-\uffff]/.test(ch);
}

/** Splits SQL into tokens, dropping whitespace and comments. Unterminated literals are rejected. */
export function tokenizeSql(sql: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  let line = 1;
  let lineStart = 0;
  const advanceTo = (end: number) => {
    for (let k = i; k < end; k++) {
      if (sql[k] === '\n') {
        line++;
        lineStart = k + 1;
      }
    }
    i = end;
  };
  while (i < sql.length) {
    const ch = sql[i];
    const start = i;
    const position = { line, column: i - lineStart + 1 };
    if (/\s/.test(ch)) {
      advanceTo(i + 1);
      continue;
    }
    if (ch === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      advanceTo(end === -1 ? sql.length : end);
      continue;
    }
    if (ch === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      if (end === -1) reject(`Unterminated comment at ${position.line}:${position.column}`);
      advanceTo(end + 2);
      continue;
    }
    if (ch === "'" || ((ch === 'e' || ch === 'E') && sql[i + 1] === "'")) {
      const backslashes = ch !== "'";
      let k = backslashes ? i + 2 : i + 1;
      for (;;) {
        if (k >= sql.length) reject(`Unterminated string at ${position.line}:${position.column}`);
        if (backslashes && sql[k] === '\\') k += 2;
        else if (sql[k] === "'" && sql[k + 1] === "'") k += 2;
        else if (sql[k] === "'") break;
        else k++;
      }
      tokens.push({ kind: 'string', text: sql.slice(start, k + 1), ...position });
      advanceTo(k + 1);
      continue;
    }
    if (ch === '$') {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i));
      if (tag) {
        const end = sql.indexOf(tag[0], i + tag[0].length);
        if (end === -1) reject(`Unterminated dollar-quoted string at ${position.line}:${position.column}`);
        tokens.push({ kind: 'string', text: sql.slice(start, end + tag[0].length), ...position });
        advanceTo(end + tag[0].length);
        continue;
      }
    }
    if (ch === '"') {
      let k = i + 1;
      let name = '';
      for (;;) {
        if (k >= sql.length) reject(`Unterminated quoted identifier at ${position.line}:${position.column}`);
        if (sql[k] === '"' && sql[k + 1] === '"') {
          name += '"';
          k += 2;
        } else if (sql[k] === '"') break;
        else name += sql[k++];
      }
      tokens.push({ kind: 'quoted', text: name.toLowerCase(), ...position });
      advanceTo(k + 1);
      continue;
    }
    if (isWordStart(ch)) {
      let k = i + 1;
      while (k < sql.length && isWordPart(sql[k])) k++;
      tokens.push({ kind: 'word', text: sql.slice(i, k).toLowerCase(), ...position });
      advanceTo(k);
      continue;
    }
    if (/[0-9]/.test(ch) || (ch === '.' && /[0-9]/.test(sql[i + 1] ?? ''))) {
      let k = i + 1;
      while (k < sql.length && /[0-9A-Za-z_.]/.test(sql[k])) k++;
      tokens.push({ kind: 'number', text: sql.slice(i, k), ...position });
      advanceTo(k);
      continue;
    }
    tokens.push({ kind: 'punct', text: ch, ...position });
    advanceTo(i + 1);
  }
  return tokens;
}

function isForbiddenFunction(name: string): boolean {
  return (
    FORBIDDEN_FUNCTIONS.has(name) ||
    FORBIDDEN_FUNCTION_PREFIXES.some((p) => name.startsWith(p)) ||
    FORBIDDEN_FUNCTION_SUFFIXES.some((s) => name.endsWith(s))
  );
}

function splitStatements(tokens: Token[]): Token[][] {
  const statements: Token[][] = [[]];
  for (const token of tokens) {
    if (token.kind === 'punct' && token.text === ';') statements.push([]);
    else statements[statements.length - 1].push(token);
  }
  return statements.filter((s) => s.length > 0);
}

function checkLeadingKind(tokens: Token[]): void {
  const first = tokens.find((t) => !(t.kind === 'punct' && t.text === '('));
  if (!first) reject('Only read-only statements are allowed: got an empty statement');
  if (first.kind !== 'word' || !READ_ONLY_KINDS.has(first.text)) {
    reject(`Only read-only statements are allowed: got ${first.text.toUpperCase()} at ${at(first)}`);
  }
  if (first.text === 'pragma') {
    const name = tokens[tokens.indexOf(first) + 1];
    if (!name || !READ_ONLY_PRAGMAS.has(name.text) || tokens.some((t) => t.kind === 'punct' && t.text === '=')) {
      const what = name ? `PRAGMA ${name.text}` : 'PRAGMA';
      reject(`Only read-only statements are allowed: got ${what} at ${at(first)} (read-only PRAGMAs: ${[...READ_ONLY_PRAGMAS].join(', ')})`);
    }
  }
}

function checkBody(tokens: Token[]): void {
  const leading = tokens.find((t) => t.kind === 'word');
  // clause[depth]: the last clause keyword seen at each parenthesis depth.
  const clause: (string | null)[] = [null];
  for (let k = 0; k < tokens.length; k++) {
    const token = tokens[k];
    const prev = tokens[k - 1];
    const next = tokens[k + 1];
    const prevIsDot = prev?.kind === 'punct' && prev.text === '.';
    if (token.kind === 'punct') {
      if (token.text === '(') clause.push(null);
      else if (token.text === ')' && clause.length > 1) clause.pop();
      continue;
    }
    if (token.kind === 'word' && !prevIsDot && FORBIDDEN_KEYWORDS.has(token.text) && token !== leading) {
      const inWith = leading?.text === 'with' && ['insert', 'update', 'delete', 'copy', 'merge'].includes(token.text);
      const what = inWith ? 'data-modifying statement in WITH' : 'statement contains';
      reject(`Only read-only statements are allowed: ${what} ${token.text.toUpperCase()} at ${at(token)}`);
    }
    if ((token.kind === 'word' || token.kind === 'quoted') && next?.kind === 'punct' && next.text === '(') {
      if (isForbiddenFunction(token.text)) {
        reject(`Only read-only statements are allowed: ${token.text}() reads files or the network (at ${at(token)})`);
      }
    }
    if (token.kind === 'word' && CLAUSE_WORDS.has(token.text)) clause[clause.length - 1] = token.text;
    if (prev && isTablePosition(prev, clause[clause.length - 1])) checkTableReference(tokens, k);
  }
}

/** Whether the token after `prev` names a table (FROM x, JOIN x, FROM a, x, DESCRIBE x, ...). */
function isTablePosition(prev: Token, clause: string | null): boolean {
  if (prev.kind === 'word') return TABLE_POSITION_WORDS.has(prev.text);
  return prev.kind === 'punct' && prev.text === ',' && clause === 'from';
}

/**
 * DuckDB turns a table name it does not know into a file scan when it looks like a path:
 * FROM 'x.csv', FROM "x.csv", even FROM x.csv. Our tables are plain words, so reject those.
 */
function checkTableReference(tokens: Token[], k: number): void {
  const token = tokens[k];
  const fileTable = `Only read-only statements are allowed: a table name that is a file or URL reads outside the database`;
  if (token.kind === 'string') reject(`${fileTable} (${token.text} at ${at(token)})`);
  if (token.kind === 'quoted' && /[/\\:.]/.test(token.text)) reject(`${fileTable} ("${token.text}" at ${at(token)})`);
  if (token.kind === 'word') {
    let end = k;
    while (tokens[end + 1]?.text === '.' && tokens[end + 2] && tokens[end + 2].kind !== 'punct') end += 2;
    const last = tokens[end];
    if (end > k && FILE_EXTENSIONS.test(last.text)) {
      const name = tokens.slice(k, end + 1).map((t) => t.text).join('');
      reject(`${fileTable} (${name} at ${at(token)})`);
    }
  }
}

/**
 * Returns `sql` unchanged when it is one read-only statement (SELECT, WITH, DESCRIBE, SHOW,
 * EXPLAIN, SUMMARIZE, FROM-first, VALUES, catalog PRAGMAs); throws AppError('SQL_REJECTED')
 * with the offending word and its line:column otherwise.
 */
export function assertReadOnlySql(sql: string): string {
  const statements = splitStatements(tokenizeSql(sql));
  if (statements.length === 0) reject('Only read-only statements are allowed: got an empty statement');
  if (statements.length > 1) {
    reject(`Only one statement is allowed: a second statement starts at ${at(statements[1][0])}`);
  }
  const [tokens] = statements;
  checkLeadingKind(tokens);
  checkBody(tokens);
  return sql;
}
