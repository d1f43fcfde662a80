/** @file Entity extraction from TS / JS / TSX with real tree-sitter grammars. Runs in: Node (vitest). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { EntityIR, FileIR } from '../../parse/fileIR.ts';
import { extract, FIXTURES } from './testParsers.ts';

const fixture = (name: string): string => readFileSync(new URL(name, FIXTURES), 'utf8');

function byName(ir: FileIR, qualifiedName: string): EntityIR {
  const found = ir.entities.filter((entity) => entity.qualifiedName === qualifiedName);
  expect(found, `one entity ${qualifiedName}`).toHaveLength(1);
  return found[0];
}

function summary(ir: FileIR): string[] {
  return ir.entities.map((entity) => `${entity.kind} ${entity.qualifiedName} ${entity.startLine}-${entity.endLine}${entity.exported ? ' exported' : ''}`);
}

describe('extractTypeScript: TypeScript shapes fixture', async () => {
  const ir = await extract(fixture('shapes.ts.txt'), 'typescript', 'src/geo/shapes.ts');

  it('finds every entity with kind, parent, lines and export flag', () => {
    expect(summary(ir).sort()).toEqual([
      'Class BaseShape 29-40 exported',
      'Class Circle 42-72 exported',
      'Class Color 15-18 exported',
      'Class Legacy 87-90',
      'Class Registry 83-85 exported',
      'Class Shape 9-13 exported',
      'Field BaseShape.count 30-30',
      'Field BaseShape.created 33-33',
      'Field BaseShape.logger 32-32',
      'Field BaseShape.name 32-32',
      'Field Circle.cache 45-45',
      'Field Circle.diameter 50-50',
      'Field Circle.radius 44-44',
      'Field Color.Green 17-17',
      'Field Color.Red 16-16',
      'Field Legacy.version 89-89',
      'Field Registry.items 84-84',
      'Field Shape.name 12-12',
      'Function makeCircle 81-81 exported',
      'Function totalArea 74-79 exported',
      'Function totalArea.add 75-77',
      'GlobalVariable ORIGIN 23-23 exported',
      'GlobalVariable Pair 21-21 exported',
      'GlobalVariable counter 24-24 exported',
      'GlobalVariable tall 24-24 exported',
      'GlobalVariable width 24-24 exported',
      'Method BaseShape.area 31-31',
      'Method BaseShape.constructor 32-35',
      'Method BaseShape.describe 37-39',
      'Method Circle.area 54-56',
      'Method Circle.circumference 58-60',
      'Method Circle.constructor 47-51',
      'Method Circle.onResize 69-71',
      'Method Circle.scale 62-67',
      'Method Legacy.draw 88-88',
      'Method Shape.area 11-11',
    ].sort());
  });

  it('ids index the entity list and parents point at enclosing classes / functions', () => {
    ir.entities.forEach((entity, index) => expect(entity.id).toBe(index));
    expect(byName(ir, 'Circle.radius').parent).toBe(byName(ir, 'Circle').id);
    expect(byName(ir, 'totalArea.add').parent).toBe(byName(ir, 'totalArea').id);
    expect(byName(ir, 'Legacy.draw').parent).toBe(byName(ir, 'Legacy').id);
    expect(byName(ir, 'Circle').parent).toBeNull();
  });

  it('keeps bases (extends then implements) as written', () => {
    expect(byName(ir, 'Circle').bases).toEqual(['BaseShape']);
    expect(byName(ir, 'BaseShape').bases).toEqual(['Shape']);
    expect(byName(ir, 'Shape').bases).toEqual(['Named', 'geometry.Measurable<number>']);
    expect(byName(ir, 'Registry').bases).toBeUndefined();
  });

  it('cuts signatures at the body and normalises whitespace', () => {
    expect(byName(ir, 'Circle').signature).toBe('export class Circle extends BaseShape');
    expect(byName(ir, 'BaseShape').signature).toBe('export abstract class BaseShape implements Shape');
    expect(byName(ir, 'BaseShape.constructor').signature).toBe('constructor(public readonly name: string, private logger?: Logger)');
    expect(byName(ir, 'Circle.circumference').signature).toBe('get circumference(): number');
    expect(byName(ir, 'Circle.scale').signature).toBe('scale(by: number | string): Circle');
    expect(byName(ir, 'Circle.onResize').signature).toBe('onResize = (event: ResizeEvent): void =>');
    expect(byName(ir, 'Circle.radius').signature).toBe('radius = 1');
    expect(byName(ir, 'BaseShape.logger').signature).toBe('private logger?: Logger');
    expect(byName(ir, 'Circle.diameter').signature).toBe('this.diameter = radius * 2');
    expect(byName(ir, 'makeCircle').signature).toBe('export const makeCircle = (radius: number): Circle =>');
    expect(byName(ir, 'totalArea').signature).toBe('export function totalArea(shapes: Shape[]): number');
    expect(byName(ir, 'Shape.area').signature).toBe('area(): number');
    expect(byName(ir, 'Pair').signature).toBe('export type Pair = [number, number]');
    expect(byName(ir, 'tall').signature).toBe('export let { width, height: tall } = geometry.defaults');
    expect(byName(ir, 'Registry').signature).toBe('export default class Registry<T extends Shape>');
    expect(byName(ir, 'Legacy').signature).toBe('declare namespace Legacy');
  });

  it('attaches the JSDoc block right before a definition (before its decorators), cleaned', () => {
    expect(ir.docstring).toBe('@file Shapes used by the extractor tests.');
    expect(byName(ir, 'Shape').docstring).toBe('Anything with an area.');
    expect(byName(ir, 'Shape.area').docstring).toBe('Area in square units.');
    expect(byName(ir, 'BaseShape').docstring).toBe('Base of every shape.');
    expect(byName(ir, 'Circle.area').docstring).toBe('Area of the circle.');
    expect(byName(ir, 'Pair').docstring).toBe('A point or a size.');
    expect(byName(ir, 'Circle').docstring).toBeNull();
    expect(byName(ir, 'Color').docstring).toBeNull();
  });

  it('takes code from the first decorator / export keyword to the end', () => {
    const circle = byName(ir, 'Circle');
    expect(circle.code!.startsWith("@Injectable({ providedIn: 'root' })\nexport class Circle")).toBe(true);
    expect(circle.code!.endsWith('}')).toBe(true);
    expect(byName(ir, 'Circle.radius').code).toBe('@Input() radius = 1');
    expect(byName(ir, 'Circle.scale').code!.split('\n')).toHaveLength(6);
    expect(ir.all).toBeNull();
    expect(ir.lines).toBe(90);
    expect(ir.language).toBe('typescript');
    expect(ir.syntaxErrors).toEqual([]);
  });
});

describe('extractTypeScript: TS details', () => {
  it('maps interfaces and enums to Class, type aliases to GlobalVariable, namespace members to Method/Field', async () => {
    const ir = await extract(`
interface Point { x: number; move(dx: number): void }
enum Mode { On = 1, Off }
type Id = string | number;
namespace Outer.Inner { export function f(): void {} export const k = 1; export class C {} }
declare module 'ambient' { export function g(): void; }
`);
    expect(summary(ir)).toEqual([
      'Class Point 2-2',
      'Field Point.x 2-2',
      'Method Point.move 2-2',
      'Class Mode 3-3',
      'Field Mode.On 3-3',
      'Field Mode.Off 3-3',
      'GlobalVariable Id 4-4',
      'Class Outer.Inner 5-5',
      'Method Outer.Inner.f 5-5 exported',
      'Field Outer.Inner.k 5-5 exported',
      'Class Outer.Inner.C 5-5 exported',
      'Class ambient 6-6',
      'Method ambient.g 6-6 exported',
    ]);
    expect(ir.exports).toEqual([]);
  });

  it('merges overload signatures into the implementation, for functions and declare functions', async () => {
    const ir = await extract(`export function pick(a: string): string;
export function pick(a: number): number;
export function pick(a: any) {
  return a;
}
declare function ambient(x: string): void;
declare function ambient(x: number): void;
`);
    expect(summary(ir)).toEqual(['Function pick 1-5 exported', 'Function ambient 6-7']);
    expect(ir.entities[0].signature).toBe('export function pick(a: any)');
    expect(ir.entities[0].code!.startsWith('export function pick(a: string): string;')).toBe(true);
  });

  it('finds class expressions bound to names, abstract classes and static blocks', async () => {
    const ir = await extract(`
const Mixed = class extends Base<T> { run() { this.count = 1; } };
abstract class Shape { static { this.registry = new Map(); } abstract area(): number; }
function factory() { return class Local { m() {} }; }
`);
    expect(summary(ir)).toEqual([
      'Class Mixed 2-2',
      'Method Mixed.run 2-2',
      'Class Shape 3-3',
      'Method Shape.area 3-3',
      'Function factory 4-4',
      'Field Mixed.count 2-2',
      'Field Shape.registry 3-3',
    ]);
    expect(ir.entities[0].bases).toEqual(['Base<T>']);
  });

  it('deduplicates this.x fields per class and skips this in nested plain functions', async () => {
    const ir = await extract(`class A {
  x = 0;
  constructor() { this.x = 1; this.y = 2; }
  reset() { this.y = 0; this.z = () => 1; const cb = () => { this.w = 3; }; function inner() { this.no = 1; } }
}`);
    expect(ir.entities.filter((entity) => entity.kind === 'Field').map((entity) => entity.qualifiedName)).toEqual(['A.x', 'A.y', 'A.z', 'A.w']);
    expect(byName(ir, 'A.reset.cb').kind).toBe('Function');
    expect(byName(ir, 'A.reset.inner').kind).toBe('Function');
  });

  it('names default-exported anonymous classes and functions "default"', async () => {
    const a = await extract('export default class extends Base {}');
    expect(summary(a)).toEqual(['Class default 1-1 exported']);
    const b = await extract('export default async () => { await go(); };');
    expect(summary(b)).toEqual(['Function default 1-1 exported']);
    expect(b.exports).toEqual([{ exportedName: 'default', localName: 'default', line: 1 }]);
  });

  it('marks entities exported through export lists and default identifiers', async () => {
    const ir = await extract('function a() {}\nclass B {}\nconst c = 1;\nconst d = 2;\nexport { a, B as Bee };\nexport default c;');
    expect(summary(ir)).toEqual(['Function a 1-1 exported', 'Class B 2-2 exported', 'GlobalVariable c 3-3 exported', 'GlobalVariable d 4-4']);
  });
});

describe('extractTypeScript: JavaScript', () => {
  it('extracts CommonJS functions, classes and this-fields', async () => {
    const ir = await extract(fixture('commonjs.js.txt'), 'javascript', 'lib/commonjs.js');
    expect(summary(ir)).toEqual([
      'Function load 8-13',
      'Function Parser 15-17',
      'Class Lexer 19-29 exported',
      'Method Lexer.constructor 20-24',
      'Method Lexer.next 25-28',
      'Function parse 31-33 exported',
      'Function tokenize 35-35 exported',
      'Field Lexer.source 22-22',
      'Field Lexer.position 23-23',
    ]);
    expect(byName(ir, 'load').docstring).toBe('Loads a module lazily.');
    expect(byName(ir, 'parse').signature).toBe('exports.parse = function parse(text)');
    expect(byName(ir, 'Lexer').bases).toEqual(['Base']);
    expect(ir.entities.some((entity) => entity.name === 'path' || entity.name === 'config')).toBe(false);
  });

  it('keeps JS fields, generators, getters and object-literal methods apart', async () => {
    const ir = await extract(`class Store {
  #items = [];
  static instance = null;
  get size() { return this.#items.length; }
  *[Symbol.iterator]() { yield* this.#items; }
}
function* ids() { yield 1; }
const api = { get() { return 1; }, post: () => 2 };
var legacy = function () {}, other = 3;
`, 'javascript');
    expect(summary(ir)).toEqual([
      'Class Store 1-6',
      'Field Store.#items 2-2',
      'Field Store.instance 3-3',
      'Method Store.size 4-4',
      'Method Store.[Symbol.iterator] 5-5',
      'Function ids 7-7',
      'GlobalVariable api 8-8',
      'GlobalVariable other 9-9',
      'Function legacy 9-9',
    ]);
    expect(byName(ir, 'other').signature).toBe('var other = 3');
  });

  it('extracts ESM exports of JS files', async () => {
    const ir = await extract(fixture('esm.js.txt'), 'javascript');
    expect(summary(ir)).toEqual(['GlobalVariable answer 8-8 exported', 'Function compute 9-11 exported', 'Function local 12-12 exported']);
  });
});

describe('extractTypeScript: TSX', () => {
  it('extracts components bound to const names and nested callbacks', async () => {
    const ir = await extract(fixture('component.tsx.txt'), 'tsx', 'src/ui/Editor.tsx');
    expect(summary(ir)).toEqual([
      'Class Props 6-9',
      'Field Props.title 7-7',
      'Field Props.onSave 8-8',
      'Function Editor 12-24 exported',
      'Function Editor.save 14-14',
      'Function App 26-28 exported',
    ]);
    expect(byName(ir, 'Editor').signature).toBe('export const Editor: React.FC<Props> = ({ title, onSave }) =>');
    expect(byName(ir, 'Editor').docstring).toBe('The editor panel.');
    expect(ir.syntaxErrors).toEqual([]);
  });
});
