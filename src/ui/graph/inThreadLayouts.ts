/**
 * @file The layout worker's computations, callable on any thread: the package packing as node
 * centres in item order (NaN for open packages), and a LayoutRunner that runs both layouts
 * right here (headless tests; the app runs them in the worker, forceLayout.worker.ts).
 * Runs in: the layout worker, and wherever a LayoutRunner without a worker is wanted.
 */
import { packLayout } from './packageLayout.ts';
import type { PackItem, PackOptions } from './packageLayout.ts';
import { forceLayout } from './forceLayout.ts';
import type { LayoutRunner } from './viewHost.ts';

/** Node centres of a nested packing, in item order (NaN for open packages: cytoscape sizes them). */
export function packPositions(items: PackItem[], options: PackOptions): Float64Array {
  const { positions } = packLayout(items, options);
  const out = new Float64Array(items.length * 2).fill(NaN);
  items.forEach((item, i) => {
    const at = positions.get(item.key);
    if (at) out.set([at.x, at.y], i * 2);
  });
  return out;
}

/** Both layouts computed on the calling thread. */
export const inThreadLayouts: LayoutRunner = {
  force: async (input) => forceLayout(input),
  pack: async (items, options) => packPositions(items, options),
};
