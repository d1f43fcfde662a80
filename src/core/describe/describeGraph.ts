/**
 * @file Describes every node of a stored graph, bottom-up (RANGER 3.3 / A.9), with an LLM or with
 * the built-in structural describer, persisting per batch so a pause or reload resumes.
 *
 * Decisions:
 * - Order: Function / Method / Field / GlobalVariable, then Class (deepest nesting first, so
 *   after its methods, fields and inner classes), then Module. Repo is skipped: it has no code,
 *   is not embedded, and any real repo's module summaries exceed a small LLM's context.
 * - With an LLM: two chats per node, A.9.1 -> `description`, A.9.2 -> `member_descriptions`.
 *   A Class / Module whose code exceeds `llm.contextTokens` is composed with A.9.3 from its
 *   members' stored descriptions (hierarchically when even those exceed the context), and its
 *   `member_descriptions` lists each member with the first sentence of its purpose (A.9.2's
 *   "name - description" form, no chat). A Function / Method over the context is truncated.
 *   A Module's code is its file's text (files.text); without it, it is composed from members.
 *   A node with neither code nor described members gets the structural text.
 * - Field / GlobalVariable get structural text even with an LLM: one-liners, and two chats each
 *   would nearly double a long run for little gain.
 * - Requirement (CodeRAG "Purpose / Input / Output", Function / Method / Class only): from the
 *   docstring when there is one; otherwise Input / Output are structural and Purpose is the
 *   LLM answer's PURPOSE section (or the first sentence of a composed summary).
 * - Answers are cleaned: <think>...</think> blocks (Qwen3) removed, an unterminated one too, trimmed.
 * - Errors: a failing chat is retried once; a node that still fails is left undescribed (a later
 *   run retries it) and the run goes on; three failed nodes in a row, or WORKER_CRASHED, mean
 *   the engine is dead: the run stops, keeps what is done, reports state 'error' and throws
 *   (MODEL_UNAVAILABLE, or WORKER_CRASHED).
 * - Pause: the signal aborts the chat in flight; finished nodes are stored, the interrupted one
 *   is redone on resume. Resolves with state 'paused' (not an error).
 * Runs in: the repo worker (app), Node (cli, tests). Layer src/core.
 */
import { AppError, toWire } from '../errors.ts';
import type { NodeRow } from '../graph/types.ts';
import { BUILTIN_DESCRIBER } from '../models/modelSpec.ts';
import type { ChatMessage, Llm } from '../models/types.ts';
import type { DescribeProgress } from '../semantic/semanticService.ts';
import {
  clearDescriptions,
  describedKindsSql,
  ensureDescriptionTables,
  readDescribeCounts,
  readDescribeGenerator,
  writeDescriptions,
} from '../store/descriptionStore.ts';
import type { DescriptionRow } from '../store/descriptionStore.ts';
import type { SqlConnection } from '../store/sqlConnection.ts';
import { sqlString, tableExists } from '../store/sqlConnection.ts';
import { parseDocstring } from './docstring.ts';
import {
  codeMembersTemplate,
  componentSummaryMessages,
  estimateTokens,
  languageName,
  memberDescriptionMessages,
  needsComposition,
  purposeSummaryMessages,
} from './prompts.ts';
import type { ComponentDescription } from './prompts.ts';
import { describeStructurally, NO_MEMBERS } from './structuralDescription.ts';
import type { DescribeContext, MemberSummary } from './structuralDescription.ts';

export const STRUCTURAL_GENERATOR = BUILTIN_DESCRIBER.id;
/** Tokens reserved for each answer (also the chat's maxTokens). */
export const ANSWER_TOKENS = 512;
/** Characters of streamed text kept in progress reports (the tail). */
export const STREAMING_CHARS = 600;
/** Nodes in a row that fail (after a retry each) before the engine is taken for dead. */
export const MAX_CONSECUTIVE_FAILURES = 3;

export interface DescribeGraphOptions {
  /** Generator id stored with the descriptions; default the LLM's id, or 'builtin:structural'. */
  generator?: string;
  /** Clear every stored description first. A generator other than the stored one clears too. */
  restart?: boolean;
  /** Pause: stops after the node in flight (its chat is interrupted); resume = call again. */
  signal?: AbortSignal;
  onProgress?: (p: DescribeProgress) => void;
  /** Nodes per stored batch; default 1 with an LLM (each node is persisted), 1000 without. */
  batchSize?: number;
}

