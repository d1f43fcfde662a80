/**
 * @file The package overview's level of detail, pure: modules grouped by folder into a package
 * tree (the common root folder and its single-folder chain skipped, every other chain of folders
 * that hold only one sub-folder drawn as one package: "src/main/java"), a default expansion that
 * opens the biggest packages while the view stays under a node budget, and for any set of open
 * packages the drawn items (packages, modules, each with its open parent package) and the
 * module->module dependency weights summed between the drawn items (capped: links between
 * packages before links inside one, heaviest first).
 * Level of detail for big flat folders: a package that has sub-packages gathers its loose modules
 * (more than LOOSE_GROUP_MIN) into one "modules of X" group, and a folder or group with more than
 * BUCKET_MAX modules splits them into name ranges of at most BUCKET_SIZE, so no opened level
 * draws more than a few dozen items.
 * Tests and fixtures apart: modules whose path is a test or fixture (ingest/testPaths.ts, the rules
 * search and "Hide tests" use) are grouped by folder the same way under one top-level "tests and
 * fixtures" group (key TESTS_KEY), drawn after the code's packages and closed by default, so the
 * code gets the default expansion; overviewLevel leaves that group out when tests are hidden.
 * Runs in: the main thread (pure, no DOM, no I/O; unit-tested in Node). Layer src/ui.
 */
import { isTestPath } from '../../core/ingest/testPaths.ts';
import type { ModuleLink } from '../../core/reads/graphSlices.ts';

export type { ModuleLink };

export interface OverviewModule {
  id: number;
  /** The module's file path inside the repository ("pkg/sub/mod.py"). */
  path: string;
}

export interface PackageNode {
  /** "p:" + the folder path; unique among packages. */
  key: string;
  folder: string;
  name: string;
  parent: string | null;
  packages: string[];
  /** Modules directly in this folder. */
  modules: number[];
  /** Modules in this folder and below. */
  moduleCount: number;
  /** A level-of-detail group (loose modules of a folder, or a name range), not a folder. */
  group?: boolean;
  /** The "tests and fixtures" group (TESTS_KEY). */
  tests?: boolean;
}

export interface PackageTree {
  root: string;
  packages: Map<string, PackageNode>;
  /** Module id -> the package (folder) that holds it. */
  moduleParent: Map<number, string>;
  /** The "tests and fixtures" group, the root's last child (null: no test or fixture modules). */
  tests: string | null;
}

export interface OverviewItem {
  /** "p:<folder>" for a package, "n<id>" for a module (the explorer's node key). */
  key: string;
  kind: 'package' | 'module';
  /** The open package this item is drawn inside (a compound parent); null at the top level. */
  parent: string | null;
  label: string;
  moduleCount: number;
  /** The module's node id (modules only). */
  moduleId?: number;
  open: boolean;
  /** A level-of-detail group rather than a folder (packages only). */
  group?: boolean;
  /** The "tests and fixtures" group. */
  tests?: boolean;
}

export interface OverviewLink {
  src: string;
  dst: string;
  weight: number;
}

export interface OverviewLevel {
  items: OverviewItem[];
  links: OverviewLink[];
  /** Links between drawn items that were left out by the cap. */
  hiddenLinks: number;
  /** Test and fixture modules left out because tests are hidden (0: none, or shown). */
  hiddenTests: number;
}

/** The key of the "tests and fixtures" group (the folders inside it are keyed "t:<folder>"). */
export const TESTS_KEY = 't:';
export const TESTS_LABEL = 'tests and fixtures';

export const moduleKey = (id: number): string => `n${id}`;
const folderOf = (path: string): string => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');

/**
 * Groups modules by folder; the root is the deepest folder that holds every code module. Test and
 * fixture modules (isTestPath) are grouped apart, under the "tests and fixtures" group that is the
 * root's last child.
 */
