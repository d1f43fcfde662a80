/**
 * @file Answers as a person reads them, on a small black-like repository parsed by the real
 * pipeline (tree-sitter, stitcher, duckdb-wasm in memory) and searched with the built-in models:
 * a bare class name is a lookup, exact names outrank fuzzy matches, import-style names, test
 * fixtures after code (or hidden, or left out at index time), duplicates as one row, "nothing
 * relevant found" for nonsense (with the lexical and the learned reranker), and why MCTS stopped
 * early.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { openWasmMemoryConnection } from '../../src/adapters/node/duckdbWasmNode.ts';
import type { WasmNodeConnection } from '../../src/adapters/node/duckdbWasmNode.ts';
import { createNodeParsers } from '../../src/adapters/node/nodeParsers.ts';
import { answerQuestion } from '../../src/core/agent/answerQuestion.ts';
import { PRESENT_DEPTH, presentAnswer, RELEVANCE_THRESHOLD, stopSentence } from '../../src/core/agent/presentAnswer.ts';
import type { Audience } from '../../src/core/agent/presentAnswer.ts';
import { displayName } from '../../src/core/graph/displayName.ts';
import type { SearchMethod, SearchResponse, TestsMode } from '../../src/core/agent/searchService.ts';
import { LearnedReranker } from '../../src/core/models/learnedReranker.ts';
import { LexicalReranker } from '../../src/core/models/lexicalReranker.ts';
import { parseSourceFile } from '../../src/core/parse/parseFile.ts';
import { indexRepository } from '../../src/core/pipeline/indexRepository.ts';
import type { IndexSummary } from '../../src/core/pipeline/repoService.ts';
import { createSearchEngine } from '../../src/core/search/searchEngine.ts';
import type { SearchEngine } from '../../src/core/search/searchEngine.ts';
import { builtinQueryEmbedders, searchVectors } from '../../src/core/search/searchVectors.ts';
import { extractorFor } from '../../src/core/languages/implementations.ts';

const CASE = `def enforce_line_length(line, mode):
    """Split a line that is longer than the line length limit of the mode."""
    return line if len(line) <= mode.line_length else split(line)

# output

def enforce_line_length(line, mode):
    """Split a line that is longer than the line length limit of the mode."""
    return line if len(line) <= mode.line_length else split(line)
`;

const FILES: Record<string, string> = {
  'blk/src/blk/__init__.py': '',
  'blk/src/blk/mode.py': `class Mode:
    """Formatting options chosen by the user: target versions, string normalisation."""

    def __init__(self, line_length=88):
        self.line_length = line_length
`,
  'blk/src/blk/linegen.py': `from blk.mode import Mode


def transform_line(line, mode: Mode):
    """Enforce the line length limit: split a line longer than mode.line_length into shorter lines."""
    if len(line) <= mode.line_length:
        return [line]
    return split_line(line, mode.line_length)


def split_line(line, limit):
    """Cut text at the last space before the limit."""
    return [line[:limit], line[limit:]]
`,
  'blk/tests/data/cases/long_lines.py': CASE,
  'blk/tests/test_linegen.py': `from blk.linegen import transform_line


def test_line_length_limit_enforced():
    """The line length limit is enforced on long lines."""
    assert transform_line("x " * 60, None)
`,
};

async function indexFixture(skipTests = false): Promise<{ conn: WasmNodeConnection; summary: IndexSummary }> {
  const conn = await openWasmMemoryConnection();
  const parsers = await createNodeParsers();
  const files = Object.entries(FILES).map(([path, text]) => ({ path, data: new TextEncoder().encode(text) }));
  const summary = await indexRepository(
    { kind: 'files', name: 'blk', files, skipTests },
    { parseFiles: async (sources) => (await sources.all()).map((f) => parseSourceFile(parsers, f, extractorFor)), conn },
    { verbose: true },
  );
  return { conn, summary };
}

let conn: WasmNodeConnection;
let engine: SearchEngine;

beforeAll(async () => {
  conn = (await indexFixture()).conn;
  const { embedderId } = await searchVectors(conn, null); // the app's fallback: built-in vectors
  engine = await createSearchEngine(conn, { embedderId, queryEmbedder: builtinQueryEmbedders(conn), reranker: new LexicalReranker() });
}, 60_000);

/** One question the way the app answers it: the router (or a method), then presentAnswer. */
async function ask(question: string, options: { method?: SearchMethod; tests?: TestsMode; iterations?: number; pairBudget?: number; audience?: Audience } = {}): Promise<SearchResponse> {
  const method = options.method ?? 'auto';
  const params = {
    ...(options.iterations !== undefined ? { iterations: options.iterations } : {}),
    ...(options.pairBudget !== undefined ? { pairBudget: options.pairBudget } : {}),
  };
  const ranked = await answerQuestion(conn, engine, question, { llm: null }, { question, method, k: 10 * PRESENT_DEPTH, params });
  return presentAnswer(conn, question, ranked, { audience: options.audience ?? 'app', method, k: 10, tests: options.tests });
}

