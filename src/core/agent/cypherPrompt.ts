/**
 * @file The router's schema prompt (RANGER A.6 / A.7 adapted to our tables, docs/schema.md)
 * and reading the Cypher back out of an LLM answer (fences, **Query**: markers, thoughts).
 * Runs in: everywhere. Layer src/core.
 */
import { EDGE_TYPES, NODE_KINDS } from '../graph/types.ts';
import type { ChatMessage } from '../models/types.ts';

/** What the prompt may say about the loaded graph besides the fixed schema. */
export interface PromptGraphInfo {
  repoName?: string | null;
  /** A few dotted module names, so the model sees how they look. */
  modules?: readonly string[];
}

export const SCHEMA_NODES = `**Nodes** (label = kind; every node has id, name, qualified_name, import_name, file_path, start_line, end_line, language; qualified_name is the dotted path from the repo root and unique, like 'src.pkg.mod.Cart.add'; import_name is the name code imports it by, like 'pkg.mod.Cart.add', null where the language has none):
- Repo (name)
- Module (name = dotted path from the repo root like 'pkg.sub.mod', local_name = file stem, import_name, code, description)
- Class (name, qualified_name, code, signature, docstring, description, module_name)
- Function (name, qualified_name, code, signature, docstring, description, module_name)
- Method (name, qualified_name, code, signature, docstring, description, module_name, class_name; 'class' also works)
- Field (name, class_name, module_name)
- GlobalVariable (name, code, module_name)`;

export const SCHEMA_EDGES = `**Edges** (relationship type; property detail):
- CONTAINS (Repo->Module, Module->Class/Function/GlobalVariable)
- HAS_METHOD (Class->Method), HAS_FIELD (Class->Field)
- INHERITS (Class->Class, subclass -> base)
- USES (All->Dependencies; detail is call, instantiate, reference, decorate or annotate)
- IMPORTS (Module->Module)
- SIMILAR (similar descriptions, both ways)`;

export const SUPPORTED_CYPHER = `**Supported Cypher** (read-only openCypher): MATCH, OPTIONAL MATCH, WHERE (=, <>, <, >, <=, >=, IN, CONTAINS, STARTS WITH, ENDS WITH, =~, IS NULL, AND, OR, XOR, NOT, label tests like n:Class or n:Function|Method), WITH (aggregation, WHERE, DISTINCT, ORDER BY / SKIP / LIMIT, pipelines of several WITH), UNWIND, variable-length paths like -[:INHERITS*1..3]-> (at most 10 hops; one row per walk, so use RETURN DISTINCT), named paths p = (...) with length(p), nodes(p), relationships(p), shortestPath((a)-[:USES*..6]-(b)) and allShortestPaths, pattern predicates WHERE NOT (m)-[:CONTAINS]->(:Class), EXISTS { MATCH ... }, COUNT { MATCH ... }, CASE WHEN ... THEN ... ELSE ... END, list comprehensions [x IN list WHERE ... | ...], pattern comprehensions [(c)-[:HAS_METHOD]->(m) | m.name], any/all/none/single, $parameters, RETURN [DISTINCT] with AS aliases, whole nodes and RETURN *, UNION / UNION ALL; functions labels, type, id, count, collect, min, max, sum, avg, size, length, substring, split, toUpper, toLower, trim, replace, left, right, reverse, toString, toInteger, toFloat, coalesce, keys, properties, head, last, tail, range, abs, round, ceil, floor. Nothing that writes or calls procedures (no CALL, CREATE, SET, MERGE, DELETE, REMOVE, FOREACH, LOAD CSV).`;

const EXAMPLES = `## Example Queries:

### Where is a class defined
**Question**: where is CartService defined?
**Thought**: Entity identified: class \`CartService\`.
**Query**:
\`\`\`cypher
MATCH (n {name: 'CartService'})
RETURN n, n.file_path AS file, n.start_line AS line
\`\`\`

### Dependencies of a method (A.7 Example 1)
**Question**: what does ColumnTemplateAdmin.get_client_data use?
**Thought**: Entity identified: method \`get_client_data\` of class \`ColumnTemplateAdmin\`.
**Query**:
\`\`\`cypher
MATCH (c:Class {name: 'ColumnTemplateAdmin'})-[:HAS_METHOD]->(method {name: 'get_client_data'})
OPTIONAL MATCH (method)-[:USES]->(dep)
RETURN DISTINCT dep AS dep, labels(dep) AS label
\`\`\`

### A class and its base class (A.6)
**Question**: show BaseRMSLayerNorm and the class it extends
**Query**:
\`\`\`cypher
MATCH (c:Class {name: 'BaseRMSLayerNorm'})
RETURN DISTINCT c AS dep, labels(c) AS label
UNION
MATCH (:Class {name: 'BaseRMSLayerNorm'})-[:INHERITS]->(c:Class)
RETURN DISTINCT c AS dep, labels(c) AS label
\`\`\`

### Classes with the most methods (WITH pipeline)
**Question**: which classes have the most methods?
**Query**:
\`\`\`cypher
MATCH (c:Class)-[:HAS_METHOD]->(m:Method)
WITH c, count(m) AS methods
ORDER BY methods DESC LIMIT 5
RETURN c.name AS name, c.file_path AS file, methods
\`\`\`

### A natural-language question with no code entity
**Question**: how are prices rounded?
**Thought**: No code entity named; answer with a query that returns nothing.
**Query**:
\`\`\`cypher
MATCH (n {name: '__none__'}) RETURN n
\`\`\``;

