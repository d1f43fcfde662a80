/** @file Tests for the built-in lexical reranker. Runs in: node (vitest). */
import { describe, expect, it } from 'vitest';
import { LexicalReranker, lexicalScore } from './lexicalReranker.ts';

const docs = [
  'def read_config(path):\n    """Read the JSON configuration file."""\n    with open(path) as f:\n        return json.load(f)',
  'def divide(self, a, b):\n    """Divide a by b."""\n    return a / b',
  'class HttpClient:\n    """Sends HTTP requests."""\n    def get(self, url): ...',
];

describe('LexicalReranker', () => {
  it('is labelled as an offline built-in', () => {
    expect(new LexicalReranker().info).toEqual({
      id: 'builtin:lexical-reranker', label: 'Built-in lexical reranker (offline)', builtin: true,
    });
  });

  it('returns one score in [0, 1] per doc, best doc first for a matching query', async () => {
    const scores = await new LexicalReranker().score('read configuration file', docs);
    expect(scores).toHaveLength(3);
    for (const s of scores) {
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThanOrEqual(1);
    }
    expect(scores[0]).toBeGreaterThan(scores[1]);
    expect(scores[0]).toBeGreaterThan(scores[2]);
    expect(scores[1]).toBe(0);
  });

  it('rewards an exact identifier match over split-word matches', () => {
    const exact = lexicalScore('read_config', 'def read_config(path): ...');
    const split = lexicalScore('read_config', 'def read(path): config = load()');
    expect(split).toBeGreaterThan(0);
    expect(exact).toBeGreaterThan(split);
  });

  it('weights query words found in the title (first line) above the same words in the body', () => {
    // The same tokens, in the title or in the body.
    const titled = lexicalScore('clear session cookies', 'Method jar.clear_session_cookies\ndef discard(self):\n    pass');
    const body = lexicalScore('clear session cookies', 'Method jar.discard\ndef clear_session_cookies(self):\n    pass');
    expect(body).toBeGreaterThan(0);
    expect(titled).toBeGreaterThan(body);
    const none = lexicalScore('clear session cookies', 'Method jar.discard\ndef discard(self):\n    pass');
    expect(none).toBe(0);
  });

  it('rewards bigram (word order) matches', () => {
    const ordered = lexicalScore('parse http response', 'parse http response body');
    const shuffled = lexicalScore('parse http response', 'response body http parse');
    expect(ordered).toBeGreaterThan(shuffled);
  });

  it('saturates term frequency and penalises long documents', () => {
    const once = lexicalScore('cache', 'cache lookup');
    const many = lexicalScore('cache', 'cache cache cache cache cache lookup');
    const long = lexicalScore('cache', `cache ${'filler words here '.repeat(200)}`);
    expect(many).toBeGreaterThan(once);
    expect(many).toBeLessThan(1);
    expect(long).toBeLessThan(once);
  });

  it('is deterministic, batch-independent, and 0 for an empty query', async () => {
    const reranker = new LexicalReranker();
    const batch = await reranker.score('divide numbers', docs);
    const single = await reranker.score('divide numbers', [docs[1]]);
    expect(single[0]).toBe(batch[1]);
    expect(await reranker.score('divide numbers', docs)).toEqual(batch);
    expect(await reranker.score('the of', docs)).toEqual([0, 0, 0]);
    expect(await reranker.score('x', [])).toEqual([]);
  });
});

describe('LexicalReranker with the built-in code vocabulary', () => {
  it('weights rare query words above common ones', () => {
    const rare = lexicalScore('socket value', 'def f(socket): pass');
    const common = lexicalScore('socket value', 'def f(value): pass');
    expect(rare).toBeGreaterThan(common);
  });

  it('lets an associated code token stand in for a missing word, below the word itself', () => {
    const associated = lexicalScore('remove the directory', 'def rm(p):\n    return p.dir');
    const unrelated = lexicalScore('remove the directory', 'def rm(p):\n    return p.name');
    const exact = lexicalScore('remove the directory', 'def rm(directory):\n    remove(directory)');
    expect(associated).toBeGreaterThan(unrelated);
    expect(exact).toBeGreaterThan(associated);
  });

  it('scores the same pair the same way whether or not its doc was cached', async () => {
    const reranker = new LexicalReranker();
    const first = await reranker.score('read configuration file', docs);
    const again = await reranker.score('read configuration file', docs);
    expect(again).toEqual(first);
  });
});
