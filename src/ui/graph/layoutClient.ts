/**
 * @file Client of the layout worker (force layout, package packing): one worker for the page,
 * requests answered in order.
 * Runs in: the main thread.
 */
import type { ForceLayoutInput } from './forceLayout.ts';
import type { PackItem, PackOptions } from './packageLayout.ts';

let worker: Worker | null = null;
let nextId = 0;
const pending = new Map<number, { resolve: (p: Float64Array) => void; reject: (e: Error) => void }>();

function layoutWorker(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('./forceLayout.worker.ts', import.meta.url), { type: 'module', name: 'layout' });
  worker.onmessage = (event: MessageEvent<{ id: number; positions: Float64Array }>) => {
    pending.get(event.data.id)?.resolve(event.data.positions);
    pending.delete(event.data.id);
  };
  worker.onerror = (event) => {
    event.preventDefault();
    for (const p of pending.values()) p.reject(new Error(`layout worker failed: ${event.message}`));
    pending.clear();
    worker?.terminate();
    worker = null;
  };
  return worker;
}

function request(message: object): Promise<Float64Array> {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    layoutWorker().postMessage({ id, ...message });
  });
}

export function runForceLayout(input: ForceLayoutInput): Promise<Float64Array> {
  return request({ input });
}

/** The package overview's nested packing: node centres in item order (NaN for open packages). */
export function runPackLayout(items: PackItem[], options: PackOptions): Promise<Float64Array> {
  return request({ pack: { items, options } });
}
