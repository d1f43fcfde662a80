/** @file ImportIR / ExportIR forms of TS, JS (ESM + CommonJS) and TSX. Runs in: Node (vitest). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ImportIR } from '../../parse/fileIR.ts';
import { dottedFolderName } from './tsImports.ts';
import { extract, FIXTURES } from './testParsers.ts';

const fixture = (name: string): string => readFileSync(new URL(name, FIXTURES), 'utf8');

/** Compact view: module name alias localName line [type] [scope]. */
function imports(list: ImportIR[]): string[] {
  return list.map((entry) => {
    expect(entry.level).toBe(0);
    const parts = [entry.module, entry.name ?? '-', entry.alias ?? '-', entry.localName === '' ? "''" : entry.localName, String(entry.line)];
    if (entry.typeOnly) parts.push('type');
    if (entry.scope !== null) parts.push(`scope=${entry.scope}`);
    return parts.join(' ');
  });
}

describe('imports', () => {
  it('reads every ESM form in TypeScript', async () => {
    const ir = await extract(`import d, { a as b, type T, c } from './x';
import type { Q } from './q';
import type Def from './def';
import * as ns from "./ns";
import './side';
import z = require('./z');
import {} from './empty';
async function lazy() {
  const mod = await import('./lazy');
  const { part, other: renamed } = await import('./parts');
  import('./fire').then(() => 1);
  return import(\`./template\`);
}
`, 'typescript', 'src/app/main.ts');
    expect(imports(ir.imports)).toEqual([
      './x default - d 1',
      './x a b b 1',
      './x T - T 1 type',
      './x c - c 1',
      './q Q - Q 2 type',
      './def default - Def 3 type',
      './ns - ns ns 4',
      "./side - - '' 5",
      './z - - z 6',
      "./empty - - '' 7",
      './lazy - - mod 9 scope=0',
      './parts part - part 10 scope=0',
      './parts other renamed renamed 10 scope=0',
      "./fire - - '' 11 scope=0",
      "./template - - '' 12 scope=0",
    ]);
    expect(ir.imports.every((entry) => entry.dottedFolderName === 'src.app')).toBe(true);
  });

  it('reads CommonJS require in all its bindings, at module level and inside functions', async () => {
    const ir = await extract(fixture('commonjs.js.txt'), 'javascript', 'commonjs.js');
    expect(imports(ir.imports)).toEqual([
      'path - - path 2',
      './fs-utils readFile - readFile 3',
      './fs-utils writeFile write write 3',
      './config settings config config 4',
      "./polyfills - - '' 5",
      './plugins/fixed - - fixed 10 scope=0',
      './helper - - helper 11 scope=0',
      "./other thing - '' 37",
    ]);
    expect(ir.imports.every((entry) => entry.dottedFolderName === '')).toBe(true);
  });

  it('reads require member access and ignores non-literal or shadowed shapes', async () => {
    const ir = await extract(`const z = require('./y').z;
const { a = 1 } = require('./defaults');
use(require('./arg'));
require(dynamicName);
require.resolve('./not-an-import');
`, 'javascript');
    expect(imports(ir.imports)).toEqual(['./y z - z 1', './defaults a - a 2', "./arg - - '' 3"]);
  });

  it('reads imports of TSX and ESM JavaScript', async () => {
    const tsx = await extract(fixture('component.tsx.txt'), 'tsx');
    expect(imports(tsx.imports)).toEqual([
      'react default - React 1',
      'react useState - useState 1',
      './Button ButtonProps - ButtonProps 2 type',
      './Button Button - Button 3',
      './icons - Icons Icons 4',
    ]);
    const js = await extract(fixture('esm.js.txt'), 'javascript');
    expect(imports(js.imports)).toEqual([
      'react default - React 1',
      'react useState useLocalState useLocalState 1',
      './utils.js - utils utils 2',
      "./styles.css - - '' 3",
    ]);
  });

  it('dots the importing folder', () => {
    expect(dottedFolderName('a.ts')).toBe('');
    expect(dottedFolderName('src/app/main.ts')).toBe('src.app');
    expect(dottedFolderName('packages/ui-kit/src/index.tsx')).toBe('packages.ui-kit.src');
  });
});

