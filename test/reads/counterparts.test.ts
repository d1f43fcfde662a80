/**
 * @file The details of a C++ or Go member defined away from its class: a declared Method lists
 * its out-of-line definitions, and such a definition (a Function 'T.f') its class and the Method
 * it defines. Small repositories indexed for real (tree-sitter, stitcher, duckdb-wasm).
 * Runs in: Node (vitest).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WasmNodeConnection } from '../../src/adapters/node/duckdbWasmNode.ts';
import { readNodeDetails } from '../../src/core/reads/nodeDetails.ts';
import { num } from '../../src/core/reads/rowValues.ts';
import type { Row } from '../../src/core/store/sqlConnection.ts';
import { assertReadOnlySql } from '../../src/core/store/sqlGuard.ts';
import { indexTexts } from '../cypher/demoGraph.ts';

let conn: WasmNodeConnection;
const guarded = { query: async (sql: string): Promise<Row[]> => (assertReadOnlySql(sql), conn.query(sql)) };

async function detailsOf(qualifiedName: string, kind: string) {
  const rows = await conn.query(`SELECT id FROM nodes WHERE qualified_name = '${qualifiedName}' AND kind = '${kind}'`);
  expect(rows, `${kind} ${qualifiedName}`).toHaveLength(1);
  return (await readNodeDetails(guarded, num(rows[0]!, 'id')))!;
}

const listed = (details: Awaited<ReturnType<typeof detailsOf>>) => details.counterparts.map((c) => `${c.kind} ${c.qualifiedName} ${c.detail}`);

describe('details: members defined away from their class', () => {
  beforeAll(async () => {
    ({ conn } = await indexTexts('geo', {
      'src/shape.h': 'namespace geo {\nclass Shape {\n public:\n  double area() const;\n  int sides() const { return 4; }\n};\n}\n',
      'src/shape.cpp': '#include "shape.h"\nnamespace geo {\ndouble Shape::area() const { return sides(); }\n}\n',
      'go.mod': 'module example.com/geo\n',
      'model/product.go': 'package model\n\ntype Product struct{ Name string }\n',
      'model/label.go': 'package model\n\nfunc (p *Product) Label() string { return p.Name }\n',
      'app/main.py': 'def area():\n    return 1\n',
    }));
  });
  afterAll(async () => conn?.close());

  it('C++: the declared Method lists its definition, the definition its class and the declaration', async () => {
    expect(listed(await detailsOf('src.shape.Shape.area', 'Method'))).toEqual(['Function src.shape.cpp.Shape.area src/shape.cpp:3']);
    expect(listed(await detailsOf('src.shape.cpp.Shape.area', 'Function'))).toEqual([
      'Class src.shape.Shape src/shape.h:2',
      'Method src.shape.Shape.area src/shape.h:4',
    ]);
  });

  it('Go: a method of a type of another file lists its type; plain functions and other languages list nothing', async () => {
    expect(listed(await detailsOf('model.label.Product.Label', 'Function'))).toEqual(['Class model.product.Product model/product.go:3']);
    expect((await detailsOf('src.shape.Shape.sides', 'Method')).counterparts).toEqual([]);
    expect((await detailsOf('app.main.area', 'Function')).counterparts).toEqual([]);
  });
});