describe('exact names', () => {
  it('routes a bare Capitalised class name to a Path 1 lookup, with or without "class" / "where is ... defined"', async () => {
    for (const question of ['Mode', 'class Mode', 'where is Mode defined']) {
      const answer = await ask(question);
      expect(answer.route.path, question).toBe('cypher');
      expect(answer.results.map((h) => h.qualified_name), question).toEqual(['src.blk.mode.Mode']);
    }
  });

  it('answers a question about more than a name with Path 1 first, then MCTS, the class it names first', async () => {
    const answer = await ask('how does the Mode class pick the target versions and string normalisation for formatting');
    expect(answer.route.path).toBe('cypher+mcts');
    expect(answer.results[0]).toMatchObject({ qualified_name: 'src.blk.mode.Mode', exact: true, relevance: 1 });
    expect(answer.stats.reranker_calls).toBeGreaterThan(0); // MCTS ran after Path 1
  });

  it('keeps a description that mentions a name on MCTS but puts the class it names exactly first', async () => {
    const answer = await ask('Pick the target versions and string normalisation of a Mode for formatting');
    expect(answer.route.path).toBe('mcts');
    expect(answer.results[0]).toMatchObject({ qualified_name: 'src.blk.mode.Mode', exact: true, relevance: 1 });
  });

  it('reads a Capitalised English word that names nothing as a word, not a token', async () => {
    const answer = await ask('How is a long line split at the limit');
    expect(answer.route.path).toBe('mcts');
    expect(answer.route.reason).toMatch(/^no identifier-shaped token/);
  });

  it('puts an exact name first in a baseline ranking too (BM25)', async () => {
    const answer = await ask('Mode options for the line length', { method: 'bm25' });
    expect(answer.results[0]).toMatchObject({ name: 'Mode', exact: true });
  });
});

describe('names as the code imports them', () => {
  it('names src-layout definitions by their import name and keeps the path in qualified_name', async () => {
    const answer = await ask('Mode');
    expect(answer.results[0]).toMatchObject({ qualified_name: 'src.blk.mode.Mode', import_name: 'blk.mode.Mode', file_path: 'src/blk/mode.py' });
  });

  it('gives every result its import name, the name displayName shows (nodes.import_name)', async () => {
    const answer = await ask('where is the line length limit enforced');
    expect(answer.results.length).toBeGreaterThan(0);
    expect(answer.results.some((hit) => hit.file_path?.startsWith('src/'))).toBe(true);
    for (const hit of answer.results) {
      expect(hit.import_name).toBeDefined();
      expect(displayName(hit)).toBe(hit.import_name);
      if (hit.file_path?.startsWith('src/')) expect(hit.import_name).toBe(hit.qualified_name.slice('src.'.length));
    }
  });
});

describe('tests and fixtures', () => {
  const QUESTION = 'where is the line length limit enforced';

  it('ranks code before tests by default and shows a duplicated fixture name as one row with both locations', async () => {
    const answer = await ask(QUESTION);
    expect(answer.route.path).toBe('mcts');
    const names = answer.results.map((h) => h.name);
    expect(names[0]).toBe('transform_line');
    const firstTest = answer.results.findIndex((h) => h.is_test);
    expect(firstTest).toBeGreaterThan(0);
    expect(answer.results.slice(firstTest).every((h) => h.is_test)).toBe(true);
    const fixture = answer.results.filter((h) => h.name === 'enforce_line_length');
    expect(fixture).toHaveLength(1);
    expect(fixture[0].duplicates).toEqual([expect.objectContaining({ file_path: 'tests/data/cases/long_lines.py', start_line: 7 })]);
  });

  it('hides tests when asked and says how many', async () => {
    const answer = await ask(QUESTION, { tests: 'hide' });
    expect(answer.results.length).toBeGreaterThan(0);
    expect(answer.results.some((h) => h.is_test)).toBe(false);
    expect(answer.notes?.join(' ')).toMatch(/in tests or fixtures hidden/);
  });

  it('leaves tests and fixtures out of the graph at index time when asked', async () => {
    const { conn: filtered, summary } = await indexFixture(true);
    const rows = await filtered.query("SELECT count(*) AS n FROM nodes WHERE file_path LIKE 'tests/%'");
    expect(Number(rows[0].n)).toBe(0);
    expect(summary.skippedFiles?.filter((s) => s.reason === 'test file').map((s) => s.path).sort()).toEqual(['tests/data/cases/long_lines.py', 'tests/test_linegen.py']);
    await filtered.close();
  });
});

