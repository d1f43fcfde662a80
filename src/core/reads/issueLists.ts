/**
 * @file The paged lists behind the summary bar's buttons: skipped files with their reasons, and
 * files with syntax errors. Pages are small so 50k entries cost one page at a time.
 * Runs in: the repo worker (app), Node (cli, tests). Layer src/core.
 */
import type { SqlConnection } from '../store/sqlConnection.ts';
import { num, str, strOrNull } from './rowValues.ts';

export const ISSUE_PAGE = 100;

export type IssueListKind = 'skipped' | 'syntax';

export interface IssueEntry {
  path: string;
  reason: string;
  detail: string | null;
}

export interface IssuePage {
  total: number;
  /** Counts by reason (skipped only). */
  groups: { label: string; n: number }[];
  entries: IssueEntry[];
}

const SOURCES: Record<IssueListKind, { count: string; groups: string | null; page: (offset: number) => string }> = {
  skipped: {
    count: 'SELECT count(*) AS n FROM skipped',
    groups: 'SELECT reason AS label, count(*) AS n FROM skipped GROUP BY reason ORDER BY n DESC, reason',
    page: (offset) => `SELECT path, reason, detail FROM skipped ORDER BY path LIMIT ${ISSUE_PAGE} OFFSET ${offset}`,
  },
  syntax: {
    count: "SELECT count(DISTINCT path) AS n FROM file_issues WHERE kind = 'syntax'",
    groups: null,
    page: (offset) =>
      `SELECT path, count(*) || ' issue(s), first at line ' || min(line) AS reason, min(message) AS detail
       FROM file_issues WHERE kind = 'syntax' GROUP BY path ORDER BY path LIMIT ${ISSUE_PAGE} OFFSET ${offset}`,
  },
};

/** One page (ISSUE_PAGE entries from `offset`) of a list, with its total and groups. */
export async function readIssuePage(conn: Pick<SqlConnection, 'query'>, kind: IssueListKind, offset: number): Promise<IssuePage> {
  const source = SOURCES[kind];
  const safeOffset = Math.max(0, Math.floor(offset));
  const [count, groupRows, rows] = await Promise.all([
    conn.query(source.count),
    source.groups ? conn.query(source.groups) : Promise.resolve([]),
    conn.query(source.page(safeOffset)),
  ]);
  return {
    total: count[0] ? num(count[0], 'n') : 0,
    groups: groupRows.map((r) => ({ label: str(r, 'label'), n: num(r, 'n') })),
    entries: rows.map((r) => ({ path: str(r, 'path'), reason: str(r, 'reason'), detail: strOrNull(r, 'detail') })),
  };
}
