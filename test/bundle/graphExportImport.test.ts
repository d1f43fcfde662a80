/**
 * @file The scale-out exports loaded where they go. Kuzu: the demo graph's `export --format kuzu`
 * files, run as written (schema.cypher, then copy.cypher, from the export folder) in the kuzu npm
 * package, give the same node count per kind, edge count per type and node texts (code with
 * quotes and line breaks) as the database. Neo4j: nodes.csv and relationships.csv follow
 * neo4j-admin's documented header format (`<name>:<field_type>`: one `:ID`, `:LABEL`;
 * `:START_ID`, `:END_ID`, `:TYPE`; property types from the documented list), every row has the
 * header's field count under RFC 4180 quoting, and every relationship end is a node id.
 * Runs in: Node (vitest).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WasmNodeConnection } from '../../src/adapters/node/duckdbWasmNode.ts';
import { exportGraphFiles } from '../../src/core/bundle/graphExport.ts';
import { openDemoGraph } from '../cypher/demoGraph.ts';
import { loadKuzu } from '../cypher/kuzu/kuzuGraph.ts';

let conn: WasmNodeConnection;
const dir = mkdtempSync(join(tmpdir(), 'ranger-scale-out-'));

beforeAll(async () => {
  conn = await openDemoGraph();
}, 120_000);

afterAll(async () => {
  await conn?.close();
  rmSync(dir, { recursive: true, force: true });
});

const count = async (sql: string) => Number((await conn.query(sql))[0]!.n);

/** Statements of a .cypher file (one per `;`-terminated line). */
function statements(text: string): string[] {
  return text.split('\n').map((line) => line.trim()).filter((line) => line.length > 0);
}

describe('the Kuzu export imported into Kuzu', () => {
  it('loads as written and gives the same counts and texts', async () => {
    const files = await exportGraphFiles(conn, 'kuzu');
    const out = join(dir, 'kuzu');
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out);
    for (const [name, text] of Object.entries(files)) writeFileSync(join(out, name), text);

    const kuzu = loadKuzu();
    const db = new kuzu.Database(':memory:', 256 * 1024 * 1024);
    const kc = new kuzu.Connection(db, 2);
    const cwd = process.cwd();
    try {
      // copy.cypher names its CSVs relative to the export folder, as a person runs it there.
      process.chdir(out);
      for (const statement of [...statements(files['schema.cypher']!), ...statements(files['copy.cypher']!)]) await kc.query(statement);
    } finally {
      process.chdir(cwd);
    }
    try {
      const kinds = (await conn.query('SELECT kind, count(*) AS n FROM nodes GROUP BY kind ORDER BY kind')).map((r) => [String(r.kind), Number(r.n)] as const);
      expect(kinds.length).toBeGreaterThan(4);
      for (const [kind, n] of kinds) {
        const rows = await (await kc.query(`MATCH (x:${kind}) RETURN count(x) AS n`)).getAll();
        expect([kind, Number(rows[0]!.n)]).toEqual([kind, n]);
      }
      const types = (await conn.query('SELECT type, count(*) AS n FROM edges GROUP BY type ORDER BY type')).map((r) => [String(r.type), Number(r.n)] as const);
      for (const [type, n] of types) {
        const rows = await (await kc.query(`MATCH ()-[r:${type}]->() RETURN count(r) AS n`)).getAll();
        expect([type, Number(rows[0]!.n)]).toEqual([type, n]);
      }
      // A text with quotes and line breaks survives the CSV round trip byte for byte.
      const tricky = await conn.query(`SELECT id, kind, code FROM nodes WHERE kind IN ('Function', 'Method') AND code LIKE '%"%' AND code LIKE '%' || chr(10) || '%' ORDER BY id LIMIT 1`);
      expect(tricky.length).toBe(1);
      const { id, kind, code } = tricky[0]!;
      const back = await (await kc.query(`MATCH (x:${String(kind)}) WHERE x.id = ${Number(id)} RETURN x.code AS code`)).getAll();
      expect(back[0]!.code).toBe(code);
      expect(await count('SELECT count(*) AS n FROM nodes')).toBe(kinds.reduce((s, [, n]) => s + n, 0));
    } finally {
      await kc.close();
      await db.close();
    }
  }, 120_000);
});

