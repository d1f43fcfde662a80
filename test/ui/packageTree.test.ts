/**
 * @file The package overview's pure parts at 1,790 modules: the folder structure of the Python
 * 3.11 standard library with its tests (test/fixtures/stdlib-paths.txt, listed from the real
 * tree) with seeded synthetic dependencies (most inside a top-level folder, as in real code).
 * Grouping (loose-module groups, name ranges), level of detail (default expansion within its
 * budget, no level past a few dozen items), edge weighting (sums conserved, cap, ranking) and
 * the nested packing (no two boxes overlap, children inside their box, reading order kept, an
 * item marked last after its siblings); the tests and fixtures group apart from the code.
 * Runs in: Node (vitest).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createPrng } from '../../src/core/search/prng.ts';
import { isTestPath } from '../../src/core/ingest/testPaths.ts';
import { BUCKET_MAX, BUCKET_SIZE, CHAIN_NAME_MAX, LOOSE_GROUP_MIN, TESTS_KEY, autoLinkCap, buildPackageTree, defaultExpansion, overviewLevel, packagesAbove, pathTo } from '../../src/ui/graph/packageOverview.ts';
import type { ModuleLink, OverviewLevel, PackageTree } from '../../src/ui/graph/packageOverview.ts';
import { DEFAULT_PACK, overlaps, packLayout } from '../../src/ui/graph/packageLayout.ts';
import type { PackItem, Rect } from '../../src/ui/graph/packageLayout.ts';

const paths = readFileSync('test/fixtures/stdlib-paths.txt', 'utf8').trim().split('\n');
const modules = paths.map((path, id) => ({ id, path }));
const topOf = (path: string) => path.split('/')[0]!;

/** Seeded links: 1-4 per module, 70% to a module of the same top-level folder, weights 1-6. */
function syntheticLinks(): ModuleLink[] {
  const random = createPrng(14);
  const byTop = new Map<string, number[]>();
  for (const m of modules) byTop.set(topOf(m.path), [...(byTop.get(topOf(m.path)) ?? []), m.id]);
  const links: ModuleLink[] = [];
  for (const m of modules) {
    const near = byTop.get(topOf(m.path))!;
    for (let k = 1 + Math.floor(random() * 4); k > 0; k--) {
      const pool = random() < 0.7 && near.length > 1 ? near : modules.map((x) => x.id);
      const dst = pool[Math.floor(random() * pool.length)]!;
      if (dst !== m.id) links.push({ src: m.id, dst, weight: 1 + Math.floor(random() * 6) });
    }
  }
  return links;
}

const tree = buildPackageTree(modules);
const links = syntheticLinks();

/** Footprints like the explorer's: modules with a label below, closed packages as boxes. */
function packItems(level: OverviewLevel): PackItem[] {
  return level.items.map((item) => {
    if (item.kind === 'package' && item.open) return { key: item.key, parent: item.parent, open: true, w: 0, h: 0, titleW: item.label.length * 7 + 8 };
    if (item.kind === 'package') return { key: item.key, parent: item.parent, open: false, w: Math.max(60, item.label.length * 7.4 + 18), h: Math.max(40, 30 + 8 * Math.sqrt(item.moduleCount)) };
    return { key: item.key, parent: item.parent, open: false, w: 26 + (item.moduleId! % 9) * 10, h: 45, dy: -9.5 };
  });
}

function childrenCount(t: PackageTree, key: string): number {
  const node = t.packages.get(key)!;
  return node.packages.length + node.modules.length;
}

