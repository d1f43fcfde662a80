/** @file Tests of source decoding: BOM, CRLF, Latin-1 and coding cookies, NUL bytes, binary. */
import { describe, expect, it } from 'vitest';
import { binaryEvidence, codingCookie, decodeSourceText } from './decodeText.ts';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...new TextEncoder().encode(p)] : p)));

function decoded(data: Uint8Array) {
  const result = decodeSourceText(data);
  if (!result.ok) throw new Error(`unexpectedly binary: ${result.detail}`);
  return result;
}

describe('decodeSourceText', () => {
  it('decodes plain UTF-8 without notes', () => {
    expect(decoded(bytes('x = "ünïcode"\n'))).toEqual({ ok: true, text: 'x = "ünïcode"\n', notes: [] });
  });

  it('strips a UTF-8 BOM and notes CRLF, keeping the line endings', () => {
    const result = decoded(bytes([0xef, 0xbb, 0xbf], 'a = 1\r\nb = 2\r\n'));
    expect(result.text).toBe('a = 1\r\nb = 2\r\n');
    expect(result.notes).toEqual(['bom', 'crlf']);
  });

  it('falls back to windows-1252 for invalid UTF-8', () => {
    const result = decoded(bytes('name = "caf', [0xe9], '"  # ', [0x93, 0x94], '\n'));
    expect(result.text).toBe('name = "café"  # \u201c\u201d\n');
    expect(result.notes).toEqual(['latin-1 fallback']);
  });

  it('honours a PEP 263 coding cookie when UTF-8 fails', () => {
    const result = decoded(bytes('# -*- coding: cp1251 -*-\nx = "', [0xcf, 0xf0, 0xe8], '"\n'));
    expect(result.text).toContain('x = "При"');
    expect(result.notes).toEqual(['coding cookie (cp1251)']);
  });

  it('removes a few NUL bytes from source instead of rejecting it', () => {
    const result = decoded(bytes('def a():\n    return 1\n', [0, 0, 0], '\ndef b():\n    return 2\n'));
    expect(result.text).toBe('def a():\n    return 1\n\ndef b():\n    return 2\n');
    expect(result.notes).toEqual(['nul bytes removed']);
  });

  it('decodes UTF-16 with a BOM', () => {
    const text = 'x = 1\n';
    const le = new Uint8Array(2 + text.length * 2);
    le.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i++) le[2 + i * 2] = text.charCodeAt(i);
    expect(decoded(le)).toEqual({ ok: true, text, notes: ['utf-16'] });
  });

  it('rejects binary data: random bytes, a .pyc header, all zeros', () => {
    let s = 1;
    const random = new Uint8Array(4096).map(() => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) >>> 24));
    expect(decodeSourceText(random).ok).toBe(false);
    const pyc = bytes([0x6f, 0x0d, 0x0d, 0x0a, 0, 0, 0, 0, 0x12, 0x34, 0, 0, 0xe3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0]);
    expect(decodeSourceText(pyc).ok).toBe(false);
    expect(decodeSourceText(new Uint8Array(100)).ok).toBe(false);
    expect(binaryEvidence(bytes('plain text\n'))).toBeNull();
  });
});

describe('codingCookie', () => {
  it('reads the cookie from the first two lines only', () => {
    expect(codingCookie(bytes('#!/usr/bin/env python\n# coding=latin-1\n'))).toBe('latin-1');
    expect(codingCookie(bytes('# vim: set fileencoding=utf-8 :\n'))).toBe('utf-8');
    expect(codingCookie(bytes('a = 1\nb = 2\n# coding: latin-1\n'))).toBeNull();
    expect(codingCookie(bytes('x = "coding: latin-1"\n'))).toBeNull();
  });
});

describe('latin-1 family cookies', () => {
  it('decode the same way in every environment (windows-1252 by hand)', () => {
    const result = decoded(bytes('# coding: latin-1\ns = "', [0xe9, 0x80], '"\n'));
    expect(result.text).toBe('# coding: latin-1\ns = "é€"\n');
    expect(result.notes).toEqual(['coding cookie (latin-1)']);
  });
});
