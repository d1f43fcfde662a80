/**
 * @file Code-aware tokens for BM25: split camelCase / PascalCase / snake_case / dotted names and
 * digits, lowercase. No stemming and no stop words, so BM25 scores stay easy to reason about.
 * Runs in: everywhere. Layer src/core.
 */

/** Acronym before a capitalised word, a capitalised or lowercase word, an acronym, digits. */
const PIECE = /\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?\p{Ll}+|\p{Lu}+|\p{N}+|\p{L}+/gu;

/** 'parseHTTPResponse(user_id).v2' -> parse, http, response, user, id, v, 2 */
export function searchTokens(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(PIECE)) out.push(match[0].toLowerCase());
  return out;
}
