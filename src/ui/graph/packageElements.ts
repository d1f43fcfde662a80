/**
 * @file Cytoscape elements for the package overview: a closed package is one box sized by its
 * module count with its name and count inside (the tests and fixtures group classed `tests`), an open package a compound parent around its
 * sub-packages and modules, and the summed dependencies between drawn items are edges whose
 * width grows with their weight (the count shows on hover and on the focused item's links).
 * Also the text measure the packing layout needs for titles.
 * Runs in: the main thread.
 */
import type { ElementDefinition } from 'cytoscape';
import type { OverviewItem, OverviewLink } from './packageOverview.ts';
import type { GraphNode } from '../../core/reads/graphSlices.ts';

export const PACKAGE_LINK = 'PACKAGE_DEPENDS';

/** Box side by module count (area grows with it): 40 px for one module, 160 px from 250 on. */
export function packageSize(moduleCount: number): number {
  return Math.round(Math.min(160, 32 + 8 * Math.sqrt(moduleCount)));
}

/** The font of package names (graphStyle's node.package). */
export const PACKAGE_FONT = 'bold 12px system-ui, sans-serif';

let measureContext: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null | undefined;

/** Width of `text` in `font` (canvas measure; a per-character estimate where there is no canvas). */
export function textWidth(text: string, font = PACKAGE_FONT): number {
  if (measureContext === undefined) {
    measureContext = typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(1, 1).getContext('2d') : null;
  }
  if (!measureContext) return text.length * 7.4;
  measureContext.font = font;
  return measureContext.measureText(text).width;
}

/** A closed package's box: its name and count inside, its area by module count. */
export function packageBox(label: string, moduleCount: number): { w: number; h: number } {
  const side = packageSize(moduleCount);
  const text = Math.max(textWidth(label), textWidth(countLabel(moduleCount)));
  return { w: Math.round(Math.max(text + 18, side * 1.25)), h: Math.max(40, side) };
}

const countLabel = (modules: number) => `${modules.toLocaleString()} module${modules === 1 ? '' : 's'}`;

export function itemElement(item: OverviewItem, modules: ReadonlyMap<number, GraphNode>): ElementDefinition {
  const parent = item.parent ?? undefined;
  if (item.kind === 'module') {
    const node = modules.get(item.moduleId!)!;
    return {
      group: 'nodes',
      classes: 'level',
      data: { id: item.key, parent, nodeId: node.id, kind: node.kind, label: node.shortName, children: node.children },
    };
  }
  const box = packageBox(item.label, item.moduleCount);
  return {
    group: 'nodes',
    classes: `level package${item.open ? ' open' : ''}${item.group ? ' group' : ''}${item.tests ? ' tests' : ''}`,
    data: {
      id: item.key,
      parent,
      kind: 'Package',
      name: item.label,
      label: item.open ? `${item.label} · ${countLabel(item.moduleCount)}` : `${item.label}\n${countLabel(item.moduleCount)}`,
      modules: item.moduleCount,
      w: box.w,
      h: box.h,
    },
  };
}

/** Edge width 1..8 px and opacity by weight relative to the heaviest drawn link (square root, so mid weights show). */
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
      label: `${link.weight.toLocaleString()} dependenc${link.weight === 1 ? 'y' : 'ies'}`,
      width: Math.round((1 + 7 * Math.sqrt(link.weight / heaviest)) * 10) / 10,
      opacity: Math.round((0.3 + 0.45 * Math.sqrt(link.weight / heaviest)) * 100) / 100,
    },
  }));
}
