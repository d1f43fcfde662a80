/**
 * @file The router (RANGER 3.1, Fig. 1) and answerQuestion on the demo repo indexed with the
 * real pipeline: entity questions go Path 1 through the rule-based generator, plain
 * natural-language questions (and plain words that happen to be node names) go Path 2 with the
 * reason; the LLM path with a scripted fake LLM (the LLM is outside the product), including a
 * bad-Cypher answer that falls back to Path 2 with the error. Path 2's engine here is a small
 * one built on the built-in LexicalReranker (the real search engine is a separate module).
 * Runs in: Node (vitest).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WasmNodeConnection } from '../../src/adapters/node/duckdbWasmNode.ts';
import { answerQuestion } from '../../src/core/agent/answerQuestion.ts';
import type { RunOptions, SearchRunner } from '../../src/core/agent/answerQuestion.ts';
import { routeQuestion } from '../../src/core/agent/router.ts';
import { runCypher } from '../../src/core/agent/runCypher.ts';
import { errorPosition, looksLikeCypher } from '../../src/core/agent/typedCypher.ts';
import type { SearchHit, SearchRequest, SearchResponse } from '../../src/core/agent/searchService.ts';
import type { NodeKind } from '../../src/core/graph/types.ts';
import { LexicalReranker } from '../../src/core/models/lexicalReranker.ts';
import type { ChatMessage, ChatOptions, Llm } from '../../src/core/models/types.ts';
import { openDemoGraph } from './demoGraph.ts';

let conn: WasmNodeConnection;

beforeAll(async () => {
  conn = await openDemoGraph();
}, 60_000);

afterAll(async () => {
  await conn?.close();
});

/** A scripted fake LLM: answers from a list, records what it was asked. */
class ScriptedFakeLlm implements Llm {
  readonly info = { id: 'fake:scripted', label: 'scripted fake LLM', builtin: false };
  readonly contextTokens = 8192;
  readonly asked: ChatMessage[][] = [];
  constructor(private readonly answers: (string | Error)[]) {}
  async chat(messages: readonly ChatMessage[], _options?: ChatOptions): Promise<string> {
    this.asked.push([...messages]);
    const next = this.answers.shift();
    if (next === undefined) throw new Error('fake LLM has no scripted answer left');
    if (next instanceof Error) throw next;
    return next;
  }
}

/** Path 2 stand-in: ranks classes, functions and methods by the built-in lexical reranker. */
class LexicalEngine implements SearchRunner {
  readonly requests: SearchRequest[] = [];
  async run(request: SearchRequest, _options: RunOptions): Promise<SearchResponse> {
    this.requests.push(request);
    const rows = await conn.query("SELECT id, kind, name, qualified_name, file_path, start_line, code FROM nodes WHERE kind IN ('Class', 'Function', 'Method') ORDER BY id");
    const scores = await new LexicalReranker().score(request.question, rows.map((r) => `${r.qualified_name}\n${r.code}`));
    const hits: SearchHit[] = rows.map((r, i) => ({
      id: Number(r.id),
      kind: r.kind as NodeKind,
      name: String(r.name),
      qualified_name: String(r.qualified_name),
      file_path: String(r.file_path),
      start_line: Number(r.start_line),
      score: scores[i]!,
    }));
    hits.sort((a, b) => b.score - a.score || a.id - b.id);
    return {
      route: { path: 'baseline', cypher: null, generator: null, reason: 'lexical' },
      results: hits.slice(0, request.k ?? 10),
      stats: { reranker_calls: rows.length, embed_calls: 0, ms: 1 },
    };
  }
}

async function qualifiedNamesOf(question: string): Promise<string[]> {
  const { route, result } = await routeQuestion(conn, question, { llm: null });
  expect(route.path, route.reason).toBe('cypher');
  expect(route.generator).toBe('rules');
  const rows = await conn.query(`SELECT qualified_name FROM nodes WHERE id IN (${result!.nodeIds.join(', ')})`);
  return rows.map((r) => String(r.qualified_name)).sort();
}

