/**
 * @file The router without an LLM: finds identifier-shaped tokens in a question (CamelCase,
 * snake_case with an underscore, dotted, `backticked`, 'quoted', call-shaped `name()`, and a
 * Capitalised word when it is exactly a node name, so "Mode" or "where is Mode defined" is a
 * lookup), keeps
 * those that are names in the graph (nodes.name / qualified_name), and fills an A.5-like Cypher
 * template chosen by keywords (callers, dependencies, methods, fields, subclasses, bases,
 * imports, members; default: the entity itself with its file). Plain words that happen to be
 * node names ("load", "fields") never count on their own. Runs in: everywhere. Layer src/core.
 */
import type { SqlConnection } from '../store/sqlConnection.ts';
import { sqlString } from '../store/sqlConnection.ts';
import { NODE_ROWS_TABLE } from '../store/schema.ts';

export type TokenShape = 'backticked' | 'quoted' | 'dotted' | 'snake' | 'camel' | 'call' | 'capitalised';

export interface IdentifierToken {
  text: string;
  shape: TokenShape;
  /** Offset in the question (tokens come back in question order). */
  start: number;
}

export interface ResolvedEntity {
  token: string;
  /** How the token names the nodes: exact name, exact qualified_name, or a qualified_name suffix. */
  by: 'name' | 'qualified_name' | 'suffix';
  ids: number[];
  kinds: string[];
  qualifiedNames: string[];
}

export const RULE_TEMPLATES = ['definition', 'callers', 'callees', 'methods', 'fields', 'subclasses', 'superclasses', 'imports', 'importedBy', 'members'] as const;
export type RuleTemplate = (typeof RULE_TEMPLATES)[number];

export interface RuleOutcome {
  /** Null when no identifier of the graph was found. */
  cypher: string | null;
  template: RuleTemplate | null;
  tokens: IdentifierToken[];
  entities: ResolvedEntity[];
  /** How the question is put (null without a name of the graph). */
  form: QuestionForm | null;
  /** Plain sentence for the UI. */
  reason: string;
}

