/**
 * @file A code node's requirement (core/requirements) for the details pane: its text, where it
 * came from and which generator wrote it, and its PARENT_CHILD and SIMILAR_REQUIREMENT neighbours
 * named by their code nodes. null before the requirement graph is built.
 * Runs in: the repo worker (app), Node (cli, tests). Layer src/core.
 */
import { displayName } from '../graph/displayName.ts';
import type { SqlConnection } from '../store/sqlConnection.ts';
import { num, sqlIds, str, strOrNull } from './rowValues.ts';

export interface RelatedRequirement {
  relation: 'sub-requirement' | 'parent requirement' | 'similar';
  /** The code node the related requirement belongs to. */
  nodeId: number;
  name: string;
  displayName: string;
  detail: string | null;
}

export interface RequirementDetails {
  text: string;
  /** 'docstring', 'llm' or 'structural'. */
  source: string;
  generator: string;
  related: RelatedRequirement[];
}

/** The requirement of code node `nodeId`, or null (none, or no requirement tables yet). */
export async function readRequirementDetails(conn: Pick<SqlConnection, 'query'>, nodeId: number): Promise<RequirementDetails | null> {
  const rows = await conn.query(`SELECT id, text, source, generator FROM requirements WHERE node_id = ${sqlIds([nodeId])} LIMIT 1`).catch(() => []);
  const row = rows[0];
  if (!row) return null;
  const rid = sqlIds([num(row, 'id')]);
  const edges = await conn.query(
    `SELECT e.type, e.src = ${rid} AS outgoing, o.node_id, o.name, o.qualified_name, n.import_name, e.detail FROM requirement_edges e
     JOIN requirements o ON o.id = CASE WHEN e.src = ${rid} THEN e.dst ELSE e.src END LEFT JOIN nodes n ON n.id = o.node_id
     WHERE (e.src = ${rid} OR e.dst = ${rid}) AND e.type IN ('PARENT_CHILD', 'SIMILAR_REQUIREMENT') ORDER BY e.type, o.qualified_name LIMIT 60`,
  );
  return {
    text: str(row, 'text'),
    source: str(row, 'source'),
    generator: str(row, 'generator'),
    related: edges.map((e) => ({
      relation: str(e, 'type') === 'SIMILAR_REQUIREMENT' ? 'similar' : e.outgoing ? 'sub-requirement' : 'parent requirement',
      nodeId: num(e, 'node_id'),
      name: str(e, 'name'),
      displayName: displayName({ qualified_name: str(e, 'qualified_name'), import_name: strOrNull(e, 'import_name') }),
      detail: strOrNull(e, 'detail'),
    })),
  };
}
