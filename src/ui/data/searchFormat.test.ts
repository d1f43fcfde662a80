/** @file Tests of the search UI's formatting helpers. */
import { describe, expect, it } from 'vitest';
import type { SearchHit } from '../../core/agent/searchService.ts';
import { bestPerColumn, formatScore, parseIterationList, querySlug, reasonSentence, routeLabel, scoreParts, traceFileName } from './searchFormat.ts';

describe('trace file names', () => {
  it('slugs the question', () => {
    expect(querySlug('How are prices discounted for a cart?')).toBe('how-are-prices-discounted-for-a-cart');
    expect(querySlug('Where is `CatalogSearch` defined?')).toBe('where-is-catalogsearch-defined');
    expect(querySlug('???')).toBe('query');
    expect(querySlug('a'.repeat(60))).toHaveLength(40);
    expect(querySlug('one two three four five six seven eight nine', 20)).toBe('one-two-three-four');
    expect(traceFileName('Prices, discounts', 17)).toBe('mcts-prices-discounts-17.json');
  });
});

describe('routes and scores', () => {
  it('labels the path', () => {
    expect(routeLabel({ path: 'cypher', cypher: 'MATCH (n) RETURN n', generator: 'rules', reason: '' })).toBe('Path 1 · Cypher');
    expect(routeLabel({ path: 'mcts', cypher: null, generator: null, reason: '' })).toBe('Path 2 · MCTS');
    expect(routeLabel({ path: 'baseline', cypher: null, generator: null, reason: '' })).toBe('Baseline');
  });

  it('orders MCTS parts reward first', () => {
    const hit: SearchHit = { id: 1, kind: 'Function', name: 'f', qualified_name: 'm.f', file_path: 'm.py', start_line: 1, score: 7, parts: { simPart: 3, rewardPart: 4 } };
    expect(scoreParts(hit).map((p) => p.label)).toEqual(['reward', 'sim']);
    expect(scoreParts({ ...hit, parts: undefined })).toEqual([]);
  });

  it('formats scores compactly', () => {
    expect(formatScore(7.12345)).toBe('7.123');
    expect(formatScore(12.345)).toBe('12.3');
    expect(formatScore(0.001234)).toBe('1.2e-3');
    expect(formatScore(0)).toBe('0.000');
  });
});

describe('bestPerColumn', () => {
  it('takes the max of quality and the min of cost, ties included', () => {
    const best = bestPerColumn({
      mcts: { ndcg: 0.8, recall: 0.9, mrr: 0.7, reranker_calls: 120, ms: 50 },
      bm25: { ndcg: 0.6, recall: 0.9, mrr: 0.75, reranker_calls: 0, ms: 3 },
      'rerank-all': { ndcg: 0.8, recall: 0.8, mrr: 0.6, reranker_calls: 400, ms: 90 },
    });
    expect([...best.ndcg].sort()).toEqual(['mcts', 'rerank-all']);
    expect([...best.recall].sort()).toEqual(['bm25', 'mcts']);
    expect([...best.mrr]).toEqual(['bm25']);
    expect([...best.reranker_calls]).toEqual(['bm25']);
    expect([...best.ms]).toEqual(['bm25']);
  });

  it('marks nothing with one method or all equal', () => {
    expect(bestPerColumn({ bm25: { ndcg: 1, recall: 1, mrr: 1, reranker_calls: 0, ms: 1 } }).ndcg.size).toBe(0);
    expect(bestPerColumn({}).ms.size).toBe(0);
  });
});

describe('parseIterationList', () => {
  it('reads, sorts and dedupes counts', () => {
    expect(parseIterationList('200, 10 25;50,,100 10')).toEqual([10, 25, 50, 100, 200]);
    expect(parseIterationList('  ')).toEqual([]);
  });
  it('rejects what is not a count', () => {
    expect(() => parseIterationList('10, x')).toThrow('"x"');
    expect(() => parseIterationList('0')).toThrow('"0"');
    expect(() => parseIterationList('2.5')).toThrow('"2.5"');
  });
});

describe('reasonSentence', () => {
  it('capitalises and ends with a full stop', () => {
    expect(reasonSentence('rules found `CatalogSearch` in the graph; its Cypher returned 1 row')).toBe('Rules found `CatalogSearch` in the graph; its Cypher returned 1 row.');
    expect(reasonSentence('Done!')).toBe('Done!');
    expect(reasonSentence('  ')).toBe('');
  });
});
