/**
 * @file The commands App hands to its components through context: the service client and
 * the few operations that need the graph (select a node and bring it into view).
 * Runs in: the main thread.
 */
import { createContext, useContext } from 'react';
import type { RepoClient } from './clients/repoClient.ts';
import type { GraphController } from './graph/graphController.ts';

export interface Commands {
  service: RepoClient;
  /** Select a node; when it is not drawn, show its ego view. null clears the selection. */
  selectNode(id: number | null): void;
  focusSearch(): void;
  /** The explorer's controller, when it is mounted (the search tree is drawn through it). */
  graph?(): GraphController | null;
}

export const CommandsContext = createContext<Commands | null>(null);

export function useCommands(): Commands {
  const commands = useContext(CommandsContext);
  if (!commands) throw new Error('useCommands outside CommandsContext');
  return commands;
}
