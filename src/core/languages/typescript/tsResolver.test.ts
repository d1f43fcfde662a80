/**
 * @file TS/JS import forms through the stitcher, on hand-written FileIRs: named, default and
 * namespace imports, re-exports through index.ts (`export {a as b} from`, `export *`,
 * `export * as ns`), `export *` cycles, CommonJS require / exports.x / module.exports,
 * tsconfig paths and baseUrl, './x.js' -> x.ts, type-only names, bare packages.
 * Runs in: Node (vitest).
 */
import { describe, expect, it } from 'vitest';
import type { FileBuilder } from '../../../../test/fixtures/stitch/irBuilder.ts';
import { edgeList, hasEdge, node, projectBuilder, usesFrom } from '../../../../test/fixtures/stitch/irBuilder.ts';
import { stitch } from '../../graph/stitch.ts';
import { resolverFor } from '../implementations.ts';

const TSCONFIG = `{
  // comments and trailing commas are fine in tsconfig
  "compilerOptions": { "baseUrl": ".", "paths": { "@/*": ["src/*"], }, },
}`;

function webProject() {
  const { file, build } = projectBuilder('typescript');
  const named = (b: FileBuilder, module: string, name: string, localName = name) => b.imp({ module, name, localName });

  const button = file('src/components/Button.tsx', 'tsx');
  const buttonClass = button.cls('Button', [], null, { exported: true });
  button.method(buttonClass, 'render');
  button.export({ exportedName: 'Button', localName: 'Button' });

  const card = file('src/components/Card.tsx', 'tsx');
  card.fn('Card');
  card.export({ exportedName: 'default', localName: 'Card' });

  const icons = file('src/components/icons.ts');
  icons.fn('Star', null, { exported: true });

  const index = file('src/components/index.ts');
  index.export({ exportedName: 'Button', fromModule: './Button', importedName: 'Button' });
  index.export({ exportedName: 'Card', fromModule: './Card', importedName: 'default' });
  index.export({ exportedName: '*', fromModule: './utils', importedName: '*' });
  index.export({ exportedName: 'icons', fromModule: './icons', importedName: '*' });

  const utils = file('src/components/utils.ts');
  utils.fn('clamp', null, { exported: true });
  utils.export({ exportedName: 'clamp', localName: 'clamp' });
  utils.export({ exportedName: 'Props', localName: 'Props' });
  utils.export({ exportedName: '*', fromModule: './index', importedName: '*' });

  const app = file('src/app.ts');
  named(app, '@/components', 'Button');
  named(app, '@/components', 'Card');
  named(app, '@/components', 'clamp');
  named(app, '@/components', 'icons');
  app.imp({ module: './components', name: null, localName: 'comps' });
  app.imp({ module: 'react', name: 'default', localName: 'React' });
  app.imp({ module: './components/utils', name: 'Props', localName: 'Props', typeOnly: true });
  named(app, '@/components', 'nothing');
  const appClass = app.cls('App', ['Button']);
  const render = app.method(appClass, 'render');
  app.ref(render, 'this.render', 'call');
  app.ref(render, 'super.render', 'call');
  const main = app.fn('main', null, { exported: true });
  app
    .ref(main, 'Card', 'call')
    .ref(main, 'clamp', 'call')
    .ref(main, 'icons.Star', 'call')
    .ref(main, 'comps.Button', 'instantiate')
    .ref(main, 'comps.icons.Star', 'call')
    .ref(main, 'React.createElement', 'call')
    .ref(main, 'Props', 'annotate');

  const lib = file('src/legacy/lib.js', 'javascript');
  lib.fn('helper');
  lib.export({ exportedName: 'helper', localName: 'helper' });
  const widget = file('src/legacy/Widget.js', 'javascript');
  const widgetClass = widget.cls('Widget');
  widget.method(widgetClass, 'draw');
  widget.export({ exportedName: 'default', localName: 'Widget' });
  const legacy = file('src/legacy/main.js', 'javascript');
  legacy.imp({ module: './lib', name: null, localName: 'lib' });
  legacy.imp({ module: './Widget', name: null, localName: 'Widget' });
  legacy.imp({ module: './lib.js', name: 'helper', localName: 'helper' });
  legacy.imp({ module: './Widget', name: 'draw', localName: 'draw' });
  const run = legacy.fn('run');
  legacy.ref(run, 'lib.helper', 'call').ref(run, 'Widget', 'instantiate').ref(run, 'helper', 'call').ref(run, 'draw', 'reference');

  const values = file('src/values.ts');
  values.global('value', { exported: true });
  values.export({ exportedName: 'value', localName: 'value' });
  const esm = file('src/esm.ts');
  named(esm, './values.js', 'value');
  named(esm, 'src/values', 'value', 'viaBaseUrl');
  esm.imp({ module: './values', name: null, localName: '' });
  esm.ref(null, 'value', 'reference');
  esm.ref(null, 'viaBaseUrl', 'reference');

  return build();
}

