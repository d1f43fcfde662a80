/**
 * @file Structural descriptions without an LLM (built-in offline default, docs/retrieval.md):
 * RANGER's two texts per entity (3.3: purpose summary `description`, member-level
 * `member_descriptions` in A.9.2's "name - description" form) and CodeRAG's `requirement`
 * ("Purpose / Input / Output"), from docstring, signature, members and called names.
 * Runs in: everywhere. Layer src/core.
 */
import type { NodeRow } from '../graph/types.ts';
import { codeWords } from '../models/codeTokens.ts';
import { parseDocstring } from './docstring.ts';
import type { DocParam, ParsedDocstring } from './docstring.ts';

/** The NodeRow fields a description needs. */
export type DescribableNode = Pick<
  NodeRow,
  'kind' | 'name' | 'qualified_name' | 'module_name' | 'class_name' | 'signature' | 'docstring' | 'code'
>;

export interface MemberSummary {
  name: string;
  kind?: NodeRow['kind'];
  /** One-line summary (a member's own `description`, or its docstring's first sentence). */
  summary?: string | null;
}

/** Graph neighbourhood of the node, gathered by the caller. */
export interface DescribeContext {
  /** Classes / functions / fields contained in a module or class. */
  members?: readonly MemberSummary[];
  /** Names this node calls or instantiates (USES edges out). */
  calls?: readonly string[];
  /** Names of entities that call this node (USES edges in). */
  calledBy?: readonly string[];
}

export interface StructuralDescription {
  description: string;
  member_descriptions: string;
  /** CodeRAG requirement for Function / Method / Class nodes; null for other kinds. */
  requirement: string | null;
}

/** A.9.2's answer when there are no important members. */
export const NO_MEMBERS = '---None---';

const KIND_LABEL: Record<NodeRow['kind'], string> = {
  Repo: 'Repository',
  Module: 'Module',
  Class: 'Class',
  Function: 'Function',
  Method: 'Method',
  Field: 'Field',
  GlobalVariable: 'Global variable',
};

/** The text that gets embedded: the two descriptions concatenated (RANGER 3.3). */
export function embeddingText(description: string | null, memberDescriptions: string | null): string {
  return [description, memberDescriptions]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '' && part.trim() !== NO_MEMBERS)
    .join('\n');
}

export function describeStructurally(node: DescribableNode, context: DescribeContext = {}): StructuralDescription {
  const doc = parseDocstring(node.docstring);
  return {
    description: purposeSummary(node, doc, context),
    member_descriptions: memberDescriptions(node, doc, context),
    requirement: requirement(node, doc, context),
  };
}

/** "Method `divide` of class `Scientific` in module `extended`". */
export function entityHeading(node: DescribableNode): string {
  const parts = [`${KIND_LABEL[node.kind]} \`${node.name}\``];
  if (node.class_name && (node.kind === 'Method' || node.kind === 'Field')) parts.push(`of class \`${node.class_name}\``);
  if (node.module_name && node.kind !== 'Module' && node.kind !== 'Repo') parts.push(`in module \`${node.module_name}\``);
  return parts.join(' ');
}

function purposeSummary(node: DescribableNode, doc: ParsedDocstring, context: DescribeContext): string {
  const heading = entityHeading(node);
  if (doc.firstSentence) return `${heading}: ${endSentence(doc.firstSentence)}`;
  const details: string[] = [];
  const signature = node.signature?.replace(/\s+/g, ' ').trim();
  if (signature) details.push(endSentence(signature));
  const words = codeWords(node.name);
  if (words.length > 0) details.push(`Name words: ${words.join(' ')}.`);
  const members = context.members ?? [];
  if ((node.kind === 'Module' || node.kind === 'Class' || node.kind === 'Repo') && members.length > 0) {
    details.push(`Defines ${countByKind(members)}: ${members.map((m) => m.name).join(', ')}.`);
  }
  if ((node.kind === 'Function' || node.kind === 'Method') && (context.calls?.length ?? 0) > 0) {
    details.push(`Calls ${[...new Set(context.calls)].join(', ')}.`);
  }
  return details.length > 0 ? `${heading}: ${details.join(' ')}` : `${heading}.`;
}

function memberDescriptions(node: DescribableNode, doc: ParsedDocstring, context: DescribeContext): string {
  const lines: string[] = [];
  const seen = new Set<string>();
  const add = (name: string, text: string): void => {
    if (seen.has(name)) return;
    seen.add(name);
    lines.push(`${name} - ${text}`);
  };
  if (node.kind === 'Function' || node.kind === 'Method') {
    for (const param of parametersOf(node.signature)) {
      const documented = doc.params.find((p) => p.name === param);
      add(param, documented?.description ? `parameter: ${oneLine(documented.description)}` : 'parameter');
    }
    for (const name of context.calls ?? []) add(name, 'called here');
    for (const name of context.calledBy ?? []) add(name, 'calls this');
    for (const name of returnedNames(node.code)) add(name, 'returned');
  } else {
    for (const member of context.members ?? []) {
      const kind = member.kind ? KIND_LABEL[member.kind].toLowerCase() : 'member';
      add(member.name, member.summary ? oneLine(member.summary) : kind);
    }
    if (node.kind === 'Class') {
      for (const param of doc.params) {
        add(param.name, param.description ? `attribute or argument: ${oneLine(param.description)}` : 'attribute or argument');
      }
    }
  }
  return lines.length > 0 ? lines.join('\n') : NO_MEMBERS;
}

