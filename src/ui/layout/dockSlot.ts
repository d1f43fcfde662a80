/**
 * @file Where the player's Inspect content goes: the dock's Inspect tab panel registers its
 * element here and the player (MctsPlayer.tsx) renders its charts, inspector, what-if, diff and
 * stored runs into it through a portal, so that they are computed once, beside the timeline.
 * Runs in: the main thread.
 */
import { useSyncExternalStore } from 'react';

let inspectSlot: HTMLElement | null = null;
const listeners = new Set<() => void>();

/** The dock's Inspect tab panel mounts (an element) or unmounts (null). */
export function setInspectSlot(element: HTMLElement | null): void {
  if (element === inspectSlot) return;
  inspectSlot = element;
  for (const listener of listeners) listener();
}

export function useInspectSlot(): HTMLElement | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => inspectSlot,
  );
}
