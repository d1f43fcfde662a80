/**
 * @file encodeFileIR / decodeFileIR: lossless on what the real extractors produce (every
 * language's fixtures and the demo repo, with code detached as the workers post it and attached
 * as in-process parses keep it), on hand-made corner cases, and old plain-JSON rows still read.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { languageOf } from '../ingest/pathRules.ts';
import type { SourceFile } from '../ingest/types.ts';
import type { FileIR } from './fileIR.ts';
import { createStringTable, decodeFileIR, encodeFileIR } from './fileIRCodec.ts';
import { parseSourceFile, parseSourceFiles } from './parseFile.ts';
import { nodeParsers } from '../languages/python/testParsers.ts';
import { filesBelow } from '../../../test/filesBelow.ts';
import { extractorFor } from '../languages/implementations.ts';

const ROOT = new URL('../../../', import.meta.url).pathname;

function sources(folder: string): SourceFile[] {
  return filesBelow(join(ROOT, folder)).flatMap((full) => {
    const language = languageOf(full);
    if (!language) return [];
    const text = readFileSync(full, 'utf8');
    return [{ path: full.slice(ROOT.length), language, text, bytes: text.length, sha256: '', notes: [] }];
  });
}

/** JSON-equal: what structured clone or a JSON round trip would keep (undefined properties drop). */
function plain(ir: FileIR): unknown {
  return JSON.parse(JSON.stringify(ir));
}

describe('encodeFileIR / decodeFileIR', () => {
  const files = [...sources('demo/shopkit'), ...sources('test/fixtures/languages'), ...sources('test/fixtures/stitch'), ...sources('src/core/graph')];

  it('round-trips every real FileIR, detached and attached, in fewer characters than JSON', async () => {
    const parsers = await nodeParsers();
    const detached = await parseSourceFiles(parsers, files, extractorFor);
    const attached = files.map((f) => parseSourceFile(parsers, f, extractorFor));
    let packed = 0;
    let json = 0;
    for (const ir of [...detached, ...attached]) {
      const encoded = encodeFileIR(ir);
      expect(plain(decodeFileIR(encoded))).toEqual(plain(ir));
      packed += encoded.length;
      json += JSON.stringify(ir).length;
    }
    expect(detached.some((ir) => ir.language === 'typescript') && detached.some((ir) => ir.language === 'java')).toBe(true);
    expect(packed).toBeLessThan(json * 0.75);
  });

  it('decodes with a shared string table (one per index) to the same FileIRs as without', async () => {
    const parsers = await nodeParsers();
    const encoded = (await parseSourceFiles(parsers, files, extractorFor)).map(encodeFileIR);
    const strings = createStringTable();
    // Every file twice, as a repository of copies would have it (a string identity is not
    // observable from JS: the saving is measured on heap snapshots, see the module header).
    for (const json of [...encoded, ...encoded]) expect(plain(decodeFileIR(json, strings))).toEqual(plain(decodeFileIR(json)));
  });

  it('keeps the qualified name of an entity listed before its parent', () => {
    const base = { startLine: 1, endLine: 2, signature: '', docstring: null };
    const ir: FileIR = {
      path: 'm.py', language: 'python', lines: 2, imports: [], references: [], exports: [], all: null, docstring: null, syntaxErrors: [],
      entities: [
        { ...base, id: 0, kind: 'Method', name: 'f', qualifiedName: 'A.f', parent: 1 },
        { ...base, id: 1, kind: 'Class', name: 'A', qualifiedName: 'A', parent: null },
      ],
    };
    expect(plain(decodeFileIR(encodeFileIR(ir)))).toEqual(plain(ir));
  });

  it('keeps what the field lists do not know: an id off its index, kept code, flags, extra properties, a typed receiver', () => {
    const ir: FileIR = {
      path: 'pkg/m.py',
      language: 'python',
      lines: 9,
      entities: [
        { id: 0, kind: 'Class', name: 'A', qualifiedName: 'A', parent: null, startLine: 1, endLine: 9, signature: 'class A(B):', docstring: 'Doc.', bases: ['B'] },
        { id: 7, kind: 'Method', name: 'f', qualifiedName: 'A.f', parent: 0, startLine: 2, endLine: 3, signature: 'def f(self)', code: 'def f(self): pass', docstring: null },
        { id: 2, kind: 'Field', name: 'x', qualifiedName: 'not.derived', parent: 0, startLine: 4, endLine: 4, signature: 'x = 1', codeStart: 10, codeEnd: 15, docstring: null, exported: false },
      ],
      imports: [
        { localName: 'os', module: 'os', name: null, alias: null, level: 0, dottedFolderName: 'pkg', line: 1, scope: null },
        { localName: 'T', module: 'typing', name: 'T', alias: null, level: 0, dottedFolderName: 'pkg', line: 2, typeOnly: true, scope: null },
        { localName: 'U', module: './u', name: 'U', alias: 'V', level: 0, dottedFolderName: '', line: 3, typeOnly: false, scope: 1 },
      ],
      references: [{ from: null, name: 'os.path', kind: 'reference', line: 1 }, { from: 0, name: 'B', kind: 'inherit', line: 1 }, { from: 7, name: 'repo.save', kind: 'call', line: 3, receiver: 'Repo' }],
      exports: [{ exportedName: 'default', localName: 'A', line: 9 }],
      all: ['A'],
      docstring: 'Module.',
      syntaxErrors: [{ line: 5, column: 2, message: 'missing )' }],
      packageName: 'pkg',
    };
    expect(plain(decodeFileIR(encodeFileIR(ir)))).toEqual(plain(ir));
  });

  it('reads the plain JSON rows of earlier databases', () => {
    const ir = { path: 'a.py', language: 'python', lines: 1, entities: [], imports: [], references: [], exports: [], all: null, docstring: null, syntaxErrors: [] };
    expect(decodeFileIR(JSON.stringify(ir))).toEqual(ir);
  });
});