function requirement(node: DescribableNode, doc: ParsedDocstring, context: DescribeContext): string | null {
  if (node.kind !== 'Function' && node.kind !== 'Method' && node.kind !== 'Class') return null;
  const purpose = doc.firstSentence ? endSentence(doc.firstSentence) : synthesisedPurpose(node, context);
  let input: string;
  let output: string;
  if (node.kind === 'Class') {
    input = doc.params.length > 0 ? describeParams(doc.params) : 'None';
    output = `An instance of \`${node.name}\`.`;
  } else {
    const names = parametersOf(node.signature);
    const params = names.map((name) => doc.params.find((p) => p.name === name) ?? { name, type: null, description: '' });
    for (const extra of doc.params) if (!names.includes(extra.name)) params.push(extra);
    input = params.length > 0 ? describeParams(params) : 'None';
    output = functionOutput(node, doc);
  }
  return `Purpose: ${purpose}\nInput: ${input}\nOutput: ${output}`;
}

function synthesisedPurpose(node: DescribableNode, context: DescribeContext): string {
  const words = codeWords(node.name).join(' ') || node.name;
  const calls = context.calls && context.calls.length > 0 ? ` using ${[...new Set(context.calls)].join(', ')}` : '';
  return `${KIND_LABEL[node.kind]} named for "${words}"${calls}.`;
}

function describeParams(params: readonly DocParam[]): string {
  return params
    .map((p) => {
      const type = p.type ? ` (${p.type})` : '';
      return p.description ? `\`${p.name}\`${type}: ${endSentence(oneLine(p.description))}` : `\`${p.name}\`${type}.`;
    })
    .join(' ');
}

function functionOutput(node: DescribableNode, doc: ParsedDocstring): string {
  if (doc.returns) return endSentence(oneLine(doc.returns));
  const annotated = returnAnnotation(node.signature);
  const names = returnedNames(node.code);
  if (names.length > 0) return `Returns ${names.map((n) => `\`${n}\``).join(', ')}${annotated ? ` (${annotated})` : ''}.`;
  if (annotated && !/^(None|void|undefined|never)$/.test(annotated)) return `A value of type \`${annotated}\`.`;
  if (node.code && /\breturn\s+[^\s;]/.test(node.code)) return 'A computed value.';
  return 'None';
}

/** Parameter names from a signature's first parenthesised list, without self / cls / types / defaults. */
export function parametersOf(signature: string | null): string[] {
  if (!signature) return [];
  const open = signature.indexOf('(');
  if (open < 0) return [];
  let depth = 0;
  let current = '';
  const parts: string[] = [];
  for (let i = open + 1; i < signature.length; i++) {
    const ch = signature[i];
    if ('([{<'.includes(ch)) depth++;
    if (')]}>'.includes(ch)) {
      if (depth === 0) break;
      depth--;
    }
    if (ch === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  const names: string[] = [];
  for (const part of parts) {
    const m = /^\s*(?:\.\.\.|\*{1,2})?\s*(?:(?:public|private|protected|readonly)\s+)*([\p{L}_$][\p{L}\p{N}_$]*)/u.exec(part);
    if (m && m[1] !== 'self' && m[1] !== 'cls' && m[1] !== 'this') names.push(m[1]);
  }
  return names;
}

/** Return annotation: `-> float` (Python) or `): number` (TypeScript). */
function returnAnnotation(signature: string | null): string | null {
  if (!signature) return null;
  const py = /->\s*([^:]+?)\s*:?\s*$/.exec(signature);
  if (py) return py[1];
  const ts = /\)\s*:\s*([^={]+?)\s*(?:=>|\{)?\s*$/.exec(signature);
  return ts ? ts[1] : null;
}

/** Names returned directly (`return result`, `return self.items`), in order, deduplicated. */
export function returnedNames(code: string | null): string[] {
  if (!code) return [];
  const out = new Set<string>();
  for (const m of code.matchAll(/\breturn\s+([\p{L}_$][\p{L}\p{N}_$.]*)\s*(?:;|\r?\n|$)/gmu)) {
    const name = m[1];
    if (!/^(None|True|False|null|undefined|true|false|this|self)$/.test(name)) out.add(name);
  }
  return [...out];
}

function countByKind(members: readonly MemberSummary[]): string {
  const counts = new Map<string, number>();
  for (const m of members) {
    const label = m.kind ? KIND_LABEL[m.kind].toLowerCase() : 'member';
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return [...counts].map(([label, n]) => `${n} ${n === 1 ? label : plural(label)}`).join(', ');
}

function plural(label: string): string {
  return label.endsWith('s') ? `${label}es` : `${label}s`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function endSentence(text: string): string {
  const t = text.trim();
  return /[.!?]$/.test(t) ? t : `${t}.`;
}