describe('TS/JS import resolution', () => {
  const { graph, stats } = stitch('web', webProject(), [{ path: 'tsconfig.json', text: TSCONFIG }], { resolverFor });

  it('resolves named, default, namespace imports through index.ts re-exports and tsconfig paths', () => {
    expect(usesFrom(graph, 'src.app.main')).toEqual([
      'src.components.Button.Button [instantiate]',
      'src.components.Card.Card [call]',
      'src.components.icons.Star [call]',
      'src.components.utils.clamp [call]',
    ]);
  });

  it('inherits across files and resolves this / super members', () => {
    expect(edgeList(graph, 'INHERITS')).toEqual(['src.app.App -> src.components.Button.Button']);
    expect(usesFrom(graph, 'src.app.App.render')).toEqual(['src.app.App.render [call]', 'src.components.Button.Button.render [call]']);
  });

  it('resolves CommonJS require, exports.x and module.exports', () => {
    expect(usesFrom(graph, 'src.legacy.main.run')).toEqual([
      'src.legacy.Widget.Widget [instantiate]',
      'src.legacy.Widget.Widget.draw [reference]',
      'src.legacy.lib.helper [call]',
    ]);
  });

  it("maps './x.js' to x.ts and bare specifiers through baseUrl", () => {
    expect(usesFrom(graph, 'src.esm')).toEqual(['src.values.value [reference]']);
    expect(edgeList(graph, 'IMPORTS').filter((e) => e.startsWith('src.esm ->'))).toEqual(['src.esm -> src.values [value]']);
  });

  it('counts type-only names without nodes as resolved, and npm packages and missing names as unresolved', () => {
    const appId = node(graph, 'src.app').id;
    expect(graph.unresolved.filter((u) => u.src === appId)).toEqual([
      { src: appId, name: 'default', module: 'react', alias: null },
      { src: appId, name: 'nothing', module: '@/components', alias: null },
    ]);
    expect(hasEdge(graph, 'src.app', 'src.components.utils', 'IMPORTS', 'clamp,Props')).toBe(true);
    expect(stats.unresolvedImports).toBe(2);
  });

  it('draws IMPORTS to the barrel and to the defining files, and for re-exports', () => {
    expect(edgeList(graph, 'IMPORTS').filter((e) => e.startsWith('src.app ->'))).toEqual([
      'src.app -> src.components.Button [Button]',
      'src.app -> src.components.Card [Card]',
      'src.app -> src.components.icons [icons]',
      'src.app -> src.components.index [Button,Card,clamp,icons,nothing]',
      'src.app -> src.components.utils [clamp,Props]',
    ]);
    expect(edgeList(graph, 'IMPORTS').filter((e) => e.startsWith('src.components.index ->'))).toEqual([
      'src.components.index -> src.components.Button [Button]',
      'src.components.index -> src.components.Card [default]',
      'src.components.index -> src.components.icons [*]',
      'src.components.index -> src.components.utils [*]',
    ]);
  });
});
