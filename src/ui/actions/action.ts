/**
 * @file What a registered action is (name, label, keys shown in the shortcuts dialog, keyTest,
 * perform) and the key tests the lists share. The app's list (actions.ts) and the player's
 * (player/playerActions.ts) both build on this file alone, so neither imports the other's list:
 * actions.ts combines them.
 * Runs in: the main thread.
 */
import type { GraphController } from '../graph/graphController.ts';

export interface ActionContext {
  graph(): GraphController | null;
  focusSearch(): void;
  cancelIndexing(): void;
  /** Stops the running describe / embed / SIMILAR / model load (what is stored stays). */
  cancelSemantic(): void;
  /** Stops the running question (MCTS) or evaluation. */
  cancelQuestion(): void;
  selectNode(id: number | null): void;
}

export interface Action {
  name: string;
  label: string;
  /** Keys as shown to the user. */
  keys: string[];
  keyTest(event: KeyboardEvent): boolean;
  perform(ctx: ActionContext): void;
  /** Also fires while focus is in a text field (only Escape does). */
  inTextFields?: boolean;
  /** The action applies now (else its key falls through to the next action or the browser). */
  predicate?: () => boolean;
}

/** No Ctrl, Meta or Alt held. */
export const plainKey = (event: KeyboardEvent): boolean => !event.ctrlKey && !event.metaKey && !event.altKey;

/** Ctrl or Meta held (Cmd on a Mac), without Alt. */
export const modKey = (event: KeyboardEvent): boolean => (event.ctrlKey || event.metaKey) && !event.altKey;