export function buildPackageTree(modules: readonly OverviewModule[]): PackageTree {
  const tree: PackageTree = { root: '', packages: new Map(), moduleParent: new Map(), tests: null };
  const code = modules.filter((m) => !isTestPath(m.path));
  const tests = modules.filter((m) => isTestPath(m.path));
  tree.root = growFolders(tree, code, 'p:');
  compactChains(tree, tree.root);
  if (tests.length > 0) {
    const testRoot = growFolders(tree, tests, 't:');
    // The test folders above their common root are not drawn; the root becomes the group.
    for (const [key, node] of [...tree.packages]) if (key.startsWith('t:') && key !== testRoot && pathTo(tree, testRoot, node.key).length > 0) tree.packages.delete(key);
    const group = rekey(tree, testRoot, TESTS_KEY);
    compactChains(tree, TESTS_KEY);
    const root = tree.packages.get(tree.root)!;
    Object.assign(group, { name: TESTS_LABEL, parent: root.key, group: true, tests: true });
    root.packages.push(TESTS_KEY);
    root.moduleCount += group.moduleCount;
    tree.tests = TESTS_KEY;
  }
  const paths = new Map(modules.map((m) => [m.id, m.path]));
  for (const node of [...tree.packages.values()]) gatherModules(tree, node, paths);
  return tree;
}

/** Adds `modules` to the tree by folder (keys `prefix` + folder); returns the deepest folder that holds them all. */
function growFolders(tree: PackageTree, modules: readonly OverviewModule[], prefix: string): string {
  const { packages, moduleParent } = tree;
  const ensure = (folder: string): PackageNode => {
    const key = prefix + folder;
    let node = packages.get(key);
    if (node) return node;
    const parentFolder = folder === '' ? null : folderOf(folder);
    node = { key, folder, name: folder.slice(folder.lastIndexOf('/') + 1) || '/', parent: null, packages: [], modules: [], moduleCount: 0 };
    packages.set(key, node);
    if (parentFolder !== null) {
      const parent = ensure(parentFolder);
      node.parent = parent.key;
      parent.packages.push(key);
    }
    return node;
  };
  let root = ensure('');
  for (const module of [...modules].sort((a, b) => a.path.localeCompare(b.path))) {
    let node: PackageNode | null = ensure(folderOf(module.path));
    node.modules.push(module.id);
    moduleParent.set(module.id, node.key);
    for (; node; node = node.parent ? packages.get(node.parent)! : null) node.moduleCount++;
  }
  while (root.modules.length === 0 && root.packages.length === 1) root = packages.get(root.packages[0]!)!;
  for (const node of packages.values()) if (node.key.startsWith(prefix)) node.packages.sort();
  return root.key;
}

/** Gives package `from` the key `to` (its children and modules follow); returns it. */
function rekey(tree: PackageTree, from: string, to: string): PackageNode {
  const node = tree.packages.get(from)!;
  if (from === to) return node;
  tree.packages.delete(from);
  node.key = to;
  tree.packages.set(to, node);
  for (const child of node.packages) tree.packages.get(child)!.parent = to;
  for (const id of node.modules) tree.moduleParent.set(id, to);
  return node;
}

/** A chain's name longer than this keeps its first folder and as many last ones as fit ("d0/…/d118/d119"). */
export const CHAIN_NAME_MAX = 32;

function chainName(folders: readonly string[]): string {
  const full = folders.join('/');
  if (full.length <= CHAIN_NAME_MAX) return full;
  const head = `${folders[0]}/…/`;
  let tail = folders[folders.length - 1]!;
  for (let i = folders.length - 2; i > 0 && head.length + folders[i]!.length + 1 + tail.length <= CHAIN_NAME_MAX; i--) tail = `${folders[i]}/${tail}`;
  return head + tail;
}

/**
 * Merges each chain of folders that hold nothing but one sub-folder into the chain's last folder,
 * named after the whole chain: one box where there would be a box in a box in a box (Java's
 * src/main/java/org/..., a 120-folder path). Folders that hold modules keep their keys; sibling
 * order is kept.
 */
