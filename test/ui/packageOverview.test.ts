/**
 * @file The package overview on the demo repo indexed for real (tree-sitter, stitcher, duckdb-wasm
 * through the UI's own query): folders group modules, the default expansion stays in budget,
 * links are summed between drawn items and ranked, a module can be revealed; plus a tiny tree.
 * Runs in: Node (vitest).
 */
import { describe, expect, it } from 'vitest';
import { loadPackageOverview } from '../../src/ui/graph/graphQueries.ts';
import { useDemoService } from './demoService.ts';
import { buildPackageTree, defaultExpansion, moduleKey, overviewLevel, packagesAbove } from '../../src/core/graph/packageOverview.ts';

describe('package overview (small tree)', () => {
  const tree = buildPackageTree([
    { id: 1, path: 'r/a/x.py' },
    { id: 2, path: 'r/a/y.py' },
    { id: 3, path: 'r/b/z.py' },
    { id: 4, path: 'r/b/c/w.py' },
  ]);
  const links = [
    { src: 1, dst: 3, weight: 2 },
    { src: 2, dst: 4, weight: 5 },
    { src: 1, dst: 2, weight: 7 },
    { src: 4, dst: 1, weight: 1 },
  ];

  it('skips the common root and sums links between closed packages', () => {
    expect(tree.root).toBe('p:r');
    const level = overviewLevel(tree, new Set([tree.root]), links);
    expect(level.items.map((i) => [i.key, i.moduleCount])).toEqual([['p:r/a', 2], ['p:r/b', 2]]);
    expect(level.links).toEqual([
      { src: 'p:r/a', dst: 'p:r/b', weight: 7 },
      { src: 'p:r/b', dst: 'p:r/a', weight: 1 },
    ]);
  });

  it('an open package draws its children inside it; the cap keeps links between packages first', () => {
    const level = overviewLevel(tree, new Set([tree.root, 'p:r/a']), links, 2);
    expect(level.items.filter((i) => i.parent === 'p:r/a').map((i) => i.key)).toEqual([moduleKey(1), moduleKey(2)]);
    expect(level.links).toEqual([
      { src: 'n2', dst: 'p:r/b', weight: 5 },
      { src: 'n1', dst: 'p:r/b', weight: 2 },
    ]);
    expect(level.hiddenLinks).toBe(2);
    expect(overviewLevel(tree, new Set([tree.root, 'p:r/a']), links, 4).links[0]).toEqual({ src: 'n1', dst: 'n2', weight: 7 });
    expect(packagesAbove(tree, 4)).toEqual(['p:r', 'p:r/b', 'p:r/b/c']);
  });

  it('the default expansion opens the biggest packages within the budget', () => {
    expect([...defaultExpansion(tree, 3)]).toEqual(['p:r']);
    expect([...defaultExpansion(tree, 4)].sort()).toEqual(['p:r', 'p:r/a']);
  });
});

describe('package overview (demo repo)', () => {
  const demo = useDemoService();

  it('groups the demo by folder and weighs the dependencies between packages', async () => {
    const data = await loadPackageOverview(demo.service);
    const { tree, links } = data;
    expect(tree.root).toBe('p:');
    expect(tree.packages.get('p:shopkit/payments')!.moduleCount).toBeGreaterThanOrEqual(6);
    const top = overviewLevel(tree, new Set([tree.root]), links);
    expect(top.items.map((i) => i.key).sort()).toEqual(['p:shopkit', 'p:tests', 'p:web']);
    const testsToCode = top.links.find((l) => l.src === 'p:tests' && l.dst === 'p:shopkit');
    expect(testsToCode?.weight).toBeGreaterThan(1);
    expect(top.links.some((l) => l.src === 'p:shopkit' && l.dst === 'p:tests')).toBe(false);
    const open = defaultExpansion(tree);
    expect(open.has('p:shopkit')).toBe(true);
    const level = overviewLevel(tree, open, links);
    expect(level.items.length).toBeLessThanOrEqual(60);
    expect(level.links.length).toBeLessThanOrEqual(Math.max(24, Math.round(level.items.length * 1.5)));
    expect(level.hiddenLinks).toBeGreaterThan(0);
    expect(level.items.length).toBeGreaterThan(3);
    for (let i = 1; i < level.links.length; i++) expect(level.links[i - 1]!.weight).toBeGreaterThanOrEqual(level.links[i]!.weight);
    const registry = [...data.modules.values()].find((m) => m.qualifiedName.endsWith('registry'))!;
    expect(packagesAbove(tree, registry.id)).toEqual(['p:', 'p:shopkit']);
  });
});
