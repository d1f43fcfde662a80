/**
 * @file Layout worker: runs forceLayout or the package overview's packing off the main thread.
 * Protocol: {id, input} (force) or {id, pack} in, {id, positions} out (positions transferred;
 * for a pack, the node centre of each item in input order, NaN for open packages).
 * Runs in: a dedicated module worker started by src/ui/graph/layoutClient.ts.
 */
import { forceLayout } from './forceLayout.ts';
import type { ForceLayoutInput } from './forceLayout.ts';
import type { PackItem, PackOptions } from './packageLayout.ts';
import { packPositions } from './inThreadLayouts.ts';

type Request = { id: number; input: ForceLayoutInput } | { id: number; pack: { items: PackItem[]; options: PackOptions } };

self.onmessage = (event: MessageEvent<Request>) => {
  const request = event.data;
  const positions = 'pack' in request ? packPositions(request.pack.items, request.pack.options) : forceLayout(request.input);
  (self as unknown as Worker).postMessage({ id: request.id, positions }, [positions.buffer]);
};