describe('rule-based router on the demo repo: entity questions go Path 1', () => {
  it('where is X defined: the entity with its file', async () => {
    const { route, result } = await routeQuestion(conn, 'where is CatalogSearch defined?', { llm: null });
    expect(route).toMatchObject({ path: 'cypher', generator: 'rules' });
    expect(route.cypher).toBe("MATCH (n {name: 'CatalogSearch'})\nRETURN DISTINCT n AS node, labels(n) AS label, n.file_path AS file, n.start_line AS line");
    expect(route.reason).toContain('`CatalogSearch`');
    expect(result!.columns).toEqual(['node', 'label', 'file', 'line']);
    expect(result!.rows).toHaveLength(1);
    expect(result!.rows[0]).toMatchObject({ label: ['Class'], file: 'shopkit/catalog/search.py' });
  });

  it('callers, dependencies, methods, subclasses, bases, imports', async () => {
    expect(await qualifiedNamesOf('what calls compute_tax?')).toEqual([
      'shopkit.pricing.calculator.PriceCalculator.price',
      'shopkit.pricing.tax.gross_from_net',
      'tests.test_pricing.test_reduced_tax_rate',
    ]);
    expect(await qualifiedNamesOf('what does Cart.checkout use?')).toContain('shopkit.orders.order.Order.from_cart');
    const methods = await qualifiedNamesOf('methods of PriceCalculator');
    expect(methods.length).toBeGreaterThan(1);
    expect(methods.every((m) => m.startsWith('shopkit.pricing.calculator.PriceCalculator.'))).toBe(true);
    expect(await qualifiedNamesOf('subclasses of PaymentError')).toEqual([
      'shopkit.errors.CardDeclined',
      'shopkit.errors.FraudSuspected',
      'shopkit.payments.providers.wallet.InsufficientBalance',
    ]);
    expect(await qualifiedNamesOf('what does SandboxProvider inherit from?')).toEqual([
      'shopkit.payments.base.BaseProvider',
      'shopkit.payments.card.CardProvider',
      'shopkit.payments.providers.stripe_like.StripeLikeProvider',
    ]);
    expect(await qualifiedNamesOf('what does shopkit.storage.factory import?')).toContain('shopkit.storage.memory');
  });

  it('a backticked or quoted plain word does route', async () => {
    const { route } = await routeQuestion(conn, 'where is `tokenize` defined?', { llm: null });
    expect(route.path).toBe('cypher');
    expect(route.cypher).toContain("{name: 'tokenize'}");
  });
});

describe('rule-based router: everything else goes Path 2 with the reason', () => {
  it('plain natural language', async () => {
    const { route, result } = await routeQuestion(conn, 'how are prices rounded to whole cents?', { llm: null });
    expect(result).toBeNull();
    expect(route).toMatchObject({ path: 'mcts', cypher: null, generator: 'rules' });
    expect(route.reason).toMatch(/^no identifier-shaped token .* so MCTS searched instead$/);
  });

  it('plain words that happen to be node names', async () => {
    expect((await conn.query("SELECT count(*) AS n FROM nodes WHERE name IN ('load', 'tokenize', 'search')"))[0]!.n).toBeGreaterThanOrEqual(3);
    for (const question of ['load the settings', 'search and tokenize the catalog']) {
      const { route } = await routeQuestion(conn, question, { llm: null });
      expect(route.path, question).toBe('mcts');
    }
  });

  it('an identifier that is not in the graph, and a template that finds nothing', async () => {
    const missing = await routeQuestion(conn, 'what calls FrobnicateWidget?', { llm: null });
    expect(missing.route).toMatchObject({ path: 'mcts', cypher: null });
    expect(missing.route.reason).toContain('`FrobnicateWidget` is not a name in the graph');
    const empty = await routeQuestion(conn, 'subclasses of OrderLine', { llm: null });
    expect(empty.route.path).toBe('mcts');
    expect(empty.route.cypher).toContain('<-[:INHERITS*1..3]-');
    expect(empty.route.reason).toContain('returned no rows');
  });
});

