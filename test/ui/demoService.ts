/**
 * @file What the UI query tests share: the demo repo indexed for real (test/cypher/demoGraph.ts)
 * behind a RepoClient whose query() runs the read-only SQL guard first, as the repo worker does,
 * and records every statement it was sent; plus the id of a node found by SQL.
 * Runs in: Node (vitest).
 */
import { afterAll, beforeAll, expect } from 'vitest';
import type { WasmNodeConnection } from '../../src/adapters/node/duckdbWasmNode.ts';
import type { IndexSummary, Row } from '../../src/core/pipeline/repoService.ts';
import { assertReadOnlySql } from '../../src/core/store/sqlGuard.ts';
import type { RepoClient } from '../../src/ui/clients/repoClient.ts';
import { num } from '../../src/ui/data/sql.ts';
import { indexDemo } from '../cypher/demoGraph.ts';

export interface DemoService {
  /** The UI's client; query() only (guard first, then the demo database). */
  service: RepoClient;
  /** Every statement service.query() was sent, in order. */
  sent: string[];
  /** Set in beforeAll. */
  conn: WasmNodeConnection;
  summary: IndexSummary;
  /** The id in the first row of `sql` (run unguarded); fails the test when there is none. */
  idOf(sql: string): Promise<number>;
}

/** Indexes the demo in the calling file's beforeAll and closes it in its afterAll. */
export function useDemoService(): DemoService {
  const demo = {
    sent: [] as string[],
    service: {
      async query(sql: string): Promise<Row[]> {
        demo.sent.push(sql);
        assertReadOnlySql(sql);
        return demo.conn.query(sql);
      },
    } as unknown as RepoClient,
    async idOf(sql: string): Promise<number> {
      const rows = await demo.conn.query(sql);
      expect(rows.length).toBeGreaterThan(0);
      return num(rows[0]!, 'id');
    },
  } as DemoService;
  beforeAll(async () => {
    Object.assign(demo, await indexDemo());
  });
  afterAll(async () => {
    await demo.conn?.close();
  });
  return demo;
}
