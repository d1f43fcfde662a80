/**
 * @file Everything the details pane shows for one node: its row, its code (a Module falls back
 * to the file text), in/out edges grouped by type, for a Module its unresolved imports and file
 * issues (syntax errors, decoding notes), its descriptions with the generator that wrote them
 * (the `described` table; older databases lack it), and the out-of-line counterparts of a C++ or
 * Go member. Plus the Module node of a file (lists of files with issues).
 * Runs in: the repo worker (app), Node (cli, tests). Layer src/core.
 */
import type { EdgeType } from '../graph/types.ts';
import type { Row, SqlConnection } from '../store/sqlConnection.ts';
import { sqlString } from '../store/sqlConnection.ts';
import { nodeFields } from './nodeFields.ts';
import type { NamedNode } from './nodeFields.ts';
import { namesOf, num, numOrNull, sqlIds, str, strOrNull } from './rowValues.ts';

type Reader = Pick<SqlConnection, 'query'>;

/** Edges listed per direction; a hub (a Repo, a popular module) has thousands. */
export const MAX_EDGES_LISTED = 300;

export interface NodeInfo extends NamedNode {
  filePath: string | null;
  startLine: number | null;
  endLine: number | null;
  signature: string | null;
  docstring: string | null;
  language: string | null;
}

export interface Neighbour extends NamedNode {
  detail: string | null;
}

export interface EdgeGroup {
  type: EdgeType;
  direction: 'out' | 'in';
  total: number;
  items: Neighbour[];
}

export interface SemanticDetails {
  description: string | null;
  memberDescriptions: string | null;
  requirement: string | null;
  /** 'builtin:structural', an LLM id, or null when unknown. */
  generator: string | null;
}

export interface NodeDetails {
  node: NodeInfo;
  /**
   * C++ and Go members defined away from their class: for a declared Method, its definitions (the
   * Functions 'T.f' of other files); for such a Function, its class T and the Method it defines.
   */
  counterparts: Neighbour[];
  code: string | null;
  codeFirstLine: number;
  groups: EdgeGroup[];
  unresolved: { name: string; module: string; alias: string | null }[];
  issues: { kind: string; line: number | null; message: string }[];
  semantic: SemanticDetails;
}

function toNeighbour(row: Row, detail: string | null): Neighbour {
  const { id, kind, name, qualified_name } = nodeFields(row, ['id', 'kind', 'name', 'qualified_name']);
  return { id, kind, name, qualifiedName: qualified_name, ...namesOf(row), detail };
}

export async function readNodeDetails(conn: Reader, id: number): Promise<NodeDetails | null> {
  const key = sqlIds([id]);
  const rows = await conn.query(
    `SELECT id, kind, name, qualified_name, import_name, module_name, class_name, file_path, start_line, end_line, signature, docstring, language, code
     FROM nodes WHERE id = ${key}`,
  );
  const row = rows[0];
  if (!row) return null;
  const fields = nodeFields(row, ['id', 'kind', 'name', 'qualified_name', 'file_path', 'start_line', 'end_line', 'signature', 'docstring', 'language', 'code']);
  const node: NodeInfo = {
    id: fields.id,
    kind: fields.kind,
    name: fields.name,
    qualifiedName: fields.qualified_name,
    ...namesOf(row),
    filePath: fields.file_path,
    startLine: fields.start_line,
    endLine: fields.end_line,
    signature: fields.signature,
    docstring: fields.docstring,
    language: fields.language,
  };
  let code = fields.code;
  let codeFirstLine = node.startLine ?? 1;
  const isModule = node.kind === 'Module';
  const [edgeRows, totalRows, fileRows, unresolvedRows, issueRows, semantic, counterparts] = await Promise.all([
    conn.query(
      `SELECT * FROM (
         SELECT 'out' AS direction, e.type, e.detail, n.id, n.kind, n.name, n.qualified_name, n.import_name,
                coalesce(n.import_name, n.qualified_name) AS shown, row_number() OVER (PARTITION BY e.type ORDER BY shown) AS rank
         FROM edges e JOIN nodes n ON n.id = e.dst WHERE e.src = ${key}
         UNION ALL
         SELECT 'in' AS direction, e.type, e.detail, n.id, n.kind, n.name, n.qualified_name, n.import_name,
                coalesce(n.import_name, n.qualified_name) AS shown, row_number() OVER (PARTITION BY e.type ORDER BY shown) AS rank
         FROM edges e JOIN nodes n ON n.id = e.src WHERE e.dst = ${key}
       ) WHERE rank <= ${MAX_EDGES_LISTED} ORDER BY direction DESC, type, shown`,
    ),
    conn.query(
      `SELECT 'out' AS direction, type, count(*) AS n FROM edges WHERE src = ${key} GROUP BY type
       UNION ALL SELECT 'in' AS direction, type, count(*) AS n FROM edges WHERE dst = ${key} GROUP BY type`,
    ),
    isModule && code === null && node.filePath ? conn.query(`SELECT text FROM files WHERE path = ${sqlString(node.filePath)}`) : Promise.resolve([]),
    isModule ? conn.query(`SELECT name, module, alias FROM unresolved WHERE src = ${key} ORDER BY module, name LIMIT 1000`) : Promise.resolve([]),
    isModule && node.filePath
      ? conn.query(`SELECT kind, line, message FROM file_issues WHERE path = ${sqlString(node.filePath)} ORDER BY line LIMIT 500`)
      : Promise.resolve([]),
    readSemanticDetails(conn, id),
    readCounterparts(conn, node, strOrNull(row, 'module_name'), strOrNull(row, 'class_name')),
  ]);
  if (isModule && code === null && fileRows[0]) {
    code = strOrNull(fileRows[0], 'text');
    codeFirstLine = 1;
  }
  const groups = new Map<string, EdgeGroup>();
  for (const r of totalRows) {
    const direction = str(r, 'direction') as 'out' | 'in';
    const type = str(r, 'type') as EdgeType;
    groups.set(`${direction}:${type}`, { type, direction, total: num(r, 'n'), items: [] });
  }
  for (const r of edgeRows) groups.get(`${str(r, 'direction')}:${str(r, 'type')}`)?.items.push(toNeighbour(r, strOrNull(r, 'detail')));
  return {
    node,
    counterparts,
    code,
    codeFirstLine,
    groups: [...groups.values()].sort((a, b) => (a.direction === b.direction ? a.type.localeCompare(b.type) : a.direction === 'out' ? -1 : 1)),
    unresolved: unresolvedRows.map((r) => ({ name: str(r, 'name'), module: str(r, 'module'), alias: strOrNull(r, 'alias') })),
    issues: issueRows.map((r) => ({ kind: str(r, 'kind'), line: numOrNull(r, 'line'), message: str(r, 'message') })),
    semantic,
  };
}

