/** @file The built-in code vocabulary: idf ordering and associations from the generated data. */
import { describe, expect, it } from 'vitest';
import { associatedTokens, vocabularyIdf } from './codeVocabulary.ts';

describe('codeVocabulary', () => {
  it('gives common tokens a lower idf than rare and unseen ones', () => {
    expect(vocabularyIdf('valu')).toBeLessThan(vocabularyIdf('socket'));
    expect(vocabularyIdf('socket')).toBeLessThan(vocabularyIdf('zzqqxxunseen'));
    expect(vocabularyIdf('valu')).toBeGreaterThan(0);
  });
  it('associates docstring words with code tokens, weights in (0, 1]', () => {
    const dir = associatedTokens('directory');
    expect(dir.map(([t]) => t)).toContain('dir');
    for (const [, a] of dir) expect(a > 0 && a <= 1).toBe(true);
    expect(associatedTokens('zzqqxxunseen')).toEqual([]);
  });
});
