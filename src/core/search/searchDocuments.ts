/**
 * @file The texts every retrieval method sees, computed once per engine from the in-memory node
 * rows, and the CodeSearchNet hiding of docstrings (eval sets built from docstrings).
 *
 * Decisions:
 * - Candidates are Function, Method and Class nodes (docs/cli.md's eval relevance names
 *   those three). Module, Repo, Field and GlobalVariable nodes are part of the MCTS graph (paths
 *   run through them) but are never returned as results by any method.
 * - BM25 document: name, signature, docstring and code, split into identifier words.
 * - Reranker document: "<kind> <qualified name>", the purpose `description`, the signature and
 *   the first RERANK_CODE_CHARS characters of the code (the head holds the signature, the
 *   docstring and the first statements), and for a Module or Class its member names with their
 *   summaries (bare kind labels dropped, capped): a module's document is otherwise only its name
 *   and a one-line description, and a class's code head misses its later methods, so the reward
 *   MCTS gets at a container says little about what lies below it.
 * - Hidden docstrings (node ids of an auto-built eval set): their docstring is removed from the
 *   node, from its code and from the code of every enclosing class (a class's code holds its
 *   methods); the structural description of the node and of its enclosing class / module (whose
 *   member list quotes the first sentence) is recomputed without them, and `requirement` too.
 * Runs in: everywhere. Layer src/core.
 */
import { describeStructurally } from '../describe/structuralDescription.ts';
import type { DescribeContext, MemberSummary } from '../describe/structuralDescription.ts';
import { cleanDocstring, parseDocstring } from '../describe/docstring.ts';
import type { NodeKind, NodeRow } from '../graph/types.ts';

export const CANDIDATE_KINDS: readonly NodeKind[] = ['Function', 'Method', 'Class'];
export const RERANK_CODE_CHARS = 2500;
export const RERANK_MEMBER_CHARS = 4000;

/** The node columns search reads (no language / local_name); import_name names the hits only. */
export type SearchNode = Pick<
  NodeRow,
  | 'id' | 'kind' | 'name' | 'qualified_name' | 'module_name' | 'class_name' | 'file_path' | 'start_line' | 'end_line'
  | 'signature' | 'docstring' | 'code' | 'description' | 'member_descriptions' | 'requirement'
> &
  Partial<Pick<NodeRow, 'import_name'>>;

export interface SearchEdge {
  src: number;
  dst: number;
  type: string;
}

export function isCandidateKind(kind: NodeKind): boolean {
  return CANDIDATE_KINDS.includes(kind);
}

