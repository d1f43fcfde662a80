/**
 * @file Layout worker: runs forceLayout or the package overview's packing off the main thread.
 * Protocol: {id, input} (force) or {id, pack} in, {id, positions} out (positions transferred;
 * for a pack, the node centre of each item in input order, NaN for open packages).
 * Runs in: a dedicated module worker started by src/ui/graph/layoutClient.ts.
 */
import { forceLayout } from './forceLayout.ts';
import type { ForceLayoutInput } from './forceLayout.ts';
import { packLayout } from '../../core/graph/packageLayout.ts';
import type { PackItem, PackOptions } from '../../core/graph/packageLayout.ts';

type Request = { id: number; input: ForceLayoutInput } | { id: number; pack: { items: PackItem[]; options: PackOptions } };

function packed(items: PackItem[], options: PackOptions): Float64Array {
  const { positions } = packLayout(items, options);
  const out = new Float64Array(items.length * 2).fill(NaN);
  items.forEach((item, i) => {
    const at = positions.get(item.key);
    if (at) out.set([at.x, at.y], i * 2);
  });
  return out;
}

self.onmessage = (event: MessageEvent<Request>) => {
  const request = event.data;
  const positions = 'pack' in request ? packed(request.pack.items, request.pack.options) : forceLayout(request.input);
  (self as unknown as Worker).postMessage({ id: request.id, positions }, [positions.buffer]);
};
