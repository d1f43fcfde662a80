/**
 * @file The agent's tool set over plain ports, the same in the repo worker and the CLI: the
 * database (read queries), the search engine built on first use (only `mcts` needs it: Path 2),
 * and the tree-sitter parsers for the code check. Web search is not a tool: the product runs
 * offline (GraphCodeAgent's WebSearch has no offline counterpart), and a call to it says so.
 * Runs in: everywhere. Layer src/core.
 */
import type { Parsers } from '../../parse/treeSitter.ts';
import type { SearchEngine } from '../../search/searchEngine.ts';
import type { SearchFocus } from '../../search/scopedSearch.ts';
import type { SqlConnection } from '../../store/sqlConnection.ts';
import type { AgentTool } from './agentTool.ts';
import { codeCheckTool } from './codeCheckTool.ts';
import { graphTools } from './graphTools.ts';
import { requirementTools } from './requirementTools.ts';
import { searchTools } from './searchTools.ts';

export interface AgentPorts {
  conn: Pick<SqlConnection, 'query'>;
  /**
   * The MCTS engine for a call's focus: the whole graph's, built lazily by the caller's cache
   * (first call builds, later calls reuse), or on a big graph one over the focus (focusedEngines).
   */
  searchEngine: (focus: SearchFocus) => Promise<SearchEngine>;
  /** Tree-sitter parsers for check_code; absent: no code check tool. */
  parsers?: () => Promise<Parsers>;
}

export const OFFLINE_NOTE = 'Web search is out: Ranger Studio runs offline, so the agent only searches this repository.';

/** Memoises an async factory (the search engine is built once, on first use). */
export function lazy<T>(make: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | null = null;
  return () => {
    value ??= make().catch((error: unknown) => {
      value = null;
      throw error;
    });
    return value;
  };
}

export function createAgentTools(ports: AgentPorts): AgentTool[] {
  return [
    ...requirementTools(ports.conn),
    ...graphTools(ports.conn),
    ...searchTools(ports.searchEngine),
    ...(ports.parsers ? [codeCheckTool(ports.parsers)] : []),
  ];
}
