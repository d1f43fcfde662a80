/**
 * @file The package overview's placement at stdlib size: nested packing (the ui's packLayout, what the
 * explorer runs in its layout worker) against the force layout the overview used before, on the
 * same items: every package of the Python stdlib with tests opened (test/fixtures/stdlib-paths.txt,
 * 1,790 modules), footprints like the explorer's. Prints ms per layout and the ratio.
 * Runs in: Node (`npx tsx scripts/bench/overviewLayout.bench.ts`).
 */
import { readFileSync } from 'node:fs';
import { buildPackageTree, overviewLevel } from '../../src/ui/graph/packageOverview.ts';
import { packLayout } from '../../src/ui/graph/packageLayout.ts';
import { forceLayout } from '../../src/ui/graph/forceLayout.ts';

const paths = readFileSync('test/fixtures/stdlib-paths.txt', 'utf8').trim().split('\n');
const tree = buildPackageTree(paths.map((path, id) => ({ id, path })));
const level = overviewLevel(tree, new Set(tree.packages.keys()), []);
const items = level.items.map((i) => ({ key: i.key, parent: i.parent, open: i.open, w: 26 + (i.key.length % 9) * 10, h: 45, titleW: 8 + 7 * i.label.length }));

function msPer(run: () => void, times: number): number {
  run();
  const started = performance.now();
  for (let i = 0; i < times; i++) run();
  return (performance.now() - started) / times;
}

// The force layout's input as the overview built it: each item tied to its open package's hub.
const index = new Map(items.map((item, i) => [item.key, i]));
const links: number[] = [];
for (const item of items) if (item.parent && index.has(item.parent)) links.push(index.get(item.key)!, index.get(item.parent)!);

const pack = msPer(() => packLayout(items), 10);
const force = msPer(() => forceLayout({ count: items.length, links, linkDistance: 45, charge: -700, gravity: 0.08 }), 3);
console.log(`overview layout, ${items.length} items (${paths.length} modules, every package open)`);
console.log(`  nested packing: ${pack.toFixed(1)} ms`);
console.log(`  force layout (baseline, same run): ${force.toFixed(1)} ms`);
console.log(`  ratio: packing is ${(force / pack).toFixed(1)}x faster`);
