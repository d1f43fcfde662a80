/**
 * @file The schema prompt (A.6/A.7 adapted: our labels, relationship types, properties) and
 * reading Cypher back out of LLM answers in the shapes models write them.
 * Runs in: Node (vitest).
 */
import { describe, expect, it } from 'vitest';
import { compileCypher } from '../cypher/compile.ts';
import { buildCypherMessages, buildCypherSystemPrompt, extractCypher, SUPPORTED_CYPHER } from './cypherPrompt.ts';

describe('buildCypherSystemPrompt', () => {
  it('names every label, relationship type and the properties of our tables', () => {
    const prompt = buildCypherSystemPrompt({ repoName: 'shopkit', modules: ['shopkit.cart.cart'] });
    for (const word of ['Repo', 'Module', 'Class', 'Function', 'Method', 'Field', 'GlobalVariable', 'CONTAINS', 'HAS_METHOD', 'HAS_FIELD', 'INHERITS', 'USES', 'IMPORTS', 'SIMILAR']) {
      expect(prompt).toContain(word);
    }
    for (const property of ['qualified_name', 'import_name', 'module_name', 'class_name', 'local_name', 'file_path', 'signature', 'docstring']) expect(prompt).toContain(property);
    expect(prompt).toContain("The Repo node's name is 'shopkit'.");
    expect(prompt).toContain("'shopkit.cart.cart'");
    expect(prompt).toMatch(/SAME COLUMN NAMES/);
    const messages = buildCypherMessages('  where is Cart?  ');
    expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(messages[1]!.content).toBe('## User Query:\nwhere is Cart?');
  });

  it('tells the model what the compiler supports, including the openCypher forms beyond lookups', () => {
    for (const form of ['WITH', 'UNWIND', 'shortestPath', 'allShortestPaths', 'EXISTS {', 'COUNT {', 'CASE WHEN', '$parameters', 'nodes(p)', 'n:Class']) expect(SUPPORTED_CYPHER).toContain(form);
    expect(SUPPORTED_CYPHER).toMatch(/no CALL, CREATE, SET, MERGE, DELETE/);
  });

  it('every example query in the prompt compiles', () => {
    const prompt = buildCypherSystemPrompt();
    const blocks = [...prompt.matchAll(/```cypher\n([\s\S]*?)```/g)].map((m) => m[1]!).filter((b) => !b.startsWith('['));
    expect(blocks.length).toBeGreaterThanOrEqual(4);
    for (const block of blocks) expect(() => compileCypher(block)).not.toThrow();
  });
});

describe('extractCypher', () => {
  it('reads a fenced block, an A.6-style double-backtick block, a **Query**: section and bare Cypher', () => {
    expect(extractCypher("**Thought**: Entity identified: Cart\n**Query**:\n```cypher\nMATCH (n {name: 'Cart'})\nRETURN n;\n```\n")).toBe("MATCH (n {name: 'Cart'})\nRETURN n");
    expect(extractCypher('```\nMATCH (n) RETURN n\n```')).toBe('MATCH (n) RETURN n');
    expect(extractCypher('**Query:**\n``cypher\nMATCH (c:Class) RETURN c\n``')).toBe('MATCH (c:Class) RETURN c');
    expect(extractCypher('**Thought**: x\n**Query**:\nMATCH (m:Module)\nRETURN m.name')).toBe('MATCH (m:Module)\nRETURN m.name');
    expect(extractCypher("Sure! Here it is:\nMATCH (n {name: 'x'}) RETURN n")).toBe("MATCH (n {name: 'x'}) RETURN n");
  });

  it('returns null when the answer holds no Cypher', () => {
    expect(extractCypher('I cannot answer that.')).toBeNull();
    expect(extractCypher('```\n\n```')).toBeNull();
  });
});