/** RFC 4180 records of a CSV text (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  const endField = () => {
    record.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      endField();
    } else if (!quoted && c === '\n') {
      endField();
      records.push(record);
      record = [];
    } else {
      field += c;
    }
  }
  if (field !== '' || record.length > 0) {
    endField();
    records.push(record);
  }
  return records;
}

/** neo4j-admin's documented property types (a trailing `[]` makes an array). */
const NEO4J_PROPERTY_TYPES = new Set(
  'int long float double boolean byte short char string point date localtime time localdatetime datetime duration'.split(' '),
);
const NEO4J_SPECIAL = new Set(['ID', 'LABEL', 'START_ID', 'END_ID', 'TYPE', 'IGNORE']);

/** One header field as neo4j-admin reads it: `<name>:<field_type>`, the type optional (string). */
function headerField(field: string): { name: string; type: string } {
  const m = /^([^:]*)(?::([A-Za-z_]+)(\([^)]*\))?(\{[^}]*\})?(\[\])?)?$/.exec(field);
  if (!m) throw new Error(`not a neo4j-admin header field: ${field}`);
  const type = m[2] ?? 'string';
  if (!NEO4J_SPECIAL.has(type) && !NEO4J_PROPERTY_TYPES.has(type)) throw new Error(`unknown field type in ${field}`);
  if (!NEO4J_SPECIAL.has(type) && m[1] === '') throw new Error(`a property needs a name: ${field}`);
  return { name: m[1]!, type };
}

describe('the Neo4j export against neo4j-admin\'s header format', () => {
  it('has documented headers, whole rows and relationship ends that are node ids', async () => {
    const files = await exportGraphFiles(conn, 'neo4j');
    const nodes = parseCsv(files['nodes.csv']!);
    const rels = parseCsv(files['relationships.csv']!);
    const nodeHeader = nodes[0]!.map(headerField);
    const relHeader = rels[0]!.map(headerField);
    const types = (header: { type: string }[], type: string) => header.filter((f) => f.type === type).length;
    expect(types(nodeHeader, 'ID')).toBe(1);
    expect(types(nodeHeader, 'LABEL')).toBe(1);
    expect([types(relHeader, 'START_ID'), types(relHeader, 'END_ID'), types(relHeader, 'TYPE')]).toEqual([1, 1, 1]);
    const names = nodeHeader.filter((f) => !NEO4J_SPECIAL.has(f.type) || f.type === 'ID').map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);

    expect(nodes.length - 1).toBe(await count('SELECT count(*) AS n FROM nodes'));
    expect(rels.length - 1).toBe(await count('SELECT count(*) AS n FROM edges'));
    expect(nodes.slice(1).every((r) => r.length === nodeHeader.length)).toBe(true);
    expect(rels.slice(1).every((r) => r.length === relHeader.length)).toBe(true);

    const idAt = nodeHeader.findIndex((f) => f.type === 'ID');
    const ids = new Set(nodes.slice(1).map((r) => r[idAt]));
    const [start, end] = [relHeader.findIndex((f) => f.type === 'START_ID'), relHeader.findIndex((f) => f.type === 'END_ID')];
    expect(rels.slice(1).filter((r) => !ids.has(r[start]) || !ids.has(r[end]))).toEqual([]);
    // int properties hold integers (or nothing).
    const ints = nodeHeader.flatMap((f, i) => (f.type === 'int' ? [i] : []));
    expect(ints.length).toBeGreaterThan(0);
    expect(nodes.slice(1).filter((r) => ints.some((i) => r[i] !== '' && !/^-?\d+$/.test(r[i]!)))).toEqual([]);
  }, 60_000);
});