describe('package tree of the stdlib (1,790 modules)', () => {
  it('puts every module in exactly one package and counts them up to the root', () => {
    expect(modules.length).toBeGreaterThanOrEqual(1500);
    expect(tree.packages.get(tree.root)!.moduleCount).toBe(modules.length);
    const placed = [...tree.packages.values()].flatMap((p) => p.modules);
    expect(placed.length).toBe(modules.length);
    expect(new Set(placed).size).toBe(modules.length);
    for (const m of modules) expect(tree.packages.get(tree.moduleParent.get(m.id)!)!.modules).toContain(m.id);
  });

  it('gathers the loose modules of a folder with sub-packages, and splits big flat folders into name ranges', () => {
    const topLevel = tree.packages.get(`g:`)!;
    expect(topLevel.group).toBe(true);
    expect(topLevel.moduleCount).toBe(paths.filter((p) => !p.includes('/')).length);
    expect(tree.packages.get(tree.root)!.modules).toEqual([]);
    // 168 top-level modules: name ranges of at most BUCKET_SIZE, in path order, covering them all.
    const ranges = topLevel.packages.map((key) => tree.packages.get(key)!);
    expect(ranges.length).toBe(Math.ceil(topLevel.moduleCount / BUCKET_SIZE));
    expect(ranges.every((r) => r.modules.length <= BUCKET_SIZE && r.group)).toBe(true);
    const ordered = ranges.flatMap((r) => r.modules.map((id) => paths[id]!));
    expect(ordered).toEqual([...ordered].sort((a, b) => a.localeCompare(b)));
    expect(ranges[0]!.name).toMatch(/^__future__ … /);
    // encodings: a flat folder of 122 modules becomes name ranges directly.
    const encodings = tree.packages.get('p:encodings')!;
    expect(encodings.modules).toEqual([]);
    expect(encodings.packages.length).toBe(Math.ceil(encodings.moduleCount / BUCKET_SIZE));
    // A folder with sub-packages and few loose modules keeps them (email: 22 loose, its mime/ package).
    const small = [...tree.packages.values()].filter((p) => !p.group && p.packages.length > 0 && p.modules.length > 0);
    expect(small.every((p) => p.modules.length <= LOOSE_GROUP_MIN)).toBe(true);
  });

  it('no package or group draws more than a few dozen items when opened', () => {
    const widest = Math.max(...[...tree.packages.keys()].map((key) => childrenCount(tree, key)));
    expect(widest).toBeLessThanOrEqual(BUCKET_MAX);
  });

  it('finds the way down to any module (search reveals it) and the breadcrumb path of a group', () => {
    const events = modules.find((m) => m.path === 'test/test_asyncio/test_events.py')!;
    expect(packagesAbove(tree, events.id)).toEqual(['p:', TESTS_KEY, 't:test', 't:test/test_asyncio']);
    const os = modules.find((m) => m.path === 'os.py')!;
    const above = packagesAbove(tree, os.id);
    expect(above.slice(0, 2)).toEqual(['p:', 'g:']);
    expect(above[2]).toMatch(/^g:#\d+$/);
    expect(tree.packages.get(above[2]!)!.modules).toContain(os.id);
    expect(pathTo(tree, 'nope')).toEqual([]);
  });
});

describe('level of detail and weighted links on the stdlib', () => {
  it('the default expansion stays in its budget and leaves groups closed', () => {
    for (const budget of [28, 40, 60]) {
      const open = defaultExpansion(tree, budget);
      const level = overviewLevel(tree, open, links);
      expect(level.items.length).toBeLessThanOrEqual(Math.max(budget, childrenCount(tree, tree.root)));
      expect([...open].filter((key) => tree.packages.get(key)!.group)).toEqual([]);
    }
    const top = overviewLevel(tree, new Set([tree.root]), links);
    expect(top.items.length).toBe(childrenCount(tree, tree.root));
    // The tests (test/, idlelib/idle_test, lib2to3/tests, ...) are one group, drawn last.
    expect(top.items.some((i) => i.key === 'p:test')).toBe(false);
    expect(top.items.at(-1)).toMatchObject({ key: TESTS_KEY, tests: true, group: true, open: false, moduleCount: paths.filter(isTestPath).length });
    expect(tree.packages.get('t:test')!.moduleCount).toBe(paths.filter((p) => p.startsWith('test/')).length);
  });

  it('sums module links between the drawn items: the weight is conserved, the cap keeps the heaviest', () => {
    const open = new Set([tree.root, TESTS_KEY, 't:test']);
    const uncapped = overviewLevel(tree, open, links, Infinity);
    const standsFor = new Map<number, string>();
    for (const item of uncapped.items) {
      if (item.kind === 'module') standsFor.set(item.moduleId!, item.key);
      else if (!item.open) for (const m of modules) if (packagesAbove(tree, m.id).includes(item.key)) standsFor.set(m.id, item.key);
    }
    const between = links.filter((l) => standsFor.get(l.src) !== standsFor.get(l.dst)).reduce((sum, l) => sum + l.weight, 0);
    expect(uncapped.links.reduce((sum, l) => sum + l.weight, 0)).toBe(between);
    expect(uncapped.hiddenLinks).toBe(0);

    const capped = overviewLevel(tree, open, links);
    expect(capped.links.length).toBe(autoLinkCap(capped.items.length));
    expect(capped.links.length + capped.hiddenLinks).toBe(uncapped.links.length);
    for (let i = 1; i < capped.links.length; i++) expect(capped.links[i - 1]!.weight).toBeGreaterThanOrEqual(capped.links[i]!.weight);
    // Links between boxes come before those inside one: the lightest drawn cross-box link outweighs no hidden cross-box one.
    const parent = new Map(capped.items.map((i) => [i.key, i.parent]));
    const cross = (l: { src: string; dst: string }) => parent.get(l.src) !== parent.get(l.dst);
    const drawn = new Set(capped.links.map((l) => `${l.src}>${l.dst}`));
    const hiddenCross = uncapped.links.filter((l) => cross(l) && !drawn.has(`${l.src}>${l.dst}`));
    const lightestDrawn = Math.min(...capped.links.filter(cross).map((l) => l.weight));
    expect(hiddenCross.every((l) => l.weight <= lightestDrawn)).toBe(true);
    expect(autoLinkCap(3)).toBe(16);
    expect(autoLinkCap(500)).toBe(80);
  });
});

function checkPacking(level: OverviewLevel, aspect: number) {
  const items = packItems(level);
  const result = packLayout(items, { ...DEFAULT_PACK, aspect });
  const rect = (key: string) => result.rects.get(key)!;
  const byParent = new Map<string | null, string[]>();
  for (const item of items) byParent.set(item.parent, [...(byParent.get(item.parent) ?? []), item.key]);
  for (const siblings of byParent.values()) {
    for (let i = 0; i < siblings.length; i++) {
      for (let j = i + 1; j < siblings.length; j++) expect(overlaps(rect(siblings[i]!), rect(siblings[j]!)), `${siblings[i]} & ${siblings[j]}`).toBe(false);
    }
  }
  const inside = (inner: Rect, outer: Rect) => inner.x >= outer.x - 1e-6 && inner.y >= outer.y - 1e-6 && inner.x + inner.w <= outer.x + outer.w + 1e-6 && inner.y + inner.h <= outer.y + outer.h + 1e-6;
  for (const item of items) {
    if (item.parent) expect(inside(rect(item.key), rect(item.parent)), `${item.key} in ${item.parent}`).toBe(true);
    const at = result.positions.get(item.key);
    if (item.open) expect(at).toBeUndefined();
    else expect(at && Number.isFinite(at.x) && Number.isFinite(at.y)).toBe(true);
  }
  return { items, result };
}

describe('nested packing of the stdlib overview', () => {
  it('no two boxes overlap at the default level, with test open, and down to a name range of modules', () => {
    const base = defaultExpansion(tree, 40);
    for (const open of [base, new Set([...base, TESTS_KEY, 't:test']), new Set([...base, TESTS_KEY, 't:test', 'g:t:test', 'g:t:test#1', 'p:encodings', 'p:encodings#2'])]) {
      const level = overviewLevel(tree, open, links);
      checkPacking(level, 16 / 9);
    }
  });

  it('the top level takes the canvas shape, and one-height items keep their order in rows', () => {
    const level = overviewLevel(tree, new Set([tree.root, 'p:encodings', 'p:encodings#1']), links);
    for (const aspect of [1280 / 720, 1440 / 900, 1]) {
      const { result } = checkPacking(level, aspect);
      expect(result.width / result.height).toBeGreaterThan(aspect / 1.6);
      expect(result.width / result.height).toBeLessThan(aspect * 1.6);
    }
    const boxed: PackItem[] = ['a', 'b', 'c', 'd', 'e', 'f'].map((key) => ({ key, parent: 'box', open: false, w: 40, h: 20 }));
    const rows = packLayout([{ key: 'box', parent: null, open: true, w: 0, h: 0 }, ...boxed]);
    const order = ['a', 'b', 'c', 'd', 'e', 'f'].map((key) => rows.positions.get(key)!);
    const reading = [...order].sort((p, q) => p.y - q.y || p.x - q.x);
    expect(reading).toEqual(order);
  });

  it('an item marked last (the tests group) is placed after its siblings, below or to their right', () => {
    for (const aspect of [16 / 9, 1, 0.5]) {
      const items: PackItem[] = [
        { key: 'tests', parent: null, open: false, w: 200, h: 160, last: true },
        ...['a', 'b', 'c', 'd'].map((key, i) => ({ key, parent: null, open: false, w: 60 + 20 * i, h: 40 + 15 * i })),
      ];
      const { rects } = packLayout(items, { ...DEFAULT_PACK, aspect });
      const tests = rects.get('tests')!;
      const others = ['a', 'b', 'c', 'd'].map((key) => rects.get(key)!);
      expect(others.every((r) => tests.y >= r.y + r.h) || others.every((r) => tests.x >= r.x + r.w)).toBe(true);
      expect(others.some((r) => overlaps(r, tests))).toBe(false);
    }
  });

  it('a leaf with children of its own (an expanded module) sits above them', () => {
    const result = packLayout([
      { key: 'm', parent: null, open: false, w: 80, h: 45, dy: -9.5 },
      { key: 'f1', parent: 'm', open: false, w: 50, h: 30 },
      { key: 'f2', parent: 'm', open: false, w: 50, h: 30 },
      { key: 'other', parent: null, open: false, w: 60, h: 40 },
    ]);
    const module = result.positions.get('m')!;
    for (const key of ['f1', 'f2']) expect(result.positions.get(key)!.y).toBeGreaterThan(module.y + 20);
    expect(overlaps(result.rects.get('m')!, result.rects.get('other')!)).toBe(false);
  });
});

describe('folder chains', () => {
  const names = (t: PackageTree, key: string) => t.packages.get(key)!.packages.map((k) => t.packages.get(k)!.name);

  it('draws a 120-folder path as one package with a short name, its module found below it', () => {
    const deep = Array.from({ length: 120 }, (_, i) => `d${i}`).join('/');
    const t = buildPackageTree([
      { id: 1, path: `${deep}/deep_leaf.py` },
      { id: 2, path: 'ok.py' },
    ]);
    expect(t.packages.size).toBe(2);
    const [chain] = t.packages.get(t.root)!.packages;
    expect(chain).toBe(`p:${deep}`);
    const name = t.packages.get(chain!)!.name;
    expect(name).toBe('d0/…/d115/d116/d117/d118/d119');
    expect(name.length).toBeLessThanOrEqual(CHAIN_NAME_MAX);
    expect(packagesAbove(t, 1)).toEqual([t.root, chain]);
    const level = overviewLevel(t, defaultExpansion(t), []);
    expect(level.items.map((i) => (i.kind === 'package' ? i.label : i.key))).toEqual(['d0/…/d115/d116/d117/d118/d119', 'n1', 'n2']);
  });

  it("merges each Maven module's src/main/java/... chain, and leaves folders with modules of their own apart", () => {
    const t = buildPackageTree([
      { id: 1, path: 'core/src/main/java/org/acme/core/Cart.java' },
      { id: 2, path: 'core/src/main/java/org/acme/core/Item.java' },
      { id: 3, path: 'web/src/main/java/org/acme/web/Shop.java' },
      { id: 4, path: 'web/src/main/java/org/acme/web/api/Routes.java' },
      { id: 5, path: 'web/src/main/java/org/acme/web/api/v1/Orders.java' },
    ]);
    expect(names(t, t.root)).toEqual(['core/src/main/java/org/acme/core', 'web/src/main/java/org/acme/web']);
    const web = 'p:web/src/main/java/org/acme/web';
    expect(names(t, web)).toEqual(['api']);
    expect(names(t, 'p:web/src/main/java/org/acme/web/api')).toEqual(['v1']);
    expect(t.packages.get(web)!.moduleCount).toBe(3);
    expect(pathTo(t, 'p:web/src/main/java/org/acme/web/api/v1')).toEqual([t.root, web, 'p:web/src/main/java/org/acme/web/api', 'p:web/src/main/java/org/acme/web/api/v1']);
  });
});
