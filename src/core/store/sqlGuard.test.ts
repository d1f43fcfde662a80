/** @file Tests of the read-only SQL guard: accepted kinds, rejected statements and functions. */
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { assertReadOnlySql, tokenizeSql } from './sqlGuard.ts';

function rejection(sql: string): AppError {
  try {
    assertReadOnlySql(sql);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('SQL_REJECTED');
    return error as AppError;
  }
  throw new Error(`expected rejection of: ${sql}`);
}

describe('assertReadOnlySql accepts read-only statements', () => {
  it.each([
    'SELECT * FROM nodes',
    'select count(*) from edges where type = \'USES\'',
    'SELECT 1;',
    'SELECT 1;  -- trailing comment',
    '  \n SELECT 1 ; ; ',
    'WITH m AS (SELECT * FROM nodes WHERE kind = \'Module\') SELECT count(*) FROM m',
    'WITH RECURSIVE hop(id, depth) USING KEY (id) AS (SELECT 42, 0 UNION SELECT e.dst, h.depth+1 FROM hop h JOIN edges e ON e.src=h.id WHERE h.depth<6) SELECT * FROM hop',
    'DESCRIBE nodes',
    'DESCRIBE SELECT * FROM nodes',
    'SHOW TABLES',
    'SHOW nodes',
    'EXPLAIN SELECT * FROM nodes',
    'EXPLAIN ANALYZE SELECT * FROM nodes',
    'SUMMARIZE nodes',
    'FROM nodes',
    'FROM nodes SELECT name WHERE id < 10',
    'VALUES (1, \'a\'), (2, \'b\')',
    'PRAGMA table_info(\'nodes\')',
    'PRAGMA show_tables',
    '(SELECT 1) UNION ALL (SELECT 2)',
    'SELECT \'; DROP TABLE nodes; --\' AS s',
    'SELECT "delete", "insert" FROM (SELECT 1 AS "delete", 2 AS "insert")',
    'SELECT * FROM nodes WHERE docstring LIKE \'%https://example.com%\'',
    'SELECT * FROM nodes WHERE name IN (\'set\', \'load\', \'copy\')',
    'SELECT $$it\'s; a DELETE$$ AS s',
    'SELECT E\'a\\\'; DROP TABLE x\' AS s',
    '/* INSERT INTO x */ SELECT 1',
    'SELECT n.name FROM nodes n, edges e WHERE e.src = n.id',
    'SELECT * FROM main.nodes JOIN information_schema.tables t ON true',
    'SELECT array_cosine_similarity([1.0, 2.0]::FLOAT[2], [1.0, 2.0]::FLOAT[2])',
    'SELECT kind, count(*) FROM nodes GROUP BY ALL ORDER BY 2 DESC, 1',
    'SELECT * REPLACE (upper(name) AS name) FROM nodes',
  ])('%s', (sql) => {
    expect(assertReadOnlySql(sql)).toBe(sql);
  });
});

