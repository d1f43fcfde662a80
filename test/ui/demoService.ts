/**
 * @file What the UI and typed-read tests share: the demo repo indexed for real
 * (test/cypher/demoGraph.ts) behind a RepoClient with the repo worker's typed reads
 * (core/reads/graphReads.ts) and query(), every statement of either run through the read-only SQL
 * guard first and recorded; plus the id of a node found by SQL.
 * Runs in: Node (vitest).
 */
import { afterAll, beforeAll, expect } from 'vitest';
import type { WasmNodeConnection } from '../../src/adapters/node/duckdbWasmNode.ts';
import type { IndexSummary, Row } from '../../src/core/pipeline/repoService.ts';
import { createGraphReads } from '../../src/core/reads/graphReads.ts';
import { num } from '../../src/core/reads/rowValues.ts';
import { assertReadOnlySql } from '../../src/core/store/sqlGuard.ts';
import type { RepoClient } from '../../src/ui/clients/repoClient.ts';
import { indexDemo } from '../cypher/demoGraph.ts';

export interface DemoService {
  /** The UI's client: the typed reads and query() (guard first, then the demo database). */
  service: RepoClient;
  /** Every statement the service sent, in order. */
  sent: string[];
  /** Set in beforeAll. */
  conn: WasmNodeConnection;
  summary: IndexSummary;
  /** The id in the first row of `sql` (run unguarded); fails the test when there is none. */
  idOf(sql: string): Promise<number>;
}

/** Indexes the demo in the calling file's beforeAll and closes it in its afterAll. */
export function useDemoService(): DemoService {
  const guarded = {
    async query(sql: string): Promise<Row[]> {
      demo.sent.push(sql);
      assertReadOnlySql(sql);
      return demo.conn.query(sql);
    },
  };
  const demo = {
    sent: [] as string[],
    service: { ...guarded, ...createGraphReads(() => guarded) } as unknown as RepoClient,
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
