/**
 * @file Whole nodes whose code the SQL leaves out (compileCypher's deferCode) come back from
 * runCypher with the code the self-contained SQL gives: sliced from their files for rows stored
 * as offsets (ASCII files), as stored for rows that hold their code (a file with an astral
 * character), null where a node has none; the range columns are gone. Real parse, real stitch,
 * real DuckDB (node-api and duckdb-wasm).
 * Runs in: Node (vitest).
 */
import { describe, expect, it } from 'vitest';
import { openWasmMemoryConnection } from '../../src/adapters/node/duckdbWasmNode.ts';
import { createNodeParsers } from '../../src/adapters/node/nodeParsers.ts';
import { runCypher } from '../../src/core/agent/runCypher.ts';
import { compileCypher } from '../../src/core/cypher/compile.ts';
import { extractorFor } from '../../src/core/languages/implementations.ts';
import { parseSourceFiles } from '../../src/core/parse/parseFile.ts';
import { indexRepository } from '../../src/core/pipeline/indexRepository.ts';
import type { SqlConnection } from '../../src/core/store/sqlConnection.ts';
import { memoryConnections } from '../memoryConnections.ts';

const openMemory = memoryConnections();

const SHOP = ['class Cart:', '    def add(self, item):', '        self.items.append(item)', '', 'def checkout(cart):', '    return cart.add(1)', ''].join('\n');
/** An astral character (two UTF-16 code units, one code point): this file's rows keep their code. */
const BANNER = ['# sale \u{1F600}', 'def banner():', '    return "\u{1F600} sale"', ''].join('\n');

async function indexShop(conn: SqlConnection): Promise<void> {
  const parsers = await createNodeParsers();
  const encoder = new TextEncoder();
  const files = { 'shop.py': SHOP, 'banner.py': BANNER };
  await indexRepository(
    { kind: 'files', name: 'shop', files: Object.entries(files).map(([path, text]) => ({ path, data: encoder.encode(text) })) },
    { parseFiles: async (sources) => parseSourceFiles(parsers, await sources.all(), extractorFor), conn },
    {},
  );
}

const QUERIES = [
  // A name lookup: the router's Path 1 shape.
  "MATCH (n) WHERE n.name IN ['Cart', 'add', 'banner', 'checkout'] RETURN DISTINCT n",
  // Two node columns and a value column.
  'MATCH (c:Class)-[:HAS_METHOD]->(m:Method) RETURN DISTINCT c, m, m.name AS name',
  // An OPTIONAL MATCH that finds nothing: a null node.
  "MATCH (f:Function {name: 'banner'}) OPTIONAL MATCH (f)-[:USES]->(u:Class) RETURN DISTINCT f, u",
  // A UNION of whole nodes.
  "MATCH (n:Function {name: 'banner'}) RETURN n UNION MATCH (n:Method) RETURN n",
  // The Repo node: no file, no code.
  'MATCH (r:Repo) RETURN DISTINCT r',
];

describe('whole nodes with their code left to the caller', () => {
  for (const [engine, open] of [
    ['node-api', openMemory],
    ['duckdb-wasm', openWasmMemoryConnection],
  ] as const) {
    it(`give the rows the self-contained SQL gives (${engine})`, async () => {
      const conn = await open();
      await indexShop(conn);
      const stored = await conn.query("SELECT name, code IS NULL AS offsets FROM node_rows WHERE name IN ('add', 'banner') AND kind <> 'Module' ORDER BY name");
      expect(stored).toEqual([
        { name: 'add', offsets: true },
        { name: 'banner', offsets: false },
      ]);
      for (const query of QUERIES) {
        const compiled = compileCypher(query, {}, { deferCode: true });
        expect(compiled.deferredCode.length, query).toBeGreaterThan(0);
        expect(compiled.sql, query).not.toContain('FROM files');
        const expected = await conn.query(compileCypher(query).sql);
        const result = await runCypher(conn, query);
        expect(result.rows, query).toEqual(expected);
        expect(result.rows.length, query).toBeGreaterThan(0);
      }
      const [add] = (await runCypher(conn, "MATCH (n:Method {name: 'add'}) RETURN DISTINCT n")).rows;
      expect((add!.n as { code: string }).code).toBe('def add(self, item):\n        self.items.append(item)');
      const [banner] = (await runCypher(conn, "MATCH (n:Function {name: 'banner'}) RETURN DISTINCT n")).rows;
      expect((banner!.n as { code: string }).code).toBe('def banner():\n    return "\u{1F600} sale"');
      await conn.close?.();
    });
  }

  it('leave the SQL self-contained where the last step builds nodes from their rows', () => {
    for (const query of ['MATCH (n:Method) RETURN n', 'MATCH (n:Method) RETURN DISTINCT n ORDER BY n.name', 'MATCH (n:Method) RETURN collect(n) AS all']) {
      expect(compileCypher(query, {}, { deferCode: true }).deferredCode, query).toEqual([]);
    }
  });
});
