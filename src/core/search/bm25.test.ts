/**
 * @file BM25 and the code-aware tokenizer, checked against hand-computed scores.
 * Runs in: node (vitest).
 */
import { describe, expect, it } from 'vitest';
import { bm25Idf, buildBm25Index, rankBm25, scoreBm25 } from './bm25.ts';
import { searchTokens } from './tokens.ts';

describe('searchTokens', () => {
  it('splits camelCase, PascalCase acronyms, snake_case, dotted names and digits, lowercased', () => {
    expect(searchTokens('parseHTTPResponse(user_id).v2')).toEqual(['parse', 'http', 'response', 'user', 'id', 'v', '2']);
    expect(searchTokens('calc.Calculator.add_numbers')).toEqual(['calc', 'calculator', 'add', 'numbers']);
    expect(searchTokens('  ')).toEqual([]);
  });
});

describe('BM25 (k1 1.2, b 0.75)', () => {
  const docs = ['parseUser user', 'load_config', 'UserConfig.load'];
  const index = buildBm25Index(docs);
  const idf = Math.log(1.6); // N = 3, df = 2: ln(1 + 1.5 / 2.5)

  it('matches hand-computed scores', () => {
    expect(index.avgLength).toBeCloseTo(8 / 3, 12);
    expect(bm25Idf(3, 2)).toBeCloseTo(idf, 12);
    const user = scoreBm25(index, 'user');
    // length 3, avg 8/3: norm = 1.2 * (0.25 + 0.75 * 3 / (8/3)) = 1.3125
    expect(user[0]).toBeCloseTo((idf * 2 * 2.2) / (2 + 1.3125), 12);
    expect(user[1]).toBe(0);
    expect(user[2]).toBeCloseTo((idf * 2.2) / (1 + 1.3125), 12);
    const loadConfig = scoreBm25(index, 'loadConfig');
    // length 2: norm = 1.2 * (0.25 + 0.75 * 2 / (8/3)) = 0.975
    expect(loadConfig[1]).toBeCloseTo((2 * idf * 2.2) / (1 + 0.975), 12);
    expect(loadConfig[2]).toBeCloseTo((2 * idf * 2.2) / (1 + 1.3125), 12);
  });

  it('ranks positive scores best first and honours the limit', () => {
    expect(rankBm25(index, 'load config').map((h) => h.doc)).toEqual([1, 2]);
    expect(rankBm25(index, 'user', 1).map((h) => h.doc)).toEqual([0]);
    expect(rankBm25(index, 'nothing here')).toEqual([]);
    expect(rankBm25(buildBm25Index([]), 'user')).toEqual([]);
  });
});