type DescribeNode = Pick<
  NodeRow,
  'id' | 'kind' | 'name' | 'qualified_name' | 'module_name' | 'class_name' | 'signature' | 'docstring' | 'code' | 'language'
>;

interface Member extends MemberSummary {
  id: number;
  kind: NodeRow['kind'];
  description: string | null;
  member_descriptions: string | null;
}

interface BatchContext {
  members: Map<number, Member[]>;
  calls: Map<number, string[]>;
  calledBy: Map<number, string[]>;
}

/** Stored progress (after a reload): generator, done / total; 'paused' when partly done. */
export async function readDescribeProgress(conn: SqlConnection): Promise<DescribeProgress> {
  if (!(await tableExists(conn, 'nodes'))) return { state: 'idle', generator: null, done: 0, total: 0 };
  // Read-only (the CLI may open the file read-only): no table is created here.
  const generator = (await tableExists(conn, 'meta')) && (await tableExists(conn, 'described')) ? await readDescribeGenerator(conn) : null;
  if (generator === null) {
    const [row] = await conn.query(`SELECT count(*) AS n FROM nodes WHERE kind IN (${describedKindsSql()})`);
    return { state: 'idle', generator, done: 0, total: Number(row?.n ?? 0) };
  }
  const { done, total } = await readDescribeCounts(conn, generator);
  return { state: done >= total ? 'done' : 'paused', generator, done, total };
}

export async function describeGraph(
  conn: SqlConnection,
  llm: Llm | null,
  options: DescribeGraphOptions = {},
): Promise<DescribeProgress> {
  const generator = options.generator ?? llm?.info.id ?? STRUCTURAL_GENERATOR;
  const { signal, onProgress } = options;
  const batchSize = Math.max(1, options.batchSize ?? (llm ? 1 : 1000));
  await ensureDescriptionTables(conn);
  const stored = await readDescribeGenerator(conn);
  if (options.restart || (stored !== null && stored !== generator)) await clearDescriptions(conn);
  const counts = await readDescribeCounts(conn, generator);
  const progress: DescribeProgress = { state: 'running', generator, done: counts.done, total: counts.total };
  const emit = (extra: Partial<DescribeProgress> = {}): void => onProgress?.({ ...progress, ...extra });
  if (signal?.aborted) return finish(progress, 'paused', emit);
  emit();

  const planned = await createPlan(conn, generator);
  try {
    return await describePlan(conn, llm, planned, generator, batchSize, progress, emit, signal);
  } finally {
    await conn.run(`DROP TABLE IF EXISTS ${PLAN_TABLE}`);
  }
}

async function describePlan(
  conn: SqlConnection,
  llm: Llm | null,
  planned: number,
  generator: string,
  batchSize: number,
  progress: DescribeProgress,
  emit: (extra?: Partial<DescribeProgress>) => void,
  signal: AbortSignal | undefined,
): Promise<DescribeProgress> {
  const describer = llm ? new LlmDescriber(llm, signal, emit) : null;
  const failures: { name: string; error: unknown }[] = [];
  let consecutiveFailures = 0;

  for (let start = 1; start <= planned; start += batchSize) {
    const range = `p.seq BETWEEN ${start} AND ${start + batchSize - 1}`;
    const nodes = await readNodes(conn, range);
    const context = await readContext(conn, range);
    const written = new Map<number, DescriptionRow>();
    let stop: 'paused' | AppError | null = null;
    for (const node of nodes) {
      if (signal?.aborted) {
        stop = 'paused';
        break;
      }
      const ctx = contextOf(node.id, context);
      if (!describer) {
        written.set(node.id, { id: node.id, ...describeStructurally(node, ctx) });
        continue;
      }
      progress.current = node.qualified_name;
      emit();
      try {
        const members = (context.members.get(node.id) ?? []).map((m) => ({ ...m, ...written.get(m.id) }));
        written.set(node.id, await describer.describe(node, ctx, members));
        consecutiveFailures = 0;
        progress.done++;
        emit();
      } catch (error) {
        if (signal?.aborted) {
          stop = 'paused';
          break;
        }
        failures.push({ name: node.qualified_name, error });
        consecutiveFailures++;
        if ((error instanceof AppError && error.code === 'WORKER_CRASHED') || consecutiveFailures >= MAX_CONSECUTIVE_FAILURES) {
          stop = engineDeadError(failures.slice(-consecutiveFailures), error);
          break;
        }
      }
    }
    if (written.size > 0) await writeDescriptions(conn, generator, [...written.values()]);
    if (!describer) progress.done += written.size;
    delete progress.current;
    if (stop === 'paused') return finish(progress, 'paused', emit);
    if (stop instanceof AppError) {
      progress.state = 'error';
      progress.error = toWire(stop);
      emit();
      throw stop;
    }
    if (!describer) emit();
  }
  if (failures.length > 0) progress.error = toWire(failedNodesError(failures));
  return finish(progress, 'done', emit);
}