/** A node's descriptions, requirement and their generator; nulls where a database has none. */
export async function readSemanticDetails(conn: Reader, id: number): Promise<SemanticDetails> {
  const key = sqlIds([id]);
  const [textRows, generatorRows] = await Promise.all([
    conn.query(`SELECT description, member_descriptions, requirement FROM nodes WHERE id = ${key}`).catch(() => []),
    conn.query(`SELECT generator FROM described WHERE node_id = ${key} LIMIT 1`).catch(() => []),
  ]);
  const row = textRows[0];
  return {
    description: row ? blankToNull(strOrNull(row, 'description')) : null,
    memberDescriptions: row ? blankToNull(strOrNull(row, 'member_descriptions')) : null,
    requirement: row ? blankToNull(strOrNull(row, 'requirement')) : null,
    generator: generatorRows[0] ? strOrNull(generatorRows[0], 'generator') : null,
  };
}

function blankToNull(value: string | null): string | null {
  return value !== null && value.trim() !== '' ? value : null;
}

/** Languages whose members may be defined away from their class (the stitcher's ownerClass). */
const OUT_OF_LINE = new Set(['cpp', 'go']);

/** A declared member's out-of-line definitions, or the class and member an out-of-line definition defines. */
async function readCounterparts(conn: Reader, node: NodeInfo, moduleName: string | null, className: string | null): Promise<Neighbour[]> {
  if (!node.language || !OUT_OF_LINE.has(node.language)) return [];
  const language = sqlString(node.language);
  const name = sqlString(node.name);
  let where: string;
  if (node.kind === 'Method' && className) {
    where = `kind = 'Function' AND language = ${language} AND name = ${name} AND ends_with(qualified_name, ${sqlString(`.${className}.${node.name}`)})`;
  } else if (node.kind === 'Function' && moduleName && node.qualifiedName.startsWith(`${moduleName}.`)) {
    const local = node.qualifiedName.slice(moduleName.length + 1).split('.');
    if (local.length !== 2) return [];
    const owner = sqlString(local[0]!);
    where = `language = ${language} AND (kind = 'Class' AND name = ${owner} OR kind = 'Method' AND class_name = ${owner} AND name = ${name})`;
  } else {
    return [];
  }
  const rows = await conn.query(`SELECT id, kind, name, qualified_name, import_name, file_path, start_line FROM nodes WHERE ${where} ORDER BY kind, qualified_name, start_line LIMIT 20`);
  return rows.map((r) => toNeighbour(r, `${str(r, 'file_path')}:${num(r, 'start_line')}`));
}

/** The Module node of a file (for lists of files with issues). */
export async function readModuleIdForPath(conn: Reader, path: string): Promise<number | null> {
  const rows = await conn.query(`SELECT id FROM nodes WHERE kind = 'Module' AND file_path = ${sqlString(path)} LIMIT 1`);
  return rows[0] ? num(rows[0], 'id') : null;
}