describe('exports', () => {
  it('reads every ESM export form', async () => {
    const ir = await extract(`export function f() {}
export class C {}
export const a = 1, { b, c: d } = obj;
export interface I {}
export type T = string;
export enum E { A }
export default function g() {}
export { a as a2, f };
export { x as y, z } from './x';
export * from './all';
export * as ns from './ns';
export type { I as J };
export declare const ambient: number;
`);
    expect(ir.exports).toEqual([
      { exportedName: 'f', localName: 'f', line: 1 },
      { exportedName: 'C', localName: 'C', line: 2 },
      { exportedName: 'a', localName: 'a', line: 3 },
      { exportedName: 'b', localName: 'b', line: 3 },
      { exportedName: 'd', localName: 'd', line: 3 },
      { exportedName: 'I', localName: 'I', line: 4 },
      { exportedName: 'T', localName: 'T', line: 5 },
      { exportedName: 'E', localName: 'E', line: 6 },
      { exportedName: 'default', localName: 'g', line: 7 },
      { exportedName: 'a2', localName: 'a', line: 8 },
      { exportedName: 'f', localName: 'f', line: 8 },
      { exportedName: 'y', localName: null, fromModule: './x', importedName: 'x', line: 9 },
      { exportedName: 'z', localName: null, fromModule: './x', importedName: 'z', line: 9 },
      { exportedName: '*', localName: null, fromModule: './all', importedName: '*', line: 10 },
      { exportedName: 'ns', localName: null, fromModule: './ns', importedName: '*', line: 11 },
      { exportedName: 'J', localName: 'I', line: 12 },
      { exportedName: 'ambient', localName: 'ambient', line: 13 },
    ]);
  });

  it('reads default exports of classes, identifiers, expressions and TS export =', async () => {
    expect((await extract('export default class C {}')).exports).toEqual([{ exportedName: 'default', localName: 'C', line: 1 }]);
    expect((await extract('const v = 1;\nexport default v;')).exports).toEqual([{ exportedName: 'default', localName: 'v', line: 2 }]);
    expect((await extract('export default connect(a)(B);')).exports).toEqual([{ exportedName: 'default', localName: null, line: 1 }]);
    expect((await extract('class Foo {}\nexport = Foo;')).exports).toEqual([{ exportedName: 'default', localName: 'Foo', line: 2 }]);
  });

  it('reads CommonJS exports', async () => {
    const ir = await extract(fixture('commonjs.js.txt'), 'javascript');
    expect(ir.exports).toEqual([
      { exportedName: 'parse', localName: 'parse', line: 31 },
      { exportedName: 'Lexer', localName: 'Lexer', line: 34 },
      { exportedName: 'tokenize', localName: 'tokenize', line: 35 },
      { exportedName: 'VERSION', localName: null, line: 36 },
      { exportedName: 'reexported', localName: null, fromModule: './other', importedName: 'thing', line: 37 },
    ]);
  });

  it('reads module.exports objects, identifiers, functions and re-exports', async () => {
    const object = await extract('function a() {}\nconst c = 1;\nmodule.exports = {\n  a,\n  b: c,\n  d() {},\n  e: () => 1,\n};', 'javascript');
    expect(object.exports).toEqual([
      { exportedName: 'a', localName: 'a', line: 4 },
      { exportedName: 'b', localName: 'c', line: 5 },
      { exportedName: 'd', localName: null, line: 6 },
      { exportedName: 'e', localName: null, line: 7 },
    ]);
    expect(object.entities.map((entity) => `${entity.name} ${entity.exported}`)).toEqual(['a true', 'c true']);

    const single = await extract('class Thing {}\nmodule.exports = Thing;', 'javascript');
    expect(single.exports).toEqual([{ exportedName: 'default', localName: 'Thing', line: 2 }]);
    expect(single.entities[0].exported).toBe(true);

    const fn = await extract('module.exports = function build() {};\nexports.default = helper;', 'javascript');
    expect(fn.exports).toEqual([
      { exportedName: 'default', localName: 'build', line: 1 },
      { exportedName: 'default', localName: 'helper', line: 2 },
    ]);
    expect(fn.entities.map((entity) => `${entity.kind} ${entity.name} ${entity.exported}`)).toEqual(['Function build true']);

    const all = await extract("module.exports = require('./impl');", 'javascript');
    expect(all.exports).toEqual([{ exportedName: '*', localName: null, fromModule: './impl', importedName: '*', line: 1 }]);
    expect(imports(all.imports)).toEqual(["./impl - - '' 1"]);
  });

  it('reads exports of TSX and ESM JavaScript', async () => {
    const tsx = await extract(fixture('component.tsx.txt'), 'tsx');
    expect(tsx.exports).toEqual([
      { exportedName: 'Editor', localName: 'Editor', line: 12 },
      { exportedName: 'default', localName: 'App', line: 26 },
    ]);
    const js = await extract(fixture('esm.js.txt'), 'javascript');
    expect(js.exports).toEqual([
      { exportedName: 'helper', localName: null, fromModule: './helper.js', importedName: 'helper', line: 4 },
      { exportedName: '*', localName: null, fromModule: './all.js', importedName: '*', line: 5 },
      { exportedName: 'ns', localName: null, fromModule: './ns.js', importedName: '*', line: 6 },
      { exportedName: 'answer', localName: 'answer', line: 8 },
      { exportedName: 'compute', localName: 'compute', line: 9 },
      { exportedName: 'aliased', localName: 'local', line: 13 },
      { exportedName: 'default', localName: 'compute', line: 13 },
    ]);
  });

  it('ignores exports inside namespaces and CommonJS assignments inside functions', async () => {
    const ts = await extract('namespace N { export const x = 1; }');
    expect(ts.exports).toEqual([]);
    const js = await extract('function setup() { exports.inner = 1; }\nexports.outer = 2;', 'javascript');
    expect(js.exports).toEqual([{ exportedName: 'outer', localName: null, line: 2 }]);
  });
});