function finish(progress: DescribeProgress, state: DescribeProgress['state'], emit: (extra?: Partial<DescribeProgress>) => void): DescribeProgress {
  progress.state = state;
  delete progress.current;
  emit();
  return { ...progress };
}

function engineDeadError(recent: readonly { name: string; error: unknown }[], last: unknown): AppError {
  const code = last instanceof AppError && last.code === 'WORKER_CRASHED' ? 'WORKER_CRASHED' : 'MODEL_UNAVAILABLE';
  const names = recent.map((f) => f.name).join(', ');
  return new AppError(
    code,
    `The LLM stopped working (failed on ${recent.length} node(s) in a row after a retry each: ${names}). ` +
      `Last error: ${messageOf(last)}. Descriptions done so far are kept; run describe again to resume.`,
    { cause: last },
  );
}

function failedNodesError(failures: readonly { name: string; error: unknown }[]): AppError {
  const shown = failures.slice(0, 5).map((f) => f.name).join(', ');
  const more = failures.length > 5 ? ` and ${failures.length - 5} more` : '';
  return new AppError(
    'UNKNOWN',
    `${failures.length} node(s) could not be described: ${shown}${more}. ` +
      `Last error: ${messageOf(failures.at(-1)?.error)}. Run describe again to retry them.`,
  );
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const PLAN_TABLE = 'describe_plan';

/**
 * Numbers the nodes still to describe by `generator` bottom-up (leaves, classes deepest first,
 * modules) into a temp table; batches are seq ranges joined to it (no long IN lists).
 */
async function createPlan(conn: SqlConnection, generator: string): Promise<number> {
  await conn.run(
    `CREATE OR REPLACE TEMP TABLE ${PLAN_TABLE} AS SELECT row_number() OVER (ORDER BY ` +
      `CASE kind WHEN 'Module' THEN 2 WHEN 'Class' THEN 1 ELSE 0 END, ` +
      `CASE WHEN kind = 'Class' THEN length(replace(qualified_name, '.', '')) - length(qualified_name) ELSE 0 END, file_path, start_line, id) AS seq, id ` +
      `FROM nodes WHERE kind IN (${describedKindsSql()}) ` +
      `AND id NOT IN (SELECT node_id FROM described WHERE generator = ${sqlString(generator)})`,
  );
  const [row] = await conn.query(`SELECT count(*) AS n FROM ${PLAN_TABLE}`);
  return Number(row?.n ?? 0);
}

async function readNodes(conn: SqlConnection, range: string): Promise<DescribeNode[]> {
  // A Module's code is its file's text (nodes.code is null for modules). The join is on the path
  // alone: a test of the node's kind in its ON clause makes it a nested-loop join over every file.
  const rows = await conn.query(
    'SELECT n.id, n.kind, n.name, n.qualified_name, n.module_name, n.class_name, n.signature, n.docstring, n.language, ' +
      "COALESCE(n.code, CASE WHEN n.kind = 'Module' THEN f.text END) AS code " +
      `FROM ${PLAN_TABLE} p JOIN nodes n ON n.id = p.id LEFT JOIN files f ON f.path = n.file_path ` +
      `WHERE ${range} ORDER BY p.seq`,
  );
  return rows as unknown as DescribeNode[];
}

/** Members, called and calling names of a batch of nodes: three queries, not three per node. */
async function readContext(conn: SqlConnection, range: string): Promise<BatchContext> {
  const memberRows = await conn.query(
    'SELECT e.src AS parent, c.id, c.name, c.kind, c.docstring, c.description, c.member_descriptions ' +
      `FROM ${PLAN_TABLE} p JOIN edges e ON e.src = p.id JOIN nodes c ON c.id = e.dst ` +
      `WHERE ${range} AND e.type IN ('CONTAINS', 'HAS_METHOD', 'HAS_FIELD') ORDER BY e.src, c.start_line, c.id`,
  );
  const callRows = await conn.query(
    `SELECT DISTINCT e.src AS node, d.name, d.id FROM ${PLAN_TABLE} p JOIN edges e ON e.src = p.id JOIN nodes d ON d.id = e.dst ` +
      `WHERE ${range} AND e.type = 'USES' ORDER BY 1, 3`,
  );
  const callerRows = await conn.query(
    `SELECT DISTINCT e.dst AS node, s.name, s.id FROM ${PLAN_TABLE} p JOIN edges e ON e.dst = p.id JOIN nodes s ON s.id = e.src ` +
      `WHERE ${range} AND e.type = 'USES' AND s.kind <> 'Module' ORDER BY 1, 3`,
  );
  const members = new Map<number, Member[]>();
  for (const r of memberRows) {
    const summary = parseDocstring((r.docstring as string | null) ?? null).firstSentence || null;
    push(members, Number(r.parent), {
      id: Number(r.id),
      name: String(r.name),
      kind: r.kind as NodeRow['kind'],
      summary,
      description: (r.description as string | null) ?? null,
      member_descriptions: (r.member_descriptions as string | null) ?? null,
    });
  }
  const names = (rows: typeof callRows): Map<number, string[]> => {
    const out = new Map<number, string[]>();
    for (const r of rows) push(out, Number(r.node), String(r.name));
    return out;
  };
  return { members, calls: names(callRows), calledBy: names(callerRows) };
}

function push<T>(map: Map<number, T[]>, key: number, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function contextOf(id: number, context: BatchContext): DescribeContext {
  return { members: context.members.get(id), calls: context.calls.get(id), calledBy: context.calledBy.get(id) };
}

/** Removes <think>...</think> blocks (and an unterminated one at the end) and trims. */
export function cleanAnswer(text: string): string {
  return text
    .replace(/<think>[\s\S]*?<\/think>/g, '')
    .replace(/<think>[\s\S]*$/, '')
    .trim();
}

/** The text of an A.9.1 answer's PURPOSE section, on one line; null when there is none. */
export function purposeSection(answer: string): string | null {
  const m = /\*\*\s*PURPOSE\s*\*\*:?\s*([\s\S]*?)(?=\n\s*(?:#+\s*)?\*\*\s*[A-Z][A-Z ]+\*\*|$)/i.exec(answer);
  const text = m?.[1]?.replace(/\s+/g, ' ').trim();
  return text ? text : null;
}

function firstSentence(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const m = /^(.{1,300}?[.!?])(\s|$)/.exec(flat);
  return m ? m[1] : flat.slice(0, 300);
}

/** The LLM path for one node: A.9.1 + A.9.2 from code, or A.9.3 from member descriptions. */
class LlmDescriber {
  constructor(
    private readonly llm: Llm,
    private readonly signal: AbortSignal | undefined,
    private readonly emit: (extra?: Partial<DescribeProgress>) => void,
  ) {}

  async describe(node: DescribeNode, ctx: DescribeContext, members: readonly Member[]): Promise<DescriptionRow> {
    const structural = describeStructurally(node, ctx);
    if (node.kind === 'Field' || node.kind === 'GlobalVariable') return { id: node.id, ...structural };
    const hasCode = (node.code ?? '').trim() !== '';
    const canCompose = (node.kind === 'Class' || node.kind === 'Module') && members.some((m) => (m.description ?? '').trim() !== '');
    let description: string;
    let memberDescriptions: string;
    if (canCompose && (!hasCode || needsComposition(node, this.llm.contextTokens, ANSWER_TOKENS))) {
      description = await this.compose(node, members.map(componentOf));
      memberDescriptions = memberLines(members);
    } else if (!hasCode) {
      return { id: node.id, ...structural };
    } else {
      const fitted = { ...node, code: this.fitCode(node) };
      description = await this.chat(purposeSummaryMessages(fitted));
      memberDescriptions = await this.chat(memberDescriptionMessages(fitted));
    }
    return { id: node.id, description, member_descriptions: memberDescriptions, requirement: requirementOf(node, structural.requirement, description) };
  }

  /** The node's code, cut (with a marker) so template + code + answer fit the context. */
  private fitCode(node: DescribeNode): string {
    const code = node.code ?? '';
    if (!needsComposition(node, this.llm.contextTokens, ANSWER_TOKENS)) return code;
    const budgetTokens = this.llm.contextTokens - ANSWER_TOKENS - estimateTokens(codeMembersTemplate(languageName(node.language))) - 16;
    return `${code.slice(0, Math.max(0, budgetTokens * 4))}\n... (truncated to fit the model context)`;
  }

  /** A.9.3, split into parts and summarised again when the descriptions exceed the context. */
  private async compose(node: DescribeNode, components: ComponentDescription[], depth = 0): Promise<string> {
    const fits = (list: readonly ComponentDescription[]): boolean =>
      estimateTokens(componentSummaryMessages(node, list)[0].content) + ANSWER_TOKENS <= this.llm.contextTokens;
    if (fits(components)) return this.chat(componentSummaryMessages(node, components));
    const budgetChars = (this.llm.contextTokens - ANSWER_TOKENS - estimateTokens(componentSummaryMessages(node, [])[0].content) - 32) * 4;
    const groups: ComponentDescription[][] = [];
    let group: ComponentDescription[] = [];
    for (const component of components) {
      const one = trimComponent(component, budgetChars);
      if (group.length > 0 && !fits([...group, one])) {
        groups.push(group);
        group = [];
      }
      group.push(one);
    }
    if (group.length > 0) groups.push(group);
    if (groups.length === 1) return this.chat(componentSummaryMessages(node, groups[0]));
    const parts: ComponentDescription[] = [];
    for (const [i, g] of groups.entries()) {
      const text = await this.chat(componentSummaryMessages(node, g));
      parts.push({ name: `${node.name} (part ${i + 1} of ${groups.length})`, kind: node.kind, description: text });
    }
    if (depth >= 4) return parts.map((p) => p.description).join('\n\n');
    return this.compose(node, parts, depth + 1);
  }

  /** One chat, retried once; the answer cleaned. Streams its text into progress. */
  private async chat(messages: ChatMessage[]): Promise<string> {
    try {
      return await this.chatOnce(messages);
    } catch (error) {
      if (this.signal?.aborted || (error instanceof AppError && (error.code === 'CANCELLED' || error.code === 'WORKER_CRASHED'))) throw error;
      return this.chatOnce(messages);
    }
  }

  private async chatOnce(messages: ChatMessage[]): Promise<string> {
    let streamed = '';
    const answer = await this.llm.chat(messages, {
      maxTokens: ANSWER_TOKENS,
      signal: this.signal,
      onToken: (token) => {
        streamed += token;
        this.emit({ streaming: streamed.length > STREAMING_CHARS ? `…${streamed.slice(-STREAMING_CHARS)}` : streamed });
      },
    });
    return cleanAnswer(answer);
  }
}

function componentOf(member: Member): ComponentDescription {
  return { name: member.name, kind: member.kind, description: member.description, member_descriptions: member.member_descriptions };
}

function trimComponent(component: ComponentDescription, maxChars: number): ComponentDescription {
  const text = [component.description, component.member_descriptions].filter(Boolean).join('\n');
  if (text.length <= maxChars) return component;
  return { ...component, description: `${text.slice(0, Math.max(0, maxChars - 20))} …`, member_descriptions: null };
}

/** "name - first sentence of its purpose" for each described member (A.9.2's format). */
function memberLines(members: readonly Member[]): string {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const m of members) {
    if (!m.description || seen.has(m.name)) continue;
    seen.add(m.name);
    lines.push(`${m.name} - ${firstSentence(purposeSection(m.description) ?? m.description)}`);
  }
  return lines.length > 0 ? lines.join('\n') : NO_MEMBERS;
}

/** Docstring requirement as is; otherwise the LLM's purpose with the structural Input / Output. */
function requirementOf(node: DescribeNode, structural: string | null, description: string): string | null {
  if (structural === null) return null;
  if (parseDocstring(node.docstring).firstSentence) return structural;
  const purpose = purposeSection(description) ?? (description ? firstSentence(description) : null);
  if (!purpose) return structural;
  return structural.replace(/^Purpose: .*$/m, () => `Purpose: ${purpose}`);
}
