/**
 * @file Cypher typed where a question goes (the app's Ask box, the CLI's `search`): a text whose
 * first word is a Cypher clause and that has Cypher's punctuation (a pattern's brackets, a
 * parameter, a map) is a query, run as written, not a sentence to search for. "Match the cart
 * discount" is a sentence; "MATCH (c:Class) RETURN c.name" is a query.
 * Runs in: everywhere. Layer src/core.
 */

const CLAUSE = /^\s*(?:OPTIONAL\s+MATCH|MATCH|UNWIND|WITH|RETURN|CALL|CREATE|MERGE|DETACH\s+DELETE|DELETE|SET|REMOVE|FOREACH|EXPLAIN|PROFILE)\b/i;
const PUNCTUATION = /[()[\]{}$]|->|<-/;

/** True when `text` reads as a Cypher query rather than a question in words. */
export function looksLikeCypher(text: string): boolean {
  return CLAUSE.test(text) && PUNCTUATION.test(text);
}

/** The line and column an error message ends with ("... at 2:14"), or null. */
export function errorPosition(message: string): { line: number; column: number } | null {
  const m = /\bat (\d+):(\d+)\s*$/.exec(message);
  return m ? { line: Number(m[1]), column: Number(m[2]) } : null;
}
