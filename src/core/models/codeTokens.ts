/**
 * @file Code-aware tokenizer for the built-in lexical models: splits camelCase, PascalCase,
 * snake_case, dotted names and digits, lowercases, drops stop words (English + language
 * keywords) and applies a light deterministic stemmer (plural / -ing / -ed / final -e).
 * Runs in: everywhere. Layer src/core.
 */

/** English function words and Python / JS / TS keywords that carry no meaning for retrieval. */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  // English
  'a', 'an', 'the', 'and', 'or', 'but', 'of', 'to', 'in', 'into', 'on', 'at', 'by', 'for', 'with',
  'from', 'as', 'is', 'are', 'was', 'were', 'be', 'been', 'being', 'it', 'its', 'this', 'that',
  'these', 'those', 'which', 'who', 'whom', 'what', 'there', 'their', 'then', 'than', 'so', 'such',
  'can', 'could', 'should', 'would', 'will', 'shall', 'may', 'might', 'must', 'do', 'does', 'did',
  'has', 'have', 'had', 'not', 'no', 'nor', 'only', 'also', 'any', 'all', 'each', 'some', 'very',
  'we', 'you', 'he', 'she', 'they', 'them', 'our', 'your', 'my', 'me', 'us', 'i', 'about', 'over',
  'under', 'after', 'before', 'between', 'through', 'during', 'up', 'down', 'out', 'off', 'again',
  'here', 'when', 'where', 'why', 'how', 'both', 'more', 'most', 'other', 'own', 'same', 'too',
  // keywords (Python, JavaScript, TypeScript)
  'def', 'self', 'cls', 'return', 'returns', 'const', 'let', 'var', 'function', 'class', 'import',
  'export', 'default', 'none', 'null', 'undefined', 'true', 'false', 'pass', 'if', 'elif', 'else',
  'while', 'try', 'except', 'finally', 'raise', 'throw', 'throws', 'catch', 'new', 'async', 'await',
  'lambda', 'yield', 'public', 'private', 'protected', 'static', 'void', 'readonly', 'interface',
  'extends', 'implements', 'typeof', 'instanceof', 'nonlocal', 'global', 'del', 'assert', 'break',
  'continue', 'switch', 'case', 'elif', 'with', 'is', 'in', 'not', 'and', 'or',
]);

/** One word piece: a run of lowercase letters with an optional capital, an acronym, digits. */
const WORD_PIECE = /\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?\p{Ll}+|\p{Lu}+|\p{N}+|\p{L}+/gu;

/** Raw identifiers as written in code (letters, digits, underscores; dots split them). */
const IDENTIFIER = /[\p{L}_][\p{L}\p{N}_]*/gu;

/** Splits text into lowercase word pieces without dropping or stemming anything. */
export function splitWords(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(WORD_PIECE)) out.push(match[0].toLowerCase());
  return out;
}

/** Word pieces minus stop words and single letters, not stemmed ('parseHTTPResponse' -> parse, http, response). */
export function codeWords(text: string): string[] {
  return splitWords(text).filter(keepWord);
}

/** The tokens the lexical models use: code words, stemmed; stop words removed before and after stemming. */
export function codeTokens(text: string): string[] {
  const out: string[] = [];
  for (const word of codeWords(text)) {
    const stemmed = stem(word);
    if (!STOP_WORDS.has(stemmed)) out.push(stemmed);
  }
  return out;
}

/** Whole identifiers lowercased ('format_result', 'parsehttpresponse'), for exact-match bonuses. */
export function identifiers(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(IDENTIFIER)) {
    const id = match[0].replace(/^_+|_+$/g, '').toLowerCase();
    if (id.length >= 3 && !STOP_WORDS.has(id)) out.push(id);
  }
  return out;
}

function keepWord(word: string): boolean {
  if (STOP_WORDS.has(word)) return false;
  if (word.length === 1 && !/\p{N}/u.test(word)) return false;
  return true;
}

const VOWEL = /[aeiouy]/;

/**
 * Light stemmer: -ies -> y, -sses -> ss, plural -s, -ing / -ed (stem of 4+ letters with a vowel,
 * doubled final consonant undone), final -e dropped on words of 5+ letters. Digits and short
 * words pass unchanged. Deterministic: the same word always gives the same stem.
 */
export function stem(word: string): string {
  if (word.length <= 3 || !/^\p{Ll}+$/u.test(word)) return word;
  let w = word;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);

  const suffix = w.endsWith('ing') ? 3 : w.endsWith('ed') ? 2 : 0;
  if (suffix > 0) {
    const base = w.slice(0, -suffix);
    if (base.length >= 4 && VOWEL.test(base)) w = undouble(base);
  }
  if (w.length >= 5 && w.endsWith('e') && !w.endsWith('ee')) w = w.slice(0, -1);
  return w;
}

function undouble(base: string): string {
  const last = base[base.length - 1];
  if (last === base[base.length - 2] && !'aeioulsz'.includes(last)) return base.slice(0, -1);
  return base;
}