/** The system prompt: A.6/A.7's structure with our labels, relationship types and properties. */
export function buildCypherSystemPrompt(info: PromptGraphInfo = {}): string {
  const lines = [
    '# Neo4j Cypher Query Expert for Code Search',
    '',
    'You are a Neo4j Cypher query expert. Your task is to generate one concise Cypher query that',
    'finds the code entities a question about this repository asks for, based on the graph schema.',
    '',
    '## Graph Schema:',
    SCHEMA_NODES,
    SCHEMA_EDGES,
    `Labels: ${NODE_KINDS.join(', ')}. Relationship types: ${EDGE_TYPES.join(', ')}.`,
    '',
    SUPPORTED_CYPHER,
  ];
  if (info.repoName) lines.push('', `The Repo node's name is '${info.repoName}'.`);
  if (info.modules && info.modules.length > 0) lines.push(`Some Module names: ${info.modules.slice(0, 12).map((m) => `'${m}'`).join(', ')}.`);
  lines.push(
    '',
    '## Instructions:',
    '- **CORRECTNESS**: Use proper Cypher syntax. Ensure each UNION branch has a complete MATCH...RETURN with the SAME COLUMN NAMES in the same order.',
    '- **GENERATE MINIMAL QUERIES**: only retrieve the nodes the question asks for. Use the fewest UNION clauses possible.',
    '- **MANDATORY**: return whole nodes (e.g. `RETURN DISTINCT dep AS dep, labels(dep) AS label`) so the results can be shown on the graph.',
    "- **IMPORTANT**: ONLY USE NAMES THAT APPEAR IN THE QUESTION. If the question names no code entity (class, function, method, module, variable), return a query that matches nothing, as in the last example.",
    "- **MODULE NODES**: use 'name' for dotted names, 'local_name' for undotted file stems.",
    '- **IMPORTANT**: pay attention to the provided graph schema to make correct queries.',
    '',
    EXAMPLES,
    '',
    '## Your Task:',
    'First provide a brief thought on your decision process, then generate **ONLY THE CYPHER QUERY**.',
    '',
    '**Format**:',
    '**Thought**: Entity identified: <name> OR No code entity identified',
    '**Query**:',
    '```cypher',
    '[Cypher query only]',
    '```',
  );
  return lines.join('\n');
}

/** The chat for one question: system prompt + the question as the user turn. */
export function buildCypherMessages(question: string, info: PromptGraphInfo = {}): ChatMessage[] {
  return [
    { role: 'system', content: buildCypherSystemPrompt(info) },
    { role: 'user', content: `## User Query:\n${question.trim()}` },
  ];
}

const CLAUSE_START = /^\s*(OPTIONAL\s+MATCH|MATCH|CREATE|MERGE|WITH|UNWIND|CALL|RETURN)\b/i;

/**
 * The Cypher in an LLM answer: the first fenced block (```cypher or plain ```), else the text
 * after a **Query**: marker, else from the first line that starts a clause. Null when none.
 */
export function extractCypher(answer: string): string | null {
  const fenced = /```[ \t]*(?:cypher|sql|neo4j)?[ \t]*\r?\n([\s\S]*?)```/i.exec(answer) ?? /``+[ \t]*(?:cypher)?[ \t]*([\s\S]*?)``+/i.exec(answer);
  let text: string | null = fenced ? (fenced[1] ?? null) : null;
  if (text === null) {
    const marker = /\*\*Query\*\*\s*:?\s*\**\s*:?/i.exec(answer) ?? /(^|\n)\s*Query\s*:/i.exec(answer);
    const rest = marker ? answer.slice(marker.index + marker[0].length) : answer;
    const lines = rest.split(/\r?\n/);
    const first = lines.findIndex((l) => CLAUSE_START.test(l));
    if (first < 0) return null;
    text = lines.slice(first).join('\n');
  }
  const cleaned = text
    .split(/\r?\n/)
    .filter((l) => !/^\s*\*\*Thought\*\*/i.test(l))
    .join('\n')
    .trim()
    .replace(/;\s*$/, '')
    .trim();
  return cleaned.length > 0 && /\b(MATCH|RETURN|CREATE|MERGE|CALL|WITH|UNWIND)\b/i.test(cleaned) ? cleaned : null;
}
