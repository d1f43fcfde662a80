/**
 * @file Cypher typed where a question goes (the app's Ask box, the CLI's `search`): a text whose
 * first word is a Cypher clause and that has Cypher's own syntax is a query, run as written, not
 * a sentence to search for. Cypher's own syntax: MATCH / CREATE / MERGE followed by a pattern's
 * parenthesis, a relationship between node patterns (`)-[`, `]->(`), a `$parameter`, or clause
 * keywords in capitals ("WITH 1 AS x RETURN x"). Docstrings that open with a clause word and
 * hold parentheses or arrows ("Return Weisfeiler Lehman (WL) graph hash.", "Return a map
 * name -> value.") are sentences; so is "Match the cart discount".
 * Runs in: everywhere. Layer src/core.
 */

const CLAUSE = /^\s*(?:OPTIONAL\s+MATCH|MATCH|UNWIND|WITH|RETURN|CALL|CREATE|MERGE|DETACH\s+DELETE|DELETE|SET|REMOVE|FOREACH|EXPLAIN|PROFILE)\b/i;
/** A pattern clause and its pattern: `MATCH (`, `optional match p = (`. */
const PATTERN_START = /^\s*(?:OPTIONAL\s+MATCH|MATCH|CREATE|MERGE)\s*(?:[A-Za-z_]\w*\s*=\s*)?\(/i;
/** Syntax English does not write: a relationship between node patterns, a parameter. */
const CYPHER_SYNTAX = [/\)\s*<?-\s*\[|\]\s*-\s*>?\s*\(|\)\s*<?--?>?\s*\(/, /\$[A-Za-z_]/];
/** A query written in capitals: the first clause and another keyword later ("WITH 1 AS x RETURN x"). */
const CAPITAL_CLAUSES = /^\s*[A-Z]{3,}\b.*\b(?:MATCH|WHERE|RETURN|WITH|UNWIND|AS|ORDER BY|LIMIT)\b/s;

/** True when `text` reads as a Cypher query rather than a question in words. */
export function looksLikeCypher(text: string): boolean {
  if (!CLAUSE.test(text)) return false;
  return PATTERN_START.test(text) || CYPHER_SYNTAX.some((re) => re.test(text)) || CAPITAL_CLAUSES.test(text);
}

/** The line and column an error message ends with ("... at 2:14"), or null. */
export function errorPosition(message: string): { line: number; column: number } | null {
  const m = /\bat (\d+):(\d+)\s*$/.exec(message);
  return m ? { line: Number(m[1]), column: Number(m[2]) } : null;
}