describe('LLM router with a scripted fake LLM', () => {
  it('sends the schema prompt and runs the Cypher it answers: Path 1', async () => {
    const llm = new ScriptedFakeLlm(["**Thought**: Entity identified: Money\n**Query**:\n```cypher\nMATCH (c:Class {name: 'Money'})-[:HAS_METHOD]->(m)\nRETURN m AS dep, labels(m) AS label\n```"]);
    const { route, result } = await routeQuestion(conn, 'what methods does Money have', { llm });
    expect(llm.asked).toHaveLength(1);
    expect(llm.asked[0]![0]!.content).toContain("The Repo node's name is 'shopkit'.");
    expect(llm.asked[0]![0]!.content).toContain('HAS_METHOD (Class->Method)');
    expect(llm.asked[0]![1]!.content).toContain('what methods does Money have');
    expect(route).toMatchObject({ path: 'cypher', generator: 'llm', cypher: "MATCH (c:Class {name: 'Money'})-[:HAS_METHOD]->(m)\nRETURN m AS dep, labels(m) AS label" });
    expect(route.reason).toContain('scripted fake LLM');
    expect(result!.nodeIds.length).toBe(result!.rows.length);
  });

  it('Path 1 runs openCypher beyond lookups (WITH, pattern predicates, $parameters from the request)', async () => {
    const cypher = 'MATCH (c:Class {name: $cls})-[:HAS_METHOD]->(m)\nWHERE NOT (m)-[:USES]->(:Class)\nWITH c, count(m) AS methods\nRETURN c.name AS name, methods';
    const llm = new ScriptedFakeLlm([`\`\`\`cypher\n${cypher}\n\`\`\``, `\`\`\`cypher\n${cypher}\n\`\`\``]);
    const { route, result } = await routeQuestion(conn, 'how many methods of Money use no class', { llm, cypherParams: { cls: 'Money' } });
    expect(route).toMatchObject({ path: 'cypher', generator: 'llm', cypher });
    expect(result!.rows).toHaveLength(1);
    expect(result!.rows[0]).toMatchObject({ name: 'Money' });
    expect(Number(result!.rows[0]!.methods)).toBeGreaterThan(0);
    const missing = await routeQuestion(conn, 'how many methods of Money use no class', { llm });
    expect(missing.route.cypherError!.message).toBe('Missing parameter $cls (give it in the parameters JSON object) at 1:23');
  });

  it('bad Cypher falls back to Path 2 with the error and its position', async () => {
    const llm = new ScriptedFakeLlm(["```cypher\nMATCH (n:Klass {name: 'Money'})\nRETURN n\n```", "```cypher\nMATCH (n {name: 'Money'})\nSET n.name = 'x'\nRETURN n\n```"]);
    const unknown = await routeQuestion(conn, 'where is Money', { llm });
    expect(unknown.route).toMatchObject({ path: 'mcts', generator: 'llm', cypher: "MATCH (n:Klass {name: 'Money'})\nRETURN n" });
    expect(unknown.route.cypherError).toMatchObject({ code: 'INPUT_INVALID' });
    expect(unknown.route.cypherError!.message).toMatch(/Unknown label :Klass .* at 1:7$/);
    expect(unknown.route.reason).toContain('its Cypher failed (Unknown label :Klass');
    const write = await routeQuestion(conn, 'rename Money', { llm });
    expect(write.route.path).toBe('mcts');
    expect(write.route.cypherError!.message).toBe('SET is not supported (read-only Cypher) at 2:1');
  });

  it('no Cypher in the answer, no rows, and a failing LLM (rules take over)', async () => {
    const llm = new ScriptedFakeLlm(['I do not know.', "```\nMATCH (n {name: '__none__'}) RETURN n\n```", new Error('model not loaded')]);
    expect((await routeQuestion(conn, 'how are prices rounded?', { llm })).route).toMatchObject({ path: 'mcts', cypher: null, generator: 'llm' });
    const none = await routeQuestion(conn, 'how are prices rounded?', { llm });
    expect(none.route).toMatchObject({ path: 'mcts', generator: 'llm' });
    expect(none.route.reason).toContain('returned no rows');
    const failed = await routeQuestion(conn, 'where is CatalogSearch defined', { llm });
    expect(failed.route).toMatchObject({ path: 'cypher', generator: 'rules' });
    expect(failed.route.reason).toMatch(/^the LLM failed \(model not loaded\); rules found `CatalogSearch`/);
  });
});

