/**
 * @file Builds the requirement graph (CodeRAG 3.1, GraphCodeAgent 3.2) of a stored code graph.
 * - Nodes: one requirement per Function, Method and Class. Text: the docstring's requirement
 *   ("Purpose / Input / Output", built from the docstring) when there is a docstring; else the LLM
 *   with CodeRAG's Figure 4 prompt; else (no LLM, or an answer without a Purpose line) the
 *   structural description, stored with source 'structural' so every view can label it.
 * - PARENT_CHILD: the parent's code calls or instantiates the child's (USES call / instantiate
 *   edges between two requirement nodes, CodeRAG's definition); with `confirmWithLlm` each pair is
 *   put to the LLM with Figure 5 and kept only when it answers Parent-Child.
 * - SIMILAR_REQUIREMENT: cosine of requirement embeddings >= eps (top k per node, undirected,
 *   src < dst), embedded with the given embedder or the built-in lexical one fitted on the texts.
 * - IMPLEMENTED_BY: the bigraph mapping, requirement -> its code node (GraphCodeAgent's
 *   DualGraphMapping index is file path + name; we keep the node id, which is exact).
 * Runs in: the repo worker (app), Node (cli, tests). Layer src/core.
 */
import { parseDocstring } from '../describe/docstring.ts';
import { describeStructurally } from '../describe/structuralDescription.ts';
import { AppError, throwIfAborted } from '../errors.ts';
import { hash31 } from '../graph/stableIds.ts';
import type { NodeRow } from '../graph/types.ts';
import { nodeFields } from '../reads/nodeFields.ts';
import { BUILTIN_DESCRIBER } from '../models/modelSpec.ts';
import { LexicalEmbedder } from '../models/lexicalEmbedder.ts';
import type { Embedder, Llm } from '../models/types.ts';
import { DEFAULT_SIMILAR_EPS, DEFAULT_SIMILAR_K, similarPairsAsync } from '../semantic/similarEdges.ts';
import type { SqlConnection } from '../store/sqlConnection.ts';
import {
  parseRelationAnswer,
  parseRequirementAnswer,
  relationExtractionMessages,
  requirementGenerationMessages,
} from './requirementPrompts.ts';
import { readRequirementCounts, writeRequirementGraph } from './requirementStore.ts';
import type { RequirementCounts, RequirementEdgeRow, RequirementRow } from './requirementStore.ts';

export const REQUIREMENT_KINDS = ['Function', 'Method', 'Class'] as const;

export interface BuildRequirementOptions {
  /** Writes requirements for nodes without a docstring (CodeRAG Figure 4); null: structural. */
  llm?: Llm | null;
  /** Puts each call pair to the LLM (Figure 5) and keeps the Parent-Child answers only. */
  confirmWithLlm?: boolean;
  /** Embeds requirement texts for SIMILAR_REQUIREMENT; default the built-in lexical embedder. */
  embedder?: Embedder;
  eps?: number;
  /** Most similar requirements kept per node. */
  k?: number;
  /** Node ids whose docstrings must not be used (docstring eval sets hide the answers'). */
  hiddenDocstrings?: ReadonlySet<number>;
  signal?: AbortSignal;
  onProgress?: (p: RequirementProgress) => void;
}

export interface RequirementProgress {
  phase: 'requirements' | 'parent-child' | 'similarity' | 'store';
  done: number;
  total: number;
}

export interface RequirementGraphSummary extends RequirementCounts {
  eps: number;
  embedder: string;
  ms: number;
}

const CODE_NODE_COLUMNS = ['id', 'kind', 'name', 'qualified_name', 'module_name', 'class_name', 'file_path', 'signature', 'docstring', 'code', 'language'] as const;

type CodeNode = Omit<Pick<NodeRow, (typeof CODE_NODE_COLUMNS)[number]>, 'kind'> & { kind: RequirementRow['kind'] };

async function readCodeNodes(conn: Pick<SqlConnection, 'query'>): Promise<CodeNode[]> {
  const kinds = REQUIREMENT_KINDS.map((k) => `'${k}'`).join(', ');
  const rows = await conn.query(`SELECT ${CODE_NODE_COLUMNS.join(', ')} FROM nodes WHERE kind IN (${kinds}) ORDER BY id`);
  // The query keeps only requirement kinds.
  return rows.map((r) => nodeFields(r, CODE_NODE_COLUMNS) as CodeNode);
}

/** USES call / instantiate edges, as (caller, callee) node-id pairs, self-calls dropped, deduplicated. */
async function readCallPairs(conn: Pick<SqlConnection, 'query'>): Promise<[number, number][]> {
  const rows = await conn.query(
    "SELECT DISTINCT src, dst FROM edges WHERE type = 'USES' AND (detail LIKE '%call%' OR detail LIKE '%instantiate%') AND src <> dst ORDER BY src, dst",
  );
  return rows.map((r) => [Number(r.src), Number(r.dst)]);
}

/**
 * Stable requirement ids, one per code node: hashed from the node's id (stableIds.ts's 31-bit
 * hash), clear of every node id, so Cypher and highlighting can mix both graphs' ids. Node ids
 * fill the whole 31-bit range, so "max(id) + 1 + i" would overflow INTEGER.
 */