function compactChains(tree: PackageTree, top: string): void {
  const { packages } = tree;
  const stack = [top];
  while (stack.length > 0) {
    const node = packages.get(stack.pop()!)!;
    node.packages = node.packages.map((key) => {
      let child = packages.get(key)!;
      const folders = [child.name];
      while (child.modules.length === 0 && child.packages.length === 1) {
        packages.delete(child.key);
        child = packages.get(child.packages[0]!)!;
        folders.push(child.name);
      }
      if (folders.length > 1) {
        child.name = chainName(folders);
        child.parent = node.key;
      }
      return child.key;
    });
    stack.push(...node.packages);
  }
}

/** A package with sub-packages gathers more loose modules than this into one group. */
export const LOOSE_GROUP_MIN = 8;
/** A folder or group with more modules than this splits them into name ranges. */
export const BUCKET_MAX = 40;
/** Modules per name range. */
export const BUCKET_SIZE = 30;

const stemOf = (path: string): string => path.slice(path.lastIndexOf('/') + 1).replace(/\.[^.]+$/, '');

/** Moves `ids` out of `node` into a new group child (its modules, or its own buckets). */
function addGroup(tree: PackageTree, node: PackageNode, key: string, name: string, ids: number[]): PackageNode {
  const group: PackageNode = { key, folder: node.folder, name, parent: node.key, packages: [], modules: ids, moduleCount: ids.length, group: true };
  tree.packages.set(key, group);
  for (const id of ids) tree.moduleParent.set(id, key);
  node.modules = node.modules.filter((id) => tree.moduleParent.get(id) === node.key);
  node.packages.push(key);
  return group;
}

/** The level-of-detail step of buildPackageTree (see the file header). */
function gatherModules(tree: PackageTree, node: PackageNode, paths: ReadonlyMap<number, string>): void {
  if (node.packages.length > 0 && node.modules.length > LOOSE_GROUP_MIN) {
    const group = addGroup(tree, node, node.key.startsWith('t:') ? `g:${node.key}` : `g:${node.folder}`, node.key === tree.root ? 'top-level modules' : `modules of ${node.name}`, node.modules);
    node.packages.sort((a, b) => (a === group.key ? -1 : b === group.key ? 1 : a.localeCompare(b)));
    node = group;
  }
  if (node.modules.length <= BUCKET_MAX) return;
  const all = node.modules;
  const count = Math.ceil(all.length / BUCKET_SIZE);
  const size = Math.ceil(all.length / count);
  for (let i = 0; i < count; i++) {
    const ids = all.slice(i * size, (i + 1) * size);
    addGroup(tree, node, `${node.key}#${i + 1}`, `${stemOf(paths.get(ids[0]!)!)} … ${stemOf(paths.get(ids[ids.length - 1]!)!)}`, ids);
  }
}

/** The packages from `top` (the root) down to `key` (inclusive); empty when `key` is not a package under it. */
export function pathTo(tree: PackageTree, key: string, top = tree.root): string[] {
  const path: string[] = [];
  for (let at: string | null | undefined = key; at; at = tree.packages.get(at)?.parent) {
    if (!tree.packages.has(at)) return [];
    path.unshift(at);
    if (at === top) return path;
  }
  return [];
}

/** The items drawn inside an open package: its sub-packages, then its modules (the tests group last of all). */
function childrenOf(tree: PackageTree, key: string): string[] {
  const node = tree.packages.get(key)!;
  const packages = node.packages.filter((p) => p !== tree.tests);
  return [...packages, ...node.modules.map(moduleKey), ...(packages.length < node.packages.length ? [tree.tests!] : [])];
}

/** How many modules the tests and fixtures group holds (0: none). */
export function testModuleCount(tree: PackageTree): number {
  return tree.tests ? tree.packages.get(tree.tests)!.moduleCount : 0;
}

/**
 * Opens packages, biggest first, while the drawn items stay within `budget` (the root is always
 * open): a small repository shows its modules, a big one its top packages. Groups (loose modules,
 * name ranges, tests and fixtures) stay closed: they say less than the packages beside them; the
 * tests group opens only where the repository has nothing else.
 */
