/**
 * @file The graph schema in words for agents: the nodes, edges and supported Cypher the router's
 * prompt uses (core/agent/cypherPrompt.ts, docs/schema.md), and the requirement graph.
 * Runs in: Node (cli).
 */
import { SCHEMA_EDGES, SCHEMA_NODES, SUPPORTED_CYPHER } from '../../core/agent/cypherPrompt.ts';

export const REQUIREMENT_SCHEMA = `**Requirement graph** (after \`ranger requirements\`): label Requirement (requirement = its text, description = where the text came from: docstring, llm or structural; name, qualified_name, file_path of its code node), relationships PARENT_CHILD (Requirement->Requirement: the caller's requirement to the callee's), SIMILAR_REQUIREMENT, IMPLEMENTED_BY (Requirement->its Class/Function/Method).`;

export const GRAPH_SCHEMA = [
  '# RANGER code knowledge graph',
  SCHEMA_NODES,
  SCHEMA_EDGES,
  REQUIREMENT_SCHEMA,
  SUPPORTED_CYPHER,
  'Names: Module name is the dotted path from the repository root (`pkg.sub.mod`); import_name is how code imports it. A definition\'s qualified_name is its module\'s name plus its own dotted path. Lines count from 1.',
].join('\n\n');
