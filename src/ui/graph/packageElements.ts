/**
 * @file Cytoscape elements for the package overview: a closed package is one node sized by its
 * module count, an open package a compound parent around its sub-packages and modules, and the
 * summed dependencies between drawn items are edges whose width grows with their weight.
 * Runs in: the main thread.
 */
import type { ElementDefinition } from 'cytoscape';
import type { OverviewItem, OverviewLink } from '../../core/graph/packageOverview.ts';
import type { GraphNode } from './graphQueries.ts';

export const PACKAGE_LINK = 'PACKAGE_DEPENDS';

export function moduleLabel(name: string): string {
  const parts = name.split('.');
  return parts.length > 2 ? parts.slice(-2).join('.') : name;
}

/** Node size by module count: 22 px for one module, about 90 px for a thousand. */
export function packageSize(moduleCount: number): number {
  return Math.round(Math.min(96, 18 + 10 * Math.sqrt(moduleCount)));
}

export function itemElement(item: OverviewItem, modules: ReadonlyMap<number, GraphNode>): ElementDefinition {
  const parent = item.parent ?? undefined;
  if (item.kind === 'module') {
    const node = modules.get(item.moduleId!)!;
    return {
      group: 'nodes',
      classes: 'level',
      data: { id: item.key, parent, nodeId: node.id, kind: node.kind, label: moduleLabel(node.name), children: node.children },
    };
  }
  return {
    group: 'nodes',
    classes: item.open ? 'level package open' : 'level package',
    data: {
      id: item.key,
      parent,
      kind: 'Package',
      label: item.open ? item.label : `${item.label} · ${item.moduleCount.toLocaleString()}`,
      modules: item.moduleCount,
      size: packageSize(item.moduleCount),
    },
  };
}

/** Edge width 1..8 px by weight relative to the heaviest drawn link (square root, so mid weights show). */
export function linkElements(links: readonly OverviewLink[]): ElementDefinition[] {
  const heaviest = Math.max(1, ...links.map((l) => l.weight));
  return links.map((link) => ({
    group: 'edges',
    classes: 'package-link',
    data: {
      id: `l:${link.src}>${link.dst}`,
      source: link.src,
      target: link.dst,
      type: PACKAGE_LINK,
      weight: link.weight,
      width: Math.round((1 + 7 * Math.sqrt(link.weight / heaviest)) * 10) / 10,
    },
  }));
}