export function defaultExpansion(tree: PackageTree, budget = 60): Set<string> {
  const open = new Set([tree.root]);
  let drawn = childrenOf(tree, tree.root).length;
  const candidates = () =>
    [...open].flatMap((key) => tree.packages.get(key)!.packages).filter((key) => !open.has(key));
  const onlyTests = tree.tests !== null && childrenOf(tree, tree.root).length === 1;
  for (;;) {
    const next = candidates()
      .map((key) => tree.packages.get(key)!)
      .filter((p) => (!p.group || (p.tests && onlyTests)) && drawn + childrenOf(tree, p.key).length <= budget && childrenOf(tree, p.key).length > 0)
      .sort((a, b) => b.moduleCount - a.moduleCount || a.key.localeCompare(b.key))[0];
    if (!next) return open;
    open.add(next.key);
    drawn += childrenOf(tree, next.key).length;
  }
}

/** The open packages on the way from the root down to a module (to reveal it). */
export function packagesAbove(tree: PackageTree, moduleId: number): string[] {
  const parent = tree.moduleParent.get(moduleId);
  return parent ? pathTo(tree, parent) : [];
}

/** The link cap when none is given: one per drawn item, between 16 and 80 (more is a hairball). */
export const autoLinkCap = (items: number): number => Math.min(80, Math.max(16, items));

/** What overviewLevel leaves out. */
export interface LevelOptions {
  /** The tests and fixtures group is not drawn (nor its links). */
  hideTests?: boolean;
}

/**
 * The drawn items for the open packages, and the summed links between them (`maxLinks`,
 * cross-package first); with `hideTests` the tests and fixtures group is left out.
 */
export function overviewLevel(tree: PackageTree, open: ReadonlySet<string>, links: readonly ModuleLink[], maxLinks?: number, options: LevelOptions = {}): OverviewLevel {
  const items: OverviewItem[] = [];
  /** Module id -> the key of the item that stands for it. */
  const standsFor = new Map<number, string>();
  const hidden = options.hideTests ? tree.tests : null;
  const visit = (key: string, parent: string | null) => {
    for (const child of childrenOf(tree, key)) {
      if (child === hidden) continue;
      const pkg = tree.packages.get(child);
      if (pkg) {
        const isOpen = open.has(child);
        items.push({ key: child, kind: 'package', parent, label: pkg.name, moduleCount: pkg.moduleCount, open: isOpen, ...(pkg.group ? { group: true } : {}), ...(pkg.tests ? { tests: true } : {}) });
        if (isOpen) visit(child, child);
        else markModules(pkg, child);
      } else {
        const id = Number(child.slice(1));
        items.push({ key: child, kind: 'module', parent, label: '', moduleCount: 1, moduleId: id, open: false });
        standsFor.set(id, child);
      }
    }
  };
  const markModules = (pkg: PackageNode, key: string) => {
    for (const id of pkg.modules) standsFor.set(id, key);
    for (const sub of pkg.packages) markModules(tree.packages.get(sub)!, key);
  };
  visit(tree.root, null);
  const summed = new Map<string, OverviewLink>();
  for (const link of links) {
    const src = standsFor.get(link.src);
    const dst = standsFor.get(link.dst);
    if (!src || !dst || src === dst) continue;
    const id = `${src}>${dst}`;
    const known = summed.get(id);
    if (known) known.weight += link.weight;
    else summed.set(id, { src, dst, weight: link.weight });
  }
  // Links between packages (their ends drawn in different boxes) first, then those inside one box.
  const parentOf = new Map(items.map((i) => [i.key, i.parent]));
  const crosses = (l: OverviewLink) => (parentOf.get(l.src) !== parentOf.get(l.dst) ? 0 : 1);
  const heavier = (a: OverviewLink, b: OverviewLink) => b.weight - a.weight || a.src.localeCompare(b.src) || a.dst.localeCompare(b.dst);
  const ranked = [...summed.values()].sort((a, b) => crosses(a) - crosses(b) || heavier(a, b));
  const cap = maxLinks ?? autoLinkCap(items.length);
  return { items, links: ranked.slice(0, cap).sort(heavier), hiddenLinks: Math.max(0, ranked.length - cap), hiddenTests: hidden ? testModuleCount(tree) : 0 };
}