/** Triple-quoted strings (any lines), or one-line '...' / "..." strings; group 2 or 4 is the body. */
const STRING_LITERAL = /[rRuUbBfF]{0,2}(?:("""|\'\'\')([\s\S]*?)\1|(["'])((?:\\.|(?!\3)[^\\\n])*)\3)/g;

function flat(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Removes a docstring from code: the first string literal whose cleaned text is the stored
 * docstring (the column holds it cleaned and dedented). Code without such a literal is unchanged.
 */
export function stripDocstring(code: string | null, docstring: string | null): string | null {
  if (!code || !docstring) return code;
  const wanted = flat(docstring);
  if (wanted === '') return code;
  for (const match of code.matchAll(STRING_LITERAL)) {
    if (flat(cleanDocstring(match[0])) === wanted || flat(match[2] ?? match[4] ?? '') === wanted) {
      return code.slice(0, match.index) + code.slice(match.index + match[0].length);
    }
  }
  return code;
}

/** Name words, signature, docstring and code: the text plain BM25 indexes. */
export function bm25Text(node: SearchNode): string {
  return [node.name, node.signature, node.docstring, node.code].filter((p) => p).join('\n');
}

/** A member line with only its kind after the name ('x - method') says nothing beyond the name. */
const BARE_MEMBER_LABEL = / - (?:function|method|class|field|global variable|module|member|attribute or argument)$/;

/**
 * The members of a Module or Class, one per line: the name, and its summary where it has one
 * (bare kind labels dropped), at most RERANK_MEMBER_CHARS. Empty for other kinds.
 */
export function memberLines(node: SearchNode): string {
  if ((node.kind !== 'Module' && node.kind !== 'Class') || !node.member_descriptions) return '';
  const lines = node.member_descriptions.split('\n').map((line) => line.replace(BARE_MEMBER_LABEL, '').trim());
  return lines.filter((line) => line).join('\n').slice(0, RERANK_MEMBER_CHARS);
}

/**
 * Heading, purpose description, signature, the code head and, for modules and classes, their
 * members: the cross-encoder's document.
 */
export function rerankText(node: SearchNode): string {
  const heading = `${node.kind} ${node.qualified_name}`;
  const code = (node.code ?? '').slice(0, RERANK_CODE_CHARS);
  return [heading, node.description, node.signature, code, memberLines(node)].filter((p) => p).join('\n');
}

/**
 * Returns node rows with `hidden` docstrings removed (see the file header). Rows not affected are
 * returned as they are; affected rows are copies. `edges` gives containment and USES context.
 */
export function hideDocstrings(nodes: readonly SearchNode[], edges: readonly SearchEdge[], hidden: ReadonlySet<number>): SearchNode[] {
  if (hidden.size === 0) return [...nodes];
  const byId = new Map(nodes.map((n) => [n.id, n] as const));
  const parentOf = new Map<number, number>();
  const members = new Map<number, number[]>();
  const calls = new Map<number, string[]>();
  const calledBy = new Map<number, string[]>();
  for (const e of edges) {
    if (e.type === 'CONTAINS' || e.type === 'HAS_METHOD' || e.type === 'HAS_FIELD') {
      parentOf.set(e.dst, e.src);
      push(members, e.src, e.dst);
    } else if (e.type === 'USES') {
      const dst = byId.get(e.dst);
      const src = byId.get(e.src);
      if (dst) push(calls, e.src, dst.name);
      if (src && src.kind !== 'Module') push(calledBy, e.dst, src.name);
    }
  }
  const out = new Map<number, SearchNode>();
  const copy = (id: number): SearchNode | undefined => {
    const existing = out.get(id);
    if (existing) return existing;
    const node = byId.get(id);
    if (!node) return undefined;
    const clone = { ...node };
    out.set(id, clone);
    return clone;
  };
  const current = (id: number): SearchNode => out.get(id) ?? byId.get(id)!;
  const redescribe = new Set<number>();
  for (const id of hidden) {
    const node = byId.get(id);
    if (!node?.docstring) continue;
    const raw = node.docstring;
    const self = copy(id)!;
    self.code = stripDocstring(self.code, raw);
    self.docstring = null;
    redescribe.add(id);
    // Enclosing classes hold the method's code; the enclosing class / module lists its summary.
    for (let p = parentOf.get(id), first = true; p !== undefined; p = parentOf.get(p), first = false) {
      const before = current(p);
      const stripped = stripDocstring(before.code, raw);
      if (stripped !== before.code || first) copy(p)!.code = stripped;
      if (first) redescribe.add(p);
      if (before.kind === 'Module') break;
    }
  }
  for (const id of redescribe) {
    const node = current(id);
    const context: DescribeContext = {
      members: (members.get(id) ?? []).map((m): MemberSummary => {
        const member = current(m);
        return { name: member.name, kind: member.kind, summary: parseDocstring(member.docstring).firstSentence || null };
      }),
      calls: calls.get(id),
      calledBy: calledBy.get(id),
    };
    const described = describeStructurally(node, context);
    node.description = described.description;
    node.member_descriptions = described.member_descriptions;
    node.requirement = described.requirement;
  }
  return nodes.map((n) => out.get(n.id) ?? n);
}

function push<T>(map: Map<number, T[]>, key: number, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
