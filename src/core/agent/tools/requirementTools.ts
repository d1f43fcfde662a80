/**
 * @file GraphCodeAgent's requirement-graph tools (3.4.1): `requirement_search` (RGRetrieval: the
 * stored requirements most similar to the user's requirement, and the sub-requirements, i.e.
 * PARENT_CHILD children, of the best of them) and `map_to_code` (DualGraphMapping: requirement
 * ids -> their code nodes through IMPLEMENTED_BY). Similarity: the built-in lexical embedder
 * fitted on the requirement texts (read once per tool set), cosine with the query.
 * Runs in: everywhere. Layer src/core.
 */
import { AppError } from '../../errors.ts';
import { displayName } from '../../graph/displayName.ts';
import { LexicalEmbedder } from '../../models/lexicalEmbedder.ts';
import { hasRequirementGraph, readRequirements, REQUIREMENT_EDGES_TABLE } from '../../requirements/requirementStore.ts';
import type { RequirementRow } from '../../requirements/requirementStore.ts';
import type { SqlConnection } from '../../store/sqlConnection.ts';
import type { AgentTool, ToolResult } from './agentTool.ts';
import { nodeLine } from './agentTool.ts';

interface RequirementIndex {
  rows: RequirementRow[];
  embedder: LexicalEmbedder;
  vectors: Float32Array[];
}

const NO_GRAPH = 'This database has no requirement graph: build it first (app: Agent panel "Build requirement graph"; CLI: ranger requirements --db <file>).';
/** requirement_search's answer before the requirement graph exists: not an error, a skipped step. */
export const NO_GRAPH_SKIPPED = 'No requirement graph yet, so this step is skipped (build it: Agent panel "Build requirement graph"; CLI: ranger requirements --db <file>).';

function firstLine(text: string): string {
  return text.split('\n')[0].replace(/^Purpose:\s*/, '').slice(0, 140);
}

export function requirementTools(conn: Pick<SqlConnection, 'query'>): AgentTool[] {
  let index: Promise<RequirementIndex> | null = null;
  const loadIndex = (): Promise<RequirementIndex> =>
    (index ??= (async () => {
      if (!(await hasRequirementGraph(conn))) throw new AppError('INPUT_INVALID', NO_GRAPH);
      const rows = await readRequirements(conn);
      const embedder = new LexicalEmbedder();
      embedder.fit(rows.map((r) => r.text));
      const vectors = await embedder.embed(rows.map((r) => r.text), 'document');
      return { rows, embedder, vectors };
    })());

  const search: AgentTool = {
    name: 'requirement_search',
    description:
      'Requirement graph retrieval: finds the stored requirements (what each function, method or class is for) most similar to a requirement or question, plus the sub-requirements of the best match. Returns requirement ids (R#) with their code node ids (#).',
    parameters: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'The requirement or question in plain words.' },
        k: { type: 'integer', description: 'How many similar requirements (default 5).', minimum: 1, maximum: 20 },
      },
      required: ['query'],
      additionalProperties: false,
    },
    async run(args): Promise<ToolResult> {
      // Without a requirement graph this step is skipped in one calm line (the rest of a plan goes on); checked each
      // time, so a graph built later is found.
      if (!(await hasRequirementGraph(conn))) return { text: NO_GRAPH_SKIPPED, nodeIds: [] };
      const { rows, embedder, vectors } = await loadIndex();
      const k = (args.k as number | undefined) ?? 5;
      const [query] = await embedder.embed([String(args.query)], 'query');
      const scored = vectors.map((v, i) => {
        let dot = 0;
        for (let d = 0; d < v.length; d++) dot += v[d] * query[d];
        return { i, score: dot };
      });
      scored.sort((a, b) => b.score - a.score || a.i - b.i);
      const top = scored.slice(0, k).filter((s) => s.score > 0).map((s) => rows[s.i]);
      if (top.length === 0) return { text: 'No stored requirement shares words with the query.', nodeIds: [] };
      const children = await conn.query(
        `SELECT e.src AS parent, e.dst AS child FROM ${REQUIREMENT_EDGES_TABLE} e WHERE e.type = 'PARENT_CHILD' AND e.src IN (${top
          .slice(0, 2)
          .map((r) => r.id)
          .join(', ')}) ORDER BY e.src, e.dst LIMIT 8`,
      );
      const childRows = await readRequirements(conn, children.map((c) => Number(c.child)));
      const shown = [...new Set([...top, ...childRows].map((r) => r.node_id))];
      const imported = new Map((await conn.query(`SELECT id, import_name FROM nodes WHERE id IN (${shown.join(', ')})`)).map((n) => [Number(n.id), n.import_name as string | null]));
      const line = (r: RequirementRow) =>
        `R#${r.id} -> #${r.node_id} ${r.kind} ${displayName({ qualified_name: r.qualified_name, import_name: imported.get(r.node_id) })} [${r.source}]: ${firstLine(r.text)}`;
      const text = [
        'Similar requirements:',
        ...top.map(line),
        ...(childRows.length > 0 ? ['Sub-requirements (called by the best matches):', ...childRows.map(line)] : []),
      ].join('\n');
      return { text, nodeIds: [...new Set([...top, ...childRows].map((r) => r.node_id))] };
    },
  };

  const map: AgentTool = {
    name: 'map_to_code',
    description: 'Dual-graph mapping: the code nodes (Function, Method, Class) that implement the given requirement ids (R#).',
    parameters: {
      type: 'object',
      properties: { requirement_ids: { type: 'array', items: { type: 'integer' }, minItems: 1, maxItems: 20 } },
      required: ['requirement_ids'],
      additionalProperties: false,
    },
    async run(args): Promise<ToolResult> {
      if (!(await hasRequirementGraph(conn))) throw new AppError('INPUT_INVALID', NO_GRAPH);
      const ids = (args.requirement_ids as number[]).map((id) => Math.trunc(id));
      const rows = await conn.query(
        `SELECT e.src AS requirement, n.id, n.kind, n.qualified_name, n.import_name, n.file_path, n.start_line FROM ${REQUIREMENT_EDGES_TABLE} e
         JOIN nodes n ON n.id = e.dst WHERE e.type = 'IMPLEMENTED_BY' AND e.src IN (${ids.join(', ')}) ORDER BY e.src`,
      );
      if (rows.length === 0) return { text: `No requirement among ${ids.map((id) => `R#${id}`).join(', ')} (use the R# ids requirement_search printed).`, nodeIds: [] };
      rows.sort((a, b) => ids.indexOf(Number(a.requirement)) - ids.indexOf(Number(b.requirement)));
      const nodes = rows.map((r) => ({
        id: Number(r.id),
        kind: String(r.kind),
        qualified_name: String(r.qualified_name),
        import_name: (r.import_name as string | null) ?? null,
        file_path: r.file_path as string | null,
        start_line: r.start_line as number | null,
      }));
      return { text: rows.map((r, i) => `R#${Number(r.requirement)} -> ${nodeLine(nodes[i])}`).join('\n'), nodeIds: nodes.map((n) => n.id) };
    },
  };

  return [search, map];
}
