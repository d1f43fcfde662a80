/**
 * @file Rerank throughput on work that carries the engine's signals (bench:quality's sample): the
 * learned reranker is called through scoreWithSignals with each call's own signals, the lexical
 * one through score, and a cold run times every pass from an empty doc cache.
 */
import { describe, expect, it } from 'vitest';
import { LearnedReranker } from '../../src/core/models/learnedReranker.ts';
import { LexicalReranker } from '../../src/core/models/lexicalReranker.ts';
import type { RerankSignals } from '../../src/core/models/types.ts';
import type { RerankWork } from './embedSample.ts';
import { rerankThroughput } from './modelThroughput.ts';

const signals = (rank: number): RerankSignals => ({
  bm25: 1 / (1 + rank),
  bm25Rank: rank,
  bm25Top: 9,
  dense: 0.6,
  denseTop: 0.7,
  denseRank: rank,
  code: 0.5,
  codeTop: 0.6,
  codeRank: rank,
  prior: 1 / (1 + rank),
  kind: 'Function',
  degree: 2,
});

const WORK: RerankWork[] = [
  { query: 'open a tar archive', docs: ['Function tar.open_archive\ndef open_archive(path): ...', 'Function geo.hypot\ndef hypot(a, b): ...'], signals: [signals(0), signals(1)] },
  { query: 'distance between points', docs: ['Function geo.hypot\ndef hypot(a, b): ...'], signals: [signals(0)] },
];

describe('rerank throughput with signals', () => {
  it('hands the learned reranker each call its signals, and the lexical one the text alone', async () => {
    const seen: number[] = [];
    class Counting extends LearnedReranker {
      override scoreWithSignals(query: string, docs: readonly string[], s: readonly RerankSignals[]): Promise<number[]> {
        seen.push(s.length);
        expect(s).toHaveLength(docs.length);
        return super.scoreWithSignals(query, docs, s);
      }
    }
    const run = await rerankThroughput(new Counting(), WORK, 0, { env: 'Node', device: 'js', loadMs: 0 }, { cold: true });
    expect(run.model).toBe('builtin:learned-reranker');
    expect(run.timed.items).toBeGreaterThanOrEqual(3);
    expect(run.perSecond).toBeGreaterThan(0);
    expect(seen.slice(0, 3)).toEqual([2, 2, 1]); // the warm-up call (2 docs), then the work
    const lexical = await rerankThroughput(new LexicalReranker(), WORK, 0, { env: 'Node', device: 'js', loadMs: 0 });
    expect(lexical.timed.items).toBeGreaterThanOrEqual(3);
  });
});
