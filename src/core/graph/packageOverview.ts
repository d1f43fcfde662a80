/**
 * @file The package overview's level of detail, pure: modules grouped by folder into a package
 * tree (the common root folder and its single-folder chain skipped), a default expansion that
 * opens the biggest packages while the view stays under a node budget, and for any set of open
 * packages the drawn items (packages, modules, each with its open parent package) and the
 * module->module dependency weights summed between the drawn items (capped: links between
 * packages before links inside one, heaviest first).
 * Runs in: anywhere (no DOM, no I/O).
 */

export interface OverviewModule {
  id: number;
  /** The module's file path inside the repository ("pkg/sub/mod.py"). */
  path: string;
}

/** A weighted dependency between two modules (IMPORTS + USES edges from one to the other). */
export interface ModuleLink {
  src: number;
  dst: number;
  weight: number;
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
}

export interface PackageTree {
  root: string;
  packages: Map<string, PackageNode>;
  /** Module id -> the package (folder) that holds it. */
  moduleParent: Map<number, string>;
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
}

export const moduleKey = (id: number): string => `n${id}`;
const packageKey = (folder: string): string => `p:${folder}`;
const folderOf = (path: string): string => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');

/** Groups modules by folder; the root is the deepest folder that holds every module. */
export function buildPackageTree(modules: readonly OverviewModule[]): PackageTree {
  const packages = new Map<string, PackageNode>();
  const moduleParent = new Map<number, string>();
  const ensure = (folder: string): PackageNode => {
    const key = packageKey(folder);
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
  for (const node of packages.values()) node.packages.sort();
  return { root: root.key, packages, moduleParent };
}

/** The items drawn inside an open package: its sub-packages, then its modules. */
function childrenOf(tree: PackageTree, key: string): string[] {
  const node = tree.packages.get(key)!;
  return [...node.packages, ...node.modules.map(moduleKey)];
}

/**
 * Opens packages, biggest first, while the drawn items stay within `budget` (the root is always
 * open): a small repository shows its modules, a big one its top packages.
 */
export function defaultExpansion(tree: PackageTree, budget = 60): Set<string> {
  const open = new Set([tree.root]);
  let drawn = childrenOf(tree, tree.root).length;
  const candidates = () =>
    [...open].flatMap((key) => tree.packages.get(key)!.packages).filter((key) => !open.has(key));
  for (;;) {
    const next = candidates()
      .map((key) => tree.packages.get(key)!)
      .filter((p) => drawn + childrenOf(tree, p.key).length <= budget && childrenOf(tree, p.key).length > 0)
      .sort((a, b) => b.moduleCount - a.moduleCount || a.key.localeCompare(b.key))[0];
    if (!next) return open;
    open.add(next.key);
    drawn += childrenOf(tree, next.key).length;
  }
}

/** The open packages on the way from the root down to a module (to reveal it). */
export function packagesAbove(tree: PackageTree, moduleId: number): string[] {
  const path: string[] = [];
  for (let key = tree.moduleParent.get(moduleId); key; key = tree.packages.get(key)!.parent ?? undefined) {
    path.unshift(key);
    if (key === tree.root) return path;
  }
  return [];
}

/** The link cap when none is given: 1.5 per drawn item, between 24 and 120. */
export const autoLinkCap = (items: number): number => Math.min(120, Math.max(24, Math.round(items * 1.5)));

/** The drawn items for the open packages, and the summed links between them (`maxLinks`, cross-package first). */
export function overviewLevel(tree: PackageTree, open: ReadonlySet<string>, links: readonly ModuleLink[], maxLinks?: number): OverviewLevel {
  const items: OverviewItem[] = [];
  /** Module id -> the key of the item that stands for it. */
  const standsFor = new Map<number, string>();
  const visit = (key: string, parent: string | null) => {
    for (const child of childrenOf(tree, key)) {
      const pkg = tree.packages.get(child);
      if (pkg) {
        const isOpen = open.has(child);
        items.push({ key: child, kind: 'package', parent, label: pkg.name, moduleCount: pkg.moduleCount, open: isOpen });
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
  return { items, links: ranked.slice(0, cap).sort(heavier), hiddenLinks: Math.max(0, ranked.length - cap) };
}