describe('answerQuestion', () => {
  it("'auto' on an entity question: Path 1 hits with score 1, rows and columns kept, no engine run", async () => {
    const engine = new LexicalEngine();
    const response = await answerQuestion(conn, engine, 'subclasses of PaymentError', { llm: null }, { question: 'subclasses of PaymentError', method: 'auto', k: 2 });
    expect(engine.requests).toHaveLength(0);
    expect(response.route.path).toBe('cypher');
    expect(response.results).toHaveLength(2);
    expect(response.results.every((h) => h.score === 1 && h.kind === 'Class' && h.file_path !== null)).toBe(true);
    expect(response.rows).toHaveLength(3);
    expect(response.columns).toEqual(['node', 'label', 'file', 'line']);
    expect(response.stats.reranker_calls).toBe(0);
  });

  it("'auto' on a natural-language question: the engine runs MCTS and the route says why", async () => {
    const engine = new LexicalEngine();
    const response = await answerQuestion(conn, engine, 'how are prices rounded to whole cents?', { llm: null }, { question: 'how are prices rounded to whole cents?', method: 'auto', k: 5 });
    expect(engine.requests).toEqual([{ question: 'how are prices rounded to whole cents?', method: 'mcts', k: 5 }]);
    expect(response.route).toMatchObject({ path: 'mcts', cypher: null, generator: 'rules' });
    expect(response.route.reason).toContain('no identifier-shaped token');
    expect(response.results).toHaveLength(5);
    expect(response.stats.reranker_calls).toBeGreaterThan(0);
  });

  it('bad LLM Cypher: Path 2 keeps the Cypher tried and its error', async () => {
    const engine = new LexicalEngine();
    const llm = new ScriptedFakeLlm(['```cypher\nMATCH (n) WITH n.name RETURN n\n```']);
    const response = await answerQuestion(conn, engine, 'rounding', { llm }, { question: 'rounding', method: 'auto' });
    expect(response.route).toMatchObject({ path: 'mcts', generator: 'llm', cypher: 'MATCH (n) WITH n.name RETURN n' });
    expect(response.route.cypherError!.message).toBe("Expression 'n.name' in WITH must be aliased (use AS) at 1:16");
    expect(engine.requests[0]!.method).toBe('mcts');
  });

  it('other methods go straight to the engine', async () => {
    const engine = new LexicalEngine();
    const response = await answerQuestion(conn, engine, 'where is CatalogSearch defined', { llm: null }, { question: 'where is CatalogSearch defined', method: 'bm25' });
    expect(engine.requests.map((r) => r.method)).toEqual(['bm25']);
    expect(response.route.path).toBe('baseline');
  });
});

describe('runCypher node ids', () => {
  it('from whole nodes, collected lists and id-like columns; rows through the guard', async () => {
    const whole = await runCypher(conn, "MATCH (c:Class {name: 'Money'}) RETURN c");
    const id = (await conn.query("SELECT id FROM nodes WHERE qualified_name = 'shopkit.pricing.money.Money'"))[0]!.id;
    expect(whole.nodeIds).toEqual([id]);
    expect(whole.sql).toMatch(/^SELECT /);
    const collected = await runCypher(conn, "MATCH (c:Class {name: 'Money'})-[:HAS_METHOD]->(m) RETURN c.name AS cls, collect(m) AS methods");
    expect(collected.nodeIds.length).toBeGreaterThan(1);
    const ids = await runCypher(conn, "MATCH (c:Class {name: 'Money'}) RETURN c.id, id(c) AS node_id, c.start_line AS line");
    expect(ids.nodeIds).toEqual([id]);
    const none = await runCypher(conn, "MATCH (c:Class {name: 'Money'}) RETURN c.name AS name, c.start_line AS line");
    expect(none.nodeIds).toEqual([]);
  });
});