describe('assertReadOnlySql rejects', () => {
  it('statements of other kinds, naming the keyword and its position', () => {
    expect(rejection('ATTACH \'x.db\' AS x').message).toBe('Only read-only statements are allowed: got ATTACH at 1:1');
    expect(rejection('  \n  drop table nodes').message).toBe('Only read-only statements are allowed: got DROP at 2:3');
    for (const sql of [
      'INSERT INTO nodes VALUES (1)',
      'UPDATE nodes SET name = \'x\'',
      'DELETE FROM nodes',
      'CREATE TABLE t AS SELECT 1',
      'COPY nodes TO \'out.csv\'',
      'EXPORT DATABASE \'dir\'',
      'IMPORT DATABASE \'dir\'',
      'INSTALL httpfs',
      'LOAD json',
      'SET threads = 1',
      'RESET threads',
      'CALL pragma_version()',
      'CHECKPOINT',
      'BEGIN TRANSACTION',
      'USE memory',
      'DETACH x',
      'ALTER TABLE nodes ADD COLUMN x INTEGER',
      'TRUNCATE nodes',
      'VACUUM',
    ]) {
      expect(rejection(sql).message).toMatch(/^Only read-only statements are allowed: got [A-Z]+ at 1:1$/);
    }
  });

  it('more than one statement, even a read-only second one', () => {
    expect(rejection('SELECT 1; SELECT 2').message).toBe('Only one statement is allowed: a second statement starts at 1:11');
    expect(rejection('SELECT 1;\nDROP TABLE nodes').message).toContain('2:1');
  });

  it('empty input', () => {
    expect(rejection('').message).toContain('empty');
    expect(rejection(' ; -- nothing').message).toContain('empty');
  });

  it('data-modifying CTEs and write keywords inside read-only kinds', () => {
    expect(rejection('WITH d AS (DELETE FROM nodes RETURNING *) SELECT * FROM d').message).toBe(
      'Only read-only statements are allowed: data-modifying statement in WITH DELETE at 1:12',
    );
    expect(rejection('WITH x AS (SELECT 1) INSERT INTO nodes SELECT * FROM x').message).toContain('INSERT at 1:22');
    expect(rejection('EXPLAIN ANALYZE DELETE FROM nodes').message).toContain('DELETE at 1:17');
    expect(rejection('EXPLAIN COPY nodes TO \'x.csv\'').message).toContain('COPY');
    expect(rejection('DESCRIBE ATTACH \'x\'').message).toContain('ATTACH');
  });

  it('functions that read files, URLs or the environment', () => {
    for (const sql of [
      'SELECT * FROM read_csv(\'/etc/passwd\')',
      'SELECT * FROM read_csv_auto(\'x.csv\')',
      'SELECT * FROM READ_PARQUET(\'x.parquet\')',
      'SELECT * FROM read_json_auto(\'x.json\')',
      'SELECT * FROM read_ndjson(\'x\')',
      'SELECT content FROM read_text(\'x\')',
      'SELECT * FROM read_blob(\'x\')',
      'SELECT * FROM glob(\'*\')',
      'SELECT * FROM parquet_scan(\'x\')',
      'SELECT * FROM parquet_metadata(\'x\')',
      'SELECT * FROM sqlite_scan(\'x.db\', \'t\')',
      'SELECT getenv(\'HOME\')',
      'SELECT * FROM query(\'SELECT 1\')',
      'SELECT * FROM main."read_csv"(\'x.csv\')',
      'SELECT * FROM nodes WHERE id IN (SELECT a FROM read_csv (\'x\'))',
      'SELECT * FROM sniff_csv(\'x\')',
    ]) {
      expect(rejection(sql).message).toMatch(/reads files or the network/);
    }
  });

  it('tables that are files or URLs (replacement scans)', () => {
    for (const sql of [
      'SELECT * FROM \'data.csv\'',
      'FROM \'https://example.com/x.parquet\'',
      'SELECT * FROM nodes, \'x.csv\'',
      'SELECT * FROM nodes JOIN \'x.csv\' USING (id)',
      'SELECT * FROM nodes WHERE id IN (FROM \'x.csv\')',
      'DESCRIBE \'x.csv\'',
      'SUMMARIZE \'x.csv\'',
      'SELECT * FROM "x.csv"',
      'SELECT * FROM "/etc/passwd"',
      'SELECT * FROM x.csv',
      'SELECT * FROM nodes, data.parquet',
    ]) {
      expect(rejection(sql).message).toMatch(/file or URL/);
    }
  });

  it('PRAGMAs other than catalog reads', () => {
    expect(rejection('PRAGMA threads=4').message).toContain('PRAGMA threads');
    expect(rejection('PRAGMA enable_profiling').message).toContain('PRAGMA enable_profiling');
    expect(rejection('PRAGMA').message).toContain('PRAGMA');
  });

  it('unterminated literals instead of guessing', () => {
    expect(rejection('SELECT \'abc').message).toContain('Unterminated string at 1:8');
    expect(rejection('SELECT "abc').message).toContain('Unterminated quoted identifier');
    expect(rejection('SELECT 1 /* x').message).toContain('Unterminated comment');
    expect(rejection('SELECT $$x').message).toContain('Unterminated dollar');
  });
});

describe('tokenizeSql', () => {
  it('drops comments and keeps literals whole, with line:column positions', () => {
    const tokens = tokenizeSql("SELECT 'a;b' -- c;\n, \"X\"\"y\" /* d; */ ;");
    expect(tokens.map((t) => [t.kind, t.text, t.line, t.column])).toEqual([
      ['word', 'select', 1, 1],
      ['string', "'a;b'", 1, 8],
      ['punct', ',', 2, 1],
      ['quoted', 'x"y', 2, 3],
      ['punct', ';', 2, 19],
    ]);
  });
});
