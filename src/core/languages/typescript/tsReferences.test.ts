/** @file USES references of the TS/JS extractor: kinds, scopes, globals, dedupe. Runs in: Node (vitest). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { FileIR } from '../../parse/fileIR.ts';
import { extract, FIXTURES } from './testParsers.ts';
import type { ScriptLanguage } from './testParsers.ts';

const fixture = (name: string): string => readFileSync(new URL(name, FIXTURES), 'utf8');

/** 'from kind name' with from as the qualified name ('-' at module level). */
function uses(ir: FileIR): string[] {
  return ir.references.map((reference) => {
    const from = reference.from === null ? '-' : ir.entities[reference.from].qualifiedName;
    return `${from} ${reference.kind} ${reference.name}`;
  });
}

async function usesOf(text: string, language: ScriptLanguage = 'typescript'): Promise<string[]> {
  return uses(await extract(text, language));
}

describe('references', () => {
  it('records calls as the longest plain dotted chain', async () => {
    expect(await usesOf(`function run() {
  foo();
  ns.helper.go(1);
  api?.client.fetch();
  make().then(done);
  items[0].update();
  this.render();
}`)).toEqual([
      'run call foo',
      'run call ns.helper.go',
      'run call api.client.fetch',
      'run call make',
      'run reference done',
      'run reference items',
      'run call this.render',
    ]);
  });

  it('records instantiation, inheritance and decorators', async () => {
    expect(await usesOf(`@Component({ selector: sel })
class View extends base.Widget implements Renderable, lib.Disposable<View> {
  @Input() size = new Size(1);
  @HostListener('click') onClick() { return new ui.Event(); }
}
interface Both extends First, Second<number> {}`)).toEqual([
      'View decorate Component',
      'View reference sel',
      'View inherit base.Widget',
      'View inherit Renderable',
      'View inherit lib.Disposable',
      'View annotate View',
      'View.size decorate Input',
      'View.size instantiate Size',
      'View.onClick decorate HostListener',
      'View.onClick instantiate ui.Event',
      'Both inherit First',
      'Both inherit Second',
    ]);
  });

  it('records type annotations, skipping type parameters and lib types', async () => {
    expect(await usesOf(`function convert<T extends Base>(input: T, options?: Partial<Options>): Result<T> | models.Error[] {
  const cache: Map<string, Entry> = new Map();
  return transform(input, cache as unknown as Store);
}
type Handler = (event: AppEvent) => Promise<Reply>;`)).toEqual([
      'convert annotate Base',
      'convert annotate Options',
      'convert annotate Result',
      'convert annotate models.Error',
      'convert annotate Entry',
      'convert call transform',
      'convert annotate Store',
      'Handler annotate AppEvent',
      'Handler annotate Reply',
    ]);
  });

  it('hides parameters and locals of the enclosing functions, including hoisted and closed-over ones', async () => {
    expect(await usesOf(`import { shared } from './shared';
function outer(a, { b, c: [d] }, ...rest) {
  use(a, b, d, rest, early, hoisted, shared, global1);
  var early = 1;
  function inner(x = a) {
    try { risky(x, b); } catch (err) { report(err); }
    for (const item of list) step(item);
    return (y) => y + x + outerOnly;
  }
  let outerOnly = 2;
  var hoisted;
  return inner;
}`, 'javascript')).toEqual([
      'outer call use',
      'outer reference shared',
      'outer reference global1',
      'outer.inner call risky',
      'outer.inner call report',
      'outer.inner reference list',
      'outer.inner call step',
      'outer reference inner',
    ]);
  });

  it('drops runtime globals unless the module binds the same name', async () => {
    expect(await usesOf(`import { Map } from 'immutable';
export function f() {
  console.log(JSON.stringify(new Map()), Math.max(1, 2), window.location, undefined, new Promise(go));
  return new Set([document.title]);
}`)).toEqual(['f instantiate Map', 'f reference go']);
  });

  it('attributes uses to the innermost entity, or null at module level, and dedupes', async () => {
    const ir = await extract(`const settings = load(defaults);
setup(settings);
setup(settings);
class Box {
  size = compute();
  method() { compute(); compute(); helpers.fmt(this.size); }
}`);
    expect(uses(ir)).toEqual([
      'settings call load',
      'settings reference defaults',
      '- call setup',
      '- reference settings',
      'Box.size call compute',
      'Box.method call compute',
      'Box.method call helpers.fmt',
      'Box.method reference this.size',
    ]);
    expect(ir.references.find((reference) => reference.name === 'setup')?.line).toBe(2);
    expect(ir.references.find((reference) => reference.name === 'helpers.fmt')?.line).toBe(6);
  });

  it('keeps function-local require bindings as references (they resolve through imports)', async () => {
    const ir = await extract(fixture('commonjs.js.txt'), 'javascript');
    expect(uses(ir)).toEqual([
      'load call helper.wrap',
      'load reference fixed',
      'Parser reference this.options',
      'Lexer inherit Base',
      'Lexer.constructor reference this.source',
      'Lexer.constructor reference this.position',
      'Lexer.next reference this.position',
      'Lexer.next call tokenize',
      'Lexer.next reference this.source',
      'parse instantiate Parser',
      '- reference Lexer',
    ]);
  });

  it('records capitalised JSX tags as references and skips intrinsic elements', async () => {
    const ir = await extract(fixture('component.tsx.txt'), 'tsx');
    expect(uses(ir)).toEqual([
      'Props annotate Props',
      'Editor annotate React.FC',
      'Editor annotate Props',
      'Editor call useState',
      'Editor reference Icons.Pencil',
      'Editor reference Button',
      'Editor reference save',
      'Editor reference ButtonKind.Primary',
      'Editor.save reference value',
      'App reference Editor',
    ].filter((line) => !line.startsWith('Props') && !line.startsWith('Editor.save')));
    expect(await usesOf('const el = <motion.div><svg:rect /><Trans>{t}</Trans></motion.div>;', 'tsx')).toEqual([
      'el reference motion.div',
      'el reference Trans',
      'el reference t',
    ]);
  });
});
