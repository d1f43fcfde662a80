/**
 * @file Plain formatting of question answering for the UI: the route's label, trace file
 * names, score parts, and the best method per eval column (bold in the table).
 * Runs in: the main thread.
 */
import type { MethodReport, RouteInfo, SearchHit, SearchMethod } from '../../core/agent/searchService.ts';

export function routeLabel(route: RouteInfo): string {
  if (route.path === 'cypher') return route.generator === 'user' ? (route.cypherError ? 'Cypher · error' : 'Path 1 · your Cypher') : 'Path 1 · Cypher';
  if (route.path === 'mcts') return 'Path 2 · MCTS';
  if (route.path === 'cypher+mcts') return 'Path 1 + 2 · Cypher, then MCTS';
  return 'Baseline';
}

export function generatorLabel(generator: RouteInfo['generator']): string | null {
  if (generator === 'llm') return 'written by the LLM';
  if (generator === 'rules') return 'written by rules (no LLM)';
  if (generator === 'user') return 'as you typed it';
  return null;
}

/** File-name-safe words of a question: lowercase, hyphenated, at most `max` characters. */
export function querySlug(query: string, max = 40): string {
  const slug = query
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const cut = slug.length > max ? slug.slice(0, max).replace(/-[^-]*$/, '') || slug.slice(0, max) : slug;
  return cut || 'query';
}

export function traceFileName(query: string, runId: number): string {
  return `mcts-${querySlug(query)}-${runId}.json`;
}

export function formatScore(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  return abs !== 0 && abs < 0.01 ? value.toExponential(1) : value.toFixed(abs >= 100 ? 0 : abs >= 10 ? 1 : 3);
}

/** A 0..1 relevance as a person reads it: '73%' ('<1%' for a tiny non-zero one). */
export function relevanceLabel(relevance: number): string {
  const pct = Math.round(relevance * 100);
  return pct === 0 && relevance > 0 ? '<1%' : `${pct}%`;
}

const PART_LABELS: Record<string, string> = { rewardPart: 'reward', simPart: 'sim' };

/** Score parts in a stable order (MCTS: reward then sim), labelled for people. */
export function scoreParts(hit: SearchHit): { key: string; label: string; value: number }[] {
  const parts = Object.entries(hit.parts ?? {});
  const order = (key: string) => (key === 'rewardPart' ? 0 : key === 'simPart' ? 1 : 2);
  parts.sort((a, b) => order(a[0]) - order(b[0]) || a[0].localeCompare(b[0]));
  return parts.map(([key, value]) => ({ key, label: PART_LABELS[key] ?? key, value }));
}

export type MetricKey = 'ndcg' | 'recall' | 'mrr' | 'reranker_calls' | 'ms';
export const METRIC_KEYS: readonly MetricKey[] = ['ndcg', 'recall', 'mrr', 'reranker_calls', 'ms'];
/** Quality: higher is better; cost: lower is better. */
const LOWER_IS_BETTER: ReadonlySet<MetricKey> = new Set(['reranker_calls', 'ms']);

/** For each metric, the methods with the best value (ties all win; nothing with one method or none). */
export function bestPerColumn(methods: Partial<Record<SearchMethod, MethodReport>>): Record<MetricKey, Set<SearchMethod>> {
  const entries = Object.entries(methods) as [SearchMethod, MethodReport][];
  const best = {} as Record<MetricKey, Set<SearchMethod>>;
  for (const key of METRIC_KEYS) {
    best[key] = new Set();
    if (entries.length < 2) continue;
    const values = entries.map(([, r]) => r[key]);
    const target = LOWER_IS_BETTER.has(key) ? Math.min(...values) : Math.max(...values);
    if (values.every((v) => v === target)) continue;
    for (const [method, report] of entries) if (report[key] === target) best[key].add(method);
  }
  return best;
}

/** A browser download of JSON text (the caller's file name). */
export function jsonBlob(value: unknown): Blob {
  return new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' });
}

export const METHOD_LABELS: Record<SearchMethod, string> = {
  auto: 'Auto (router)',
  mcts: 'MCTS',
  bm25: 'BM25',
  dense: 'Dense · descriptions',
  'dense-code': 'Dense · code',
  'rerank-all': 'Rerank all',
  fusion: 'Fusion · MCTS + BM25',
};

/** "10, 25 50" -> [10, 25, 50]: positive integers, sorted, unique; anything else is an error. */
export function parseIterationList(text: string): number[] {
  const parts = text.split(/[\s,;]+/).filter((p) => p !== '');
  const values = parts.map((p) => {
    const value = Number(p);
    if (!Number.isInteger(value) || value < 1) throw new Error(`"${p}" is not a positive whole number of iterations`);
    return value;
  });
  return [...new Set(values)].sort((a, b) => a - b);
}

/** The route's reason as a sentence: capital first letter, full stop. */
export function reasonSentence(reason: string): string {
  const text = reason.trim();
  if (!text) return '';
  const capital = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}