const WORD = /[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*(\(\))?/g;

function shapeOf(word: string, call: boolean, capitalised: boolean): TokenShape | null {
  if (word.includes('.')) return 'dotted';
  if (/[A-Za-z0-9]_|_[A-Za-z0-9]/.test(word)) return 'snake';
  if (/[a-z0-9][A-Z]/.test(word) || /[A-Z]{2,}[a-z]/.test(word)) return 'camel';
  if (call) return 'call';
  // 'Mode', 'Cart': counts only when it is exactly a name in the graph (resolveEntities).
  if (capitalised && /^[A-Z][a-z0-9]+$/.test(word)) return 'capitalised';
  return null;
}

/**
 * Backticked or quoted words that name nothing specific: Python builtins and keywords and 1-2
 * letter names (docstrings write ``obj``, ``s``, ``str``). They never route a question alone.
 */
const GENERIC_NAMES = new Set(
  ('self cls obj object str int float bool bytes list dict set tuple type none true false len iter next range open print ' +
    'any all map filter zip sum min max id hash repr format input super property staticmethod classmethod ' +
    'exception error value key name path file data args kwargs func fn callback result item items default ' +
    'and or not in is if else for while return yield lambda def class import from with as try except raise pass').split(' '),
);

function isGeneric(text: string): boolean {
  return text.length <= 2 || GENERIC_NAMES.has(text.toLowerCase());
}

/**
 * How a question is put, which decides the path (docs/retrieval.md, "The router"):
 * - 'lookup': the names and nothing else a search could use ("Mode", "methods of Cart",
 *   "where is `parse_args` defined?", "show callers of apply_discount"): Path 1 answers alone.
 * - 'question': asked (where / what / which ..., or a question mark) and about more than the
 *   names ("how does `Parser` handle errors?"): Path 1's hits first, Path 2's results after.
 * - 'statement': anything else that mentions a name, like a docstring ("Find code blocks and
 *   store in htmlStash.", "Lexer for CMake files."): the names are context, not the answer, so
 *   Path 2 searches alone.
 */
export type QuestionForm = 'lookup' | 'question' | 'statement';

const ASKING = /^(where|what|which|who|whom|whose|how|why|when|is|are|does|do|can)\b/;

/** Words that only say which lookup is meant (kinds, relations, filler); anything else is content. */
const LOOKUP_WORDS = new Set(
  ('a an the of in on to for by from at is are was be me all any its it this that these those there here and or ' +
    'where what which who whom whose how many much is are does do did can ' +
    'list show find locate give get open go display print tell see ' +
    'defined define defines definition definitions declared declaration located location source code file module modules ' +
    'class classes function functions method methods field fields attribute attributes variable variables global globals member members ' +
    'call calls called caller callers calling callee callees use uses used user users usage usages using reference references referenced ' +
    'import imports imported importing depend depends dependency dependencies deps need needs ' +
    'inherit inherits inheriting inherited extend extends extending derive derived derives sub subclass subclasses superclass superclasses ' +
    'base bases parent parents child children ancestor ancestors descendant descendants contain contains inside implement implements implemented').split(' '),
);

/** Words of the question outside the names that a lookup does not explain. */
function contentWords(question: string, tokens: readonly IdentifierToken[]): string[] {
  let rest = question.toLowerCase();
  for (const t of tokens) rest = rest.replace(t.text.toLowerCase(), ' ');
  return rest.split(/[^a-z0-9_]+/).filter((w) => w.length > 0 && !LOOKUP_WORDS.has(w));
}

/** See QuestionForm. */
export function questionForm(question: string, tokens: readonly IdentifierToken[]): QuestionForm {
  const q = question.trim().toLowerCase();
  if (contentWords(question, tokens).length === 0) return 'lookup';
  return q.endsWith('?') || ASKING.test(q) ? 'question' : 'statement';
}

/** A lookup or a question (Path 1 runs); a statement that merely mentions a name is not. */
export function isLookupQuestion(question: string, tokens: readonly IdentifierToken[]): boolean {
  return questionForm(question, tokens) !== 'statement';
}

/** Identifier-shaped tokens of `question`, in order, without duplicates (Capitalised words on request). */
export function identifierTokens(question: string, options: { capitalised?: boolean } = {}): IdentifierToken[] {
  const found: IdentifierToken[] = [];
  const masked = question.split('');
  // RST ``double`` backticks first, so the text between two literals is never read as one.
  const quoted = /``([^`\n]+)``|`([^`\n]+)`|'([A-Za-z_][\w.]*)'|"([A-Za-z_][\w.]*)"/g;
  for (const m of question.matchAll(quoted)) {
    const text = (m[1] ?? m[2] ?? m[3] ?? m[4] ?? '').trim().replace(/\(\)$/, '');
    const backticked = m[1] !== undefined || m[2] !== undefined;
    if (text && !isGeneric(text)) found.push({ text, shape: backticked ? 'backticked' : 'quoted', start: m.index });
    for (let i = m.index; i < m.index + m[0].length; i++) masked[i] = ' ';
  }
  const rest = masked.join('');
  for (const m of rest.matchAll(WORD)) {
    const call = m[1] !== undefined;
    const word = call ? m[0].slice(0, -2) : m[0];
    const shape = shapeOf(word, call, options.capitalised ?? false);
    if (shape) found.push({ text: word, shape, start: m.index });
  }
  found.sort((a, b) => a.start - b.start);
  const seen = new Set<string>();
  return found.filter((t) => !seen.has(t.text) && seen.add(t.text));
}

/** Looks the tokens up in nodes.name / qualified_name (dotted ones also as a qualified_name suffix). */
export async function resolveEntities(conn: Pick<SqlConnection, 'query'>, tokens: readonly IdentifierToken[]): Promise<ResolvedEntity[]> {
  if (tokens.length === 0) return [];
  const list = tokens.map((t) => sqlString(t.text)).join(', ');
  const suffixes = tokens.filter((t) => t.text.includes('.')).map((t) => `ends_with(qualified_name, ${sqlString(`.${t.text}`)})`);
  // One SELECT per condition, as a UNION: an OR of them scans the names row by row (2.5x slower on 929k nodes).
  const selects = [`name IN (${list})`, `qualified_name IN (${list})`, ...suffixes].map((where) => `SELECT id, kind, name, qualified_name FROM ${NODE_ROWS_TABLE} WHERE ${where}`);
  const rows = await conn.query(`${selects.join(' UNION ')} ORDER BY id LIMIT 2000`);
  const entities: ResolvedEntity[] = [];
  for (const token of tokens) {
    const dotted = token.text.includes('.');
    const byQualified = rows.filter((r) => r.qualified_name === token.text);
    const byName = rows.filter((r) => r.name === token.text);
    const bySuffix = dotted ? rows.filter((r) => String(r.qualified_name).endsWith(`.${token.text}`)) : [];
    if (token.shape === 'capitalised') {
      if (byName.length > 0) entities.push(entityOf(token.text, 'name', byName));
      continue;
    }
    const [by, hits] =
      dotted && byQualified.length > 0
        ? (['qualified_name', byQualified] as const)
        : byName.length > 0
          ? (['name', byName] as const)
          : byQualified.length > 0
            ? (['qualified_name', byQualified] as const)
            : (['suffix', bySuffix] as const);
    if (hits.length === 0) continue;
    entities.push(entityOf(token.text, by, hits));
  }
  return entities;
}

function entityOf(token: string, by: ResolvedEntity['by'], hits: readonly Record<string, unknown>[]): ResolvedEntity {
  return {
    token,
    by,
    ids: hits.map((r) => Number(r.id)),
    kinds: [...new Set(hits.map((r) => String(r.kind)))],
    qualifiedNames: hits.map((r) => String(r.qualified_name)),
  };
}

/** The template a question asks for, by its keywords. */
export function chooseTemplate(question: string): RuleTemplate {
  const q = question.toLowerCase();
  if (/\b(super-?class(es)?|base class(es)?|parent class(es)?|bases of|ancestors?)\b/.test(q) || /\b(does|do)\b[^?]*\b(inherit|extend|derive)/.test(q)) return 'superclasses';
  if (/\b(sub-?class(es)?|derived|child class(es)?|inherits?|inheriting|extends?|descendants?)\b/.test(q)) return 'subclasses';
  if (/\bimport/.test(q)) return /\b(does|do)\b[^?]*\bimport\b/.test(q) || /\bimports (of|in|from)\b/.test(q) ? 'imports' : 'importedBy';
  if (/\b(does|do)\b[^?]*\b(call|use|depend|need|reference)/.test(q) || /\b(dependencies|depends on|callees|deps)\b/.test(q)) return 'callees';
  if (/\b(calls?|callers?|called|calling|uses|used|usages?|references?|referenced|users of)\b/.test(q)) return 'callers';
  if (/\bmethods?\b/.test(q)) return 'methods';
  if (/\b(fields?|attributes?)\b/.test(q)) return 'fields';
  if (/\b(contains?|members?|defined in|inside|what is in|what's in)\b/.test(q)) return 'members';
  return 'definition';
}

/** A Cypher string literal (single quotes, backslash escapes). */
export function cypherString(value: string): string {
  return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
}

/** MATCH clause binding `n` to the entity's nodes. */
function entityMatch(entity: ResolvedEntity): string {
  if (entity.by === 'name') return `MATCH (n {name: ${cypherString(entity.token)}})`;
  if (entity.by === 'qualified_name') return `MATCH (n {qualified_name: ${cypherString(entity.token)}})`;
  return `MATCH (n) WHERE n.qualified_name IN [${entity.qualifiedNames.map(cypherString).join(', ')}]`;
}

function returning(v: string): string {
  return `RETURN DISTINCT ${v} AS node, labels(${v}) AS label, ${v}.file_path AS file, ${v}.start_line AS line`;
}

const NEIGHBOUR_PATTERNS: Record<Exclude<RuleTemplate, 'definition'>, [string, string]> = {
  callers: ['(n)<-[:USES]-(x)', 'x'],
  callees: ['(n)-[:USES]->(x)', 'x'],
  methods: ['(n)-[:HAS_METHOD]->(x)', 'x'],
  fields: ['(n)-[:HAS_FIELD]->(x)', 'x'],
  subclasses: ['(n)<-[:INHERITS*1..3]-(x)', 'x'],
  superclasses: ['(n)-[:INHERITS*1..3]->(x)', 'x'],
  imports: ['(n)-[:IMPORTS]->(x)', 'x'],
  importedBy: ['(n)<-[:IMPORTS]-(x)', 'x'],
  members: ['(n)-[:CONTAINS|HAS_METHOD|HAS_FIELD]->(x)', 'x'],
};

/** Fills `template` for the entities (definition: all of them; the others: the first). */
export function templateCypher(template: RuleTemplate, entities: readonly ResolvedEntity[]): string {
  if (template === 'definition') {
    const names = entities.filter((e) => e.by === 'name').map((e) => cypherString(e.token));
    const qualified = entities.filter((e) => e.by !== 'name').flatMap((e) => (e.by === 'qualified_name' ? [e.token] : e.qualifiedNames)).map(cypherString);
    if (entities.length === 1) return `${entityMatch(entities[0]!)}\n${returning('n')}`;
    const conds = [...(names.length > 0 ? [`n.name IN [${names.join(', ')}]`] : []), ...(qualified.length > 0 ? [`n.qualified_name IN [${qualified.join(', ')}]`] : [])];
    return `MATCH (n)\nWHERE ${conds.join(' OR ')}\n${returning('n')}`;
  }
  const [pattern, v] = NEIGHBOUR_PATTERNS[template];
  return `${entityMatch(entities[0]!)}\nMATCH ${pattern}\n${returning(v)}`;
}

/** The rule-based generator: tokens -> graph names -> template Cypher (or null with a reason). */
export async function ruleCypher(conn: Pick<SqlConnection, 'query'>, question: string): Promise<RuleOutcome> {
  const found = identifierTokens(question, { capitalised: true });
  const entities = await resolveEntities(conn, found);
  // A capitalised word that names nothing is an English word ("How", "Return"), not a token.
  const tokens = found.filter((t) => t.shape !== 'capitalised' || entities.some((e) => e.token === t.text));
  if (tokens.length === 0) {
    return { cypher: null, template: null, tokens, entities: [], form: null, reason: 'no identifier-shaped token (CamelCase, snake_case, dotted, `backticked` or quoted) in the question' };
  }
  if (entities.length === 0) {
    const shown = tokens.map((t) => `\`${t.text}\``).join(', ');
    return { cypher: null, template: null, tokens, entities, form: null, reason: `${shown} ${tokens.length === 1 ? 'is not a name' : 'are not names'} in the graph` };
  }
  const names = entities.map((e) => `\`${e.token}\``).join(', ');
  // A token the graph lacks is content (it names what to search for), not a lookup's name.
  const form = questionForm(question, tokens.filter((t) => entities.some((e) => e.token === t.text)));
  if (form === 'statement') {
    return { cypher: null, template: null, tokens, entities, form, reason: `the question mentions ${names} but reads as a description, not a lookup (no where / what / which, no question mark)` };
  }
  const template = chooseTemplate(question);
  const cypher = templateCypher(template, entities);
  return { cypher, template, tokens, entities, form, reason: `rules found ${names} in the graph (template: ${template})` };
}
