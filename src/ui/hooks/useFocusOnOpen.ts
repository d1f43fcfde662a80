/**
 * @file A dialog's or panel's first focus: the returned ref's element (its close button) takes
 * the focus each time `open` turns true, so Esc / Tab work at once.
 * Runs in: the main thread.
 */
import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';

export function useFocusOnOpen<T extends HTMLElement>(open: boolean): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (open) ref.current?.focus();
  }, [open]);
  return ref;
}