async function requirementIdsFor(conn: Pick<SqlConnection, 'query'>, nodeIds: readonly number[]): Promise<number[]> {
  const taken = new Set((await conn.query('SELECT id FROM nodes')).map((r) => Number(r.id)));
  return nodeIds.map((nodeId) => {
    let attempt = 0;
    let id = hash31(`requirement\u0000${nodeId}`);
    while (taken.has(id)) id = hash31(`requirement\u0000${nodeId}`, ++attempt);
    taken.add(id);
    return id;
  });
}

export async function buildRequirementGraph(conn: SqlConnection, options: BuildRequirementOptions = {}): Promise<RequirementGraphSummary> {
  const started = performance.now();
  const { llm = null, signal, onProgress } = options;
  const eps = options.eps ?? DEFAULT_SIMILAR_EPS;
  if (!(eps > 0 && eps <= 1)) throw new AppError('INPUT_INVALID', `eps must lie in (0, 1] (got ${eps}).`);
  const hidden = options.hiddenDocstrings;
  const nodes = (await readCodeNodes(conn)).map((n) => (hidden?.has(n.id) ? { ...n, docstring: null } : n));
  const calls = await readCallPairs(conn);
  const requirementIds = await requirementIdsFor(conn, nodes.map((n) => n.id));
  const byNode = new Map(nodes.map((n, i) => [n.id, i] as const));
  const calleeNames = new Map<number, string[]>();
  for (const [src, dst] of calls) {
    const callee = byNode.get(dst);
    if (callee === undefined) continue;
    const list = calleeNames.get(src) ?? [];
    list.push(nodes[callee].name);
    calleeNames.set(src, list);
  }

  const rows: RequirementRow[] = [];
  for (const [i, node] of nodes.entries()) {
    throwIfAborted(signal);
    if (llm || i % 200 === 0) onProgress?.({ phase: 'requirements', done: i, total: nodes.length });
    const structural = describeStructurally(node, { calls: calleeNames.get(node.id) ?? [] }).requirement ?? `Purpose: ${node.name}`;
    let text = structural;
    let source: RequirementRow['source'] = 'structural';
    let generator = BUILTIN_DESCRIBER.id;
    if (parseDocstring(node.docstring).firstSentence) {
      source = 'docstring';
      generator = 'docstring';
    } else if (llm && node.code) {
      const answer = parseRequirementAnswer(await llm.chat(requirementGenerationMessages(node), { maxTokens: 256, temperature: 0, signal }));
      if (answer) {
        text = answer;
        source = 'llm';
        generator = llm.info.id;
      }
    }
    rows.push({ id: requirementIds[i]!, node_id: node.id, kind: node.kind, name: node.name, qualified_name: node.qualified_name, file_path: node.file_path, text, source, generator });
  }

  const edges: RequirementEdgeRow[] = rows.map((r) => ({ src: r.id, dst: r.node_id, type: 'IMPLEMENTED_BY', detail: null }));
  const path = (r: RequirementRow) => `${r.file_path ?? '?'}::${r.qualified_name}`;
  for (const [n, [src, dst]] of calls.entries()) {
    const a = byNode.get(src);
    const b = byNode.get(dst);
    if (a === undefined || b === undefined) continue;
    let detail = 'call';
    if (llm && options.confirmWithLlm) {
      throwIfAborted(signal);
      onProgress?.({ phase: 'parent-child', done: n, total: calls.length });
      const messages = relationExtractionMessages({ text: rows[a].text, path: path(rows[a]) }, { text: rows[b].text, path: path(rows[b]) }, nodes[a].language);
      if (parseRelationAnswer(await llm.chat(messages, { maxTokens: 32, temperature: 0, signal })) !== 'parent-child') continue;
      detail = 'call, llm-confirmed';
    }
    edges.push({ src: rows[a].id, dst: rows[b].id, type: 'PARENT_CHILD', detail });
  }

  let embedder = options.embedder;
  if (!embedder) {
    const lexical = new LexicalEmbedder();
    lexical.fit(rows.map((r) => r.text));
    embedder = lexical;
  }
  if (rows.length > 1) {
    onProgress?.({ phase: 'similarity', done: 0, total: rows.length });
    const vectors = await embedder.embed(rows.map((r) => r.text), 'document');
    const dim = embedder.dim;
    const matrix = new Float32Array(rows.length * dim);
    vectors.forEach((v, i) => matrix.set(v, i * dim));
    const ids = Int32Array.from(rows, (r) => r.id);
    const { pairs } = await similarPairsAsync(ids, matrix, dim, { eps, k: options.k ?? DEFAULT_SIMILAR_K, signal });
    for (const p of pairs) edges.push({ src: p.src, dst: p.dst, type: 'SIMILAR_REQUIREMENT', detail: p.cosine.toFixed(3) });
  }
  throwIfAborted(signal);
  onProgress?.({ phase: 'store', done: 0, total: rows.length + edges.length });
  await writeRequirementGraph(conn, rows, edges);
  const counts = await readRequirementCounts(conn);
  return { ...counts, eps, embedder: embedder.info.id, ms: Math.round(performance.now() - started) };
}
