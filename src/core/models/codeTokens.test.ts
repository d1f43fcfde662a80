/** @file Tests for the code-aware tokenizer. Runs in: node (vitest). */
import { describe, expect, it } from 'vitest';
import { codeTokens, codeWords, identifiers, splitWords, stem } from './codeTokens.ts';

describe('codeWords', () => {
  it.each([
    ['parseHTTPResponse', ['parse', 'http', 'response']],
    ['format_result', ['format', 'result']],
    ['os.path.join', ['os', 'path', 'join']],
    ['XMLHttpRequest', ['xml', 'http', 'request']],
    ['IOError', ['io', 'error']],
    ['sha256sum', ['sha', '256', 'sum']],
    ['MAX_RETRY_COUNT', ['max', 'retry', 'count']],
    ['__init__', ['init']],
    ['getUserByID2', ['get', 'user', 'id', '2']],
    ['def divide(self, a, b): return a / b', ['divide']],
    ['const userName = await fetchUser(id);', ['user', 'name', 'fetch', 'user', 'id']],
    ['The quick fox is in the box', ['quick', 'fox', 'box']],
  ])('%s', (input, expected) => {
    expect(codeWords(input)).toEqual(expected);
  });

  it('keeps non-ASCII letters', () => {
    expect(splitWords('größeBerechnen')).toEqual(['größe', 'berechnen']);
  });
});

describe('stem', () => {
  it.each([
    ['parses', 'pars'],
    ['parsing', 'pars'],
    ['parsed', 'pars'],
    ['parse', 'pars'],
    ['queries', 'query'],
    ['classes', 'class'],
    ['running', 'run'],
    ['calling', 'call'],
    ['called', 'call'],
    ['embedding', 'embed'],
    ['embedded', 'embed'],
    ['embeds', 'embed'],
    ['string', 'string'],
    ['status', 'status'],
    ['analysis', 'analysis'],
    ['need', 'need'],
    ['args', 'arg'],
    ['256', '256'],
  ])('%s -> %s', (word, expected) => {
    expect(stem(word)).toBe(expected);
  });

  it('maps inflections of a word to one stem', () => {
    const forms = ['divide', 'divides', 'divided', 'dividing'].map(stem);
    expect(new Set(forms).size).toBe(1);
  });
});

describe('codeTokens', () => {
  it('stems and drops stop words, including keywords that appear after stemming', () => {
    expect(codeTokens('Returns the parsed HTTP responses')).toEqual(['pars', 'http', 'respons']);
    expect(codeTokens('returned values')).toEqual(['valu']);
  });

  it('makes identifier and prose forms meet', () => {
    expect(codeTokens('load_config_files')).toEqual(codeTokens('Loads config file'));
  });

  it('is empty for empty or keyword-only text', () => {
    expect(codeTokens('')).toEqual([]);
    expect(codeTokens('def self return const')).toEqual([]);
  });
});

describe('identifiers', () => {
  it('keeps whole identifiers lowercased, split at dots', () => {
    expect(identifiers('result = os.path.join(base_dir, parseHTTPResponse(x))')).toEqual([
      'result', 'path', 'join', 'base_dir', 'parsehttpresponse',
    ]);
  });
});
