/**
 * @file The rule-based generator's pure parts: which tokens are identifier-shaped (plain words
 * never are), which template a question picks, and the Cypher a template writes.
 * Runs in: Node (vitest).
 */
import { describe, expect, it } from 'vitest';
import { compileCypher } from '../cypher/compile.ts';
import { chooseTemplate, cypherString, identifierTokens, isLookupQuestion, questionForm, RULE_TEMPLATES, templateCypher } from './ruleCypher.ts';
import type { ResolvedEntity } from './ruleCypher.ts';

const texts = (q: string) => identifierTokens(q).map((t) => `${t.shape}:${t.text}`);

describe('identifierTokens', () => {
  it('finds CamelCase, snake_case, dotted, backticked, quoted and call-shaped tokens in order', () => {
    expect(texts('where is CatalogSearch defined?')).toEqual(['camel:CatalogSearch']);
    expect(texts('what calls compute_tax and tokenize()?')).toEqual(['snake:compute_tax', 'call:tokenize']);
    expect(texts('what does shopkit.storage.factory import')).toEqual(['dotted:shopkit.storage.factory']);
    expect(texts("where is `load` defined, and 'fields' and \"Cart\"")).toEqual(['backticked:load', 'quoted:fields', 'quoted:Cart']);
    expect(texts('JSONEncoder, camelCase, __init__ and _best_of')).toEqual(['camel:JSONEncoder', 'camel:camelCase', 'snake:__init__', 'snake:_best_of']);
  });

  it('never takes plain words, capitalised words or sentence-ending periods', () => {
    expect(texts('load the fields of the cart')).toEqual([]);
    expect(texts('How are prices rounded? The Cart is fine.')).toEqual([]);
    expect(texts('What is a Money object')).toEqual([]);
    expect(texts('I')).toEqual([]);
  });

  it('drops duplicates', () => {
    expect(texts('Cart.checkout vs Cart.checkout')).toEqual(['dotted:Cart.checkout']);
  });
});

describe('chooseTemplate', () => {
  it.each([
    ['where is X defined', 'definition'],
    ['show me X', 'definition'],
    ['what calls X', 'callers'],
    ['who uses X?', 'callers'],
    ['where is X used', 'callers'],
    ['what does X call', 'callees'],
    ['what does X use', 'callees'],
    ['dependencies of X', 'callees'],
    ['methods of X', 'methods'],
    ['fields of X', 'fields'],
    ['attributes of X', 'fields'],
    ['subclasses of X', 'subclasses'],
    ['what inherits from X', 'subclasses'],
    ['what does X inherit from', 'superclasses'],
    ['base classes of X', 'superclasses'],
    ['what does X import', 'imports'],
    ['what imports X', 'importedBy'],
    ['which modules import X', 'importedBy'],
    ['what is in X', 'members'],
    ['members of X', 'members'],
  ])('%s -> %s', (question, template) => {
    expect(chooseTemplate(question)).toBe(template);
  });
});

describe('templateCypher', () => {
  const byName: ResolvedEntity = { token: "O'Hara", by: 'name', ids: [1], kinds: ['Class'], qualifiedNames: ["m.O'Hara"] };
  const bySuffix: ResolvedEntity = { token: 'Cart.checkout', by: 'suffix', ids: [2], kinds: ['Method'], qualifiedNames: ['shopkit.cart.cart.Cart.checkout'] };

  it('writes Cypher every template compiles, with quotes escaped', () => {
    for (const template of RULE_TEMPLATES) {
      for (const entities of [[byName], [bySuffix], [byName, bySuffix]]) expect(() => compileCypher(templateCypher(template, entities))).not.toThrow();
    }
    expect(cypherString("O'Hara\\x")).toBe("'O\\'Hara\\\\x'");
    expect(templateCypher('definition', [byName])).toBe("MATCH (n {name: 'O\\'Hara'})\nRETURN DISTINCT n AS node, labels(n) AS label, n.file_path AS file, n.start_line AS line");
    expect(templateCypher('callers', [bySuffix])).toContain("MATCH (n) WHERE n.qualified_name IN ['shopkit.cart.cart.Cart.checkout']\nMATCH (n)<-[:USES]-(x)");
    expect(templateCypher('definition', [byName, bySuffix])).toContain("WHERE n.name IN ['O\\'Hara'] OR n.qualified_name IN ['shopkit.cart.cart.Cart.checkout']");
  });
});

describe('lookups versus descriptive sentences', () => {
  it('routes questions and short name queries, not docstring-like sentences that mention a name', () => {
    const ask = (q: string) => isLookupQuestion(q, identifierTokens(q));
    expect(ask('Where is `CatalogSearch` defined?')).toBe(true);
    expect(ask('methods of CatalogSearch')).toBe(true);
    expect(ask('show callers of apply_discount')).toBe(true);
    expect(ask('Return the ``JSONDecoder`` instance used to decode documents.')).toBe(false);
    expect(ask('Called when the connection made by ``BaseTransport`` is closed')).toBe(false);
  });

  it('tells lookups, questions about more than the names, and descriptions apart', () => {
    const form = (q: string) => questionForm(q, identifierTokens(q, { capitalised: true }));
    expect(form('Mode')).toBe('lookup');
    expect(form('find `parse_args`')).toBe('lookup');
    expect(form('show the callers of apply_discount')).toBe('lookup');
    expect(form('which classes inherit from CatalogSearch?')).toBe('lookup');
    expect(form('where is the file that defines CatalogSearch')).toBe('lookup');
    expect(form('how does `Parser` handle errors?')).toBe('question');
    expect(form('what does apply_discount do with negative prices')).toBe('question');
    // Docstring-like sentences, imperative or not: the names are context, not the answer.
    expect(form('Find code blocks and store in htmlStash.')).toBe('statement');
    expect(form('Get the default for a parameter from :attr:`default_map`.')).toBe('statement');
    expect(form('Lexer for CMake files.')).toBe('statement');
  });

  it('ignores backticked builtins and one- or two-letter names', () => {
    expect(identifierTokens('Encode ``obj`` as ``str`` into ``fp``').map((t) => t.text)).toEqual([]);
    expect(identifierTokens('Where is `Cart` used?').map((t) => t.text)).toEqual(['Cart']);
  });
});
