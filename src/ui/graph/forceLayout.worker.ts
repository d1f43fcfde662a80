/**
 * @file Layout worker: runs forceLayout off the main thread. Protocol: {id, input} in,
 * {id, positions} out (positions transferred).
 * Runs in: a dedicated module worker started by src/ui/graph/layoutClient.ts.
 */
import { forceLayout } from './forceLayout.ts';
import type { ForceLayoutInput } from './forceLayout.ts';

self.onmessage = (event: MessageEvent<{ id: number; input: ForceLayoutInput }>) => {
  const { id, input } = event.data;
  const positions = forceLayout(input);
  (self as unknown as Worker).postMessage({ id, positions }, [positions.buffer]);
};
