/** @file detachCode / entityCode: code out of a FileIR as offsets into the text, and back. */
import { describe, expect, it } from 'vitest';
import type { EntityIR, FileIR } from './fileIR.ts';
import { detachCode, entityCode } from './fileIR.ts';

function entity(startLine: number, code: string): EntityIR {
  return { id: 0, kind: 'Field', name: 'x', qualifiedName: 'x', parent: null, startLine, endLine: startLine, signature: '', code, docstring: null };
}

function ir(entities: EntityIR[]): FileIR {
  return { path: 'm.py', language: 'python', lines: 4, entities, imports: [], references: [], exports: [], all: null, docstring: null, syntaxErrors: [] };
}

describe('detachCode', () => {
  it('replaces code by offsets from the entity line (indented, twins on earlier lines) and entityCode slices it back', () => {
    const text = 'x = 1\nclass A:\n    x = 1\n\tdef f(): pass\n';
    const file = detachCode(ir([entity(3, 'x = 1'), entity(1, 'x = 1'), entity(4, 'def f(): pass')]), text);
    expect(file.entities.map((e) => [e.code, e.codeStart, e.codeEnd])).toEqual([
      [undefined, 19, 24],
      [undefined, 0, 5],
      [undefined, 26, 39],
    ]);
    expect(file.entities.map((e) => entityCode(e, text))).toEqual(['x = 1', 'x = 1', 'def f(): pass']);
    expect(JSON.stringify(file)).not.toContain('"code"');
  });

  it('keeps code it cannot find in the text, and entityCode returns it as is', () => {
    const file = detachCode(ir([entity(1, 'not there')]), 'y = 2\n');
    expect(file.entities[0]!.code).toBe('not there');
    expect(entityCode(file.entities[0]!, undefined)).toBe('not there');
    expect(entityCode({ ...file.entities[0]!, code: undefined, codeStart: 0, codeEnd: 1 }, undefined)).toBeNull();
  });
});