describe('Cypher typed as the question', () => {
  const neverSearch: SearchRunner = {
    run: async () => {
      throw new Error('the question was Cypher: nothing must be searched');
    },
  };

  it('runs as written (the README example), with its rows and the route "cypher" by the user', async () => {
    const question = 'MATCH (c:Class)-[:INHERITS]->(b) RETURN c.name, b.name';
    const response = await answerQuestion(conn, neverSearch, question, { llm: null }, { question, method: 'auto' });
    const direct = await runCypher(conn, question);
    expect(response.route).toMatchObject({ path: 'cypher', cypher: question, generator: 'user' });
    expect(response.rows).toEqual(direct.rows);
    expect(direct.rows.length).toBeGreaterThan(0);
    expect(response.route.reason).toContain(`returned ${direct.rows.length} row`);
  });

  it('answers no rows as no rows, not with a search', async () => {
    const question = "MATCH (c:Class {name: 'NoSuchClassAnywhere'}) RETURN c.name";
    const response = await answerQuestion(conn, neverSearch, question, { llm: null }, { question, method: 'auto' });
    expect(response.route.path).toBe('cypher');
    expect(response.rows).toEqual([]);
  });

  it('gives a positioned error instead of searching, and searches as text when asked', async () => {
    const question = 'MATCH (c:Class RETURN c.name';
    const response = await answerQuestion(conn, neverSearch, question, { llm: null }, { question, method: 'auto' });
    expect(response.route.path).toBe('cypher');
    expect(response.route.cypherError?.message).toMatch(/at 1:\d+$/);
    expect(errorPosition(response.route.cypherError!.message)).toMatchObject({ line: 1 });
    let searched = false;
    const engine: SearchRunner = {
      run: async (request) => {
        searched = true;
        expect(request.method).toBe('mcts');
        const empty: SearchResponse = { route: { path: 'mcts', cypher: null, generator: null, reason: '' }, results: [], stats: { reranker_calls: 0, embed_calls: 0, ms: 0 } };
        return empty;
      },
    };
    const asText = await answerQuestion(conn, engine, question, { llm: null }, { question, method: 'auto', asText: true });
    expect(searched).toBe(true);
    expect(asText.route.generator).not.toBe('user');
  });

  it('tells queries from sentences', () => {
    expect(looksLikeCypher('MATCH (c:Class) RETURN c.name')).toBe(true);
    expect(looksLikeCypher('  optional match (a)-[:USES]->(b) return a')).toBe(true);
    expect(looksLikeCypher('RETURN $x')).toBe(true);
    expect(looksLikeCypher('Match the cart discount to its rule')).toBe(false);
    expect(looksLikeCypher('with which function is a file formatted')).toBe(false);
    expect(looksLikeCypher('how are prices discounted (for a cart)')).toBe(false);
    expect(looksLikeCypher('UNWIND [1, 2] AS x RETURN x')).toBe(true);
    expect(looksLikeCypher('MATCH (n {name: "Cart"}) RETURN n')).toBe(true);
    // Docstrings that open with a clause word and hold parentheses are sentences.
    expect(looksLikeCypher('Return a deep copy of self (also copying children).')).toBe(false);
    expect(looksLikeCypher('Create a 32 bit unsigned integer (The byte sequence of an integer).')).toBe(false);
    expect(looksLikeCypher('Create a key object by reading a private key from a file (or file-like) object.')).toBe(false);
    expect(looksLikeCypher('Return Weisfeiler Lehman (WL) graph hash.')).toBe(false);
    expect(looksLikeCypher('Return a dict mapping name -> value ({name: value}).')).toBe(false);
    expect(looksLikeCypher('match p = (a)-->(b) return p')).toBe(true);
  });
});