describe('relevance', () => {
  it('says nothing relevant was found for a nonsense question instead of listing 0-score results', async () => {
    const answer = await ask('zzqx wibble frobnicate');
    expect(answer.route.path).toBe('mcts');
    expect(answer.results).toEqual([]);
    expect(answer.nothingRelevant).toBe(true);
    expect(answer.notes?.[0]).toMatch(/^Nothing relevant found: the best match scored \d+%/);
  });

  it('keeps an unrelated question under the threshold with the learned reranker too, and still answers a related one', async () => {
    const { embedderId } = await searchVectors(conn, null);
    const learned = await createSearchEngine(conn, { embedderId, queryEmbedder: builtinQueryEmbedders(conn), reranker: new LearnedReranker() });
    const askLearned = async (question: string) => {
      const ranked = await answerQuestion(conn, learned, question, { llm: null }, { question, method: 'auto', k: 10 * PRESENT_DEPTH });
      return presentAnswer(conn, question, ranked, { audience: 'app', method: 'auto', k: 10 });
    };
    for (const question of ['zzqx wibble frobnicate', 'weather forecast for tomorrow']) {
      const answer = await askLearned(question);
      expect(answer.results, question).toEqual([]);
      expect(answer.nothingRelevant, question).toBe(true);
    }
    const related = await askLearned('split a long line at the last space before the limit');
    expect(related.results.filter((h) => !h.is_test).map((h) => h.name)).toContain('split_line');
    expect(related.results[0].relevance).toBeGreaterThanOrEqual(RELEVANCE_THRESHOLD);
  });

  it('gives every MCTS result a 0..1 relevance at or above the threshold', async () => {
    const answer = await ask('split a long line at the last space before the limit');
    expect(answer.results.length).toBeGreaterThan(0);
    for (const hit of answer.results) {
      expect(hit.relevance).toBeGreaterThanOrEqual(RELEVANCE_THRESHOLD);
      expect(hit.relevance).toBeLessThanOrEqual(1);
    }
  });
});

describe('early stop', () => {
  it('says why MCTS stopped before its iteration budget', async () => {
    const answer = await ask('split a long line at the last space before the limit', { method: 'mcts', iterations: 20_000 });
    expect(answer.stats.stop).toMatchObject({ reason: 'exhausted', planned: 20_000 });
    expect(answer.stats.stop!.iterations).toBeLessThan(20_000);
    expect(answer.notes?.join(' ')).toMatch(/^.*Stopped early at iteration [\d,]+ of 20,000: the search tree already held every node/);
  });

  it('says when the guided default spent its reranker-pair budget before T', async () => {
    const answer = await ask('split a long line at the last space before the limit', { method: 'mcts', iterations: 20_000, pairBudget: 3 });
    expect(answer.stats.stop).toMatchObject({ reason: 'budget', planned: 20_000 });
    expect(stopSentence(answer.stats.stop, 'app')).toMatch(/^Stopped early at iteration [\d,]+ of 20,000: the reranker-pair budget was spent/);
  });

  it('names the app control in the app and the flags in the CLI', async () => {
    const app = await ask('split a long line at the last space before the limit', { method: 'mcts', iterations: 20_000, pairBudget: 3 });
    const appNote = app.notes?.find((n) => n.startsWith('Stopped early')) ?? '';
    expect(appNote).toMatch(/raise it under Advanced, or choose the Paper preset/);
    expect(appNote).not.toMatch(/--/);
    const cli = await ask('split a long line at the last space before the limit', { method: 'mcts', iterations: 20_000, pairBudget: 3, audience: 'cli' });
    const cliNote = cli.notes?.find((n) => n.startsWith('Stopped early')) ?? '';
    expect(cliNote).toMatch(/^Stopped early at iteration [\d,]+ of 20,000: the reranker-pair budget was spent \(raise it with --pair-budget N, or run all iterations with --preset paper\)\.$/);
    expect(cliNote).not.toMatch(/Advanced/);
    // The exhausted reason names no control, so it reads the same for both.
    const stop = { reason: 'exhausted', iterations: 40, planned: 200 } as const;
    expect(stopSentence(stop, 'cli')).toBe(stopSentence(stop, 'app'));
    expect(stopSentence({ reason: 'iterations', iterations: 2, planned: 2 }, 'cli')).toBeNull();
  });

  it('says nothing about stopping when the budget ran out', async () => {
    const answer = await ask('split a long line at the last space before the limit', { method: 'mcts', iterations: 2 });
    expect(answer.stats.stop).toMatchObject({ reason: 'iterations', iterations: 2, planned: 2 });
    expect(answer.notes?.join(' ') ?? '').not.toMatch(/Stopped early/);
  });
});
