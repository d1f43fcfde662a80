/**
 * @file `mcts`: RANGER's Path 2 as a tool, optionally started from anchor nodes (RANGER's future
 * work: Cypher or the requirement graph first, then a targeted MCTS). With anchors, one run per
 * anchor (at most 3) rooted there, iterations split between them, rankings merged by best score.
 * The search engine (the in-memory snapshot) is built only when this tool first runs; on a big
 * graph one is built per call over its question's and anchors' neighbourhood (focusedEngines).
 * Runs in: everywhere. Layer src/core.
 */
import type { SearchHit } from '../searchService.ts';
import type { SearchEngine } from '../../search/searchEngine.ts';
import type { SearchFocus } from '../../search/scopedSearch.ts';
import type { AgentTool, ToolResult } from './agentTool.ts';
import { nodeLine } from './agentTool.ts';

const MAX_ANCHORS = 3;

export function searchTools(searchEngine: (focus: SearchFocus) => Promise<SearchEngine>): AgentTool[] {
  const mcts: AgentTool = {
    name: 'mcts',
    description:
      'Monte Carlo tree search over the code graph for a question (RANGER). Give anchor_ids (#) to start the walk at nodes found before; without anchors it starts at the repository root.',
    parameters: {
      type: 'object',
      properties: {
        query: { type: 'string' },
        anchor_ids: { type: 'array', items: { type: 'integer' }, maxItems: MAX_ANCHORS },
        k: { type: 'integer', minimum: 1, maximum: 20 },
        iterations: { type: 'integer', minimum: 10, maximum: 500 },
      },
      required: ['query'],
      additionalProperties: false,
    },
    async run(args, context): Promise<ToolResult> {
      const anchors = ((args.anchor_ids as number[] | undefined) ?? []).map((id) => Math.trunc(id));
      const engine = await searchEngine({ question: String(args.query), anchors });
      const k = (args.k as number | undefined) ?? 10;
      const indexOf = (id: number): number => engine.snapshot.ids.indexOf(id);
      const roots = anchors.map(indexOf).filter((i) => i >= 0);
      const unknown = anchors.filter((id) => indexOf(id) < 0);
      const total = (args.iterations as number | undefined) ?? engine.mctsParams().iterations;
      const runs = roots.length > 0 ? roots : [undefined];
      const best = new Map<number, SearchHit>();
      for (const rootIndex of runs) {
        const params = { iterations: Math.max(10, Math.round(total / runs.length)), ...(rootIndex !== undefined ? { rootIndex } : {}) };
        const response = await engine.run({ question: String(args.query), method: 'mcts', k, params }, { signal: context.signal });
        for (const hit of response.results) if ((best.get(hit.id)?.score ?? -Infinity) < hit.score) best.set(hit.id, hit);
      }
      const hits = [...best.values()].sort((a, b) => b.score - a.score || a.id - b.id).slice(0, k);
      const from = roots.length > 0 ? `from ${anchors.filter((id) => !unknown.includes(id)).map((id) => `#${id}`).join(', ')}` : 'from the repository root';
      const lines = [`MCTS ${from}${unknown.length > 0 ? ` (not in the graph: ${unknown.map((id) => `#${id}`).join(', ')})` : ''}:`];
      lines.push(...hits.map((h) => `${nodeLine(h)}  score ${h.score.toFixed(2)}`));
      return { text: hits.length > 0 ? lines.join('\n') : `${lines[0]} nothing found.`, nodeIds: hits.map((h) => h.id) };
    },
  };
  return [mcts];
}
