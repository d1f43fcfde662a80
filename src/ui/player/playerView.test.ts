/**
 * @file The player's canvas on headless Cytoscape (real library, no DOM): a real MCTS run on a
 * small random graph (FAKE hash cross-encoder), mounted with the layered layout, then rendered at
 * positions: nodes not yet in the tree are hidden, the phase classes follow the event before the
 * cursor, labels only on the path / expansion / top-K, and a step touches only what changed.
 */
import cytoscape from 'cytoscape';
import { describe, expect, it } from 'vitest';
import type { NodeKind } from '../../core/graph/types.ts';
import type { Reranker } from '../../core/models/types.ts';
import { buildGraphSnapshot } from '../../core/search/graphSnapshot.ts';
import { runMcts } from '../../core/search/mcts.ts';
import { buildReplay, cursorAt, stateAt } from '../../core/search/mctsReplay.ts';
import { createPrng } from '../../core/search/prng.ts';
import { mountPlayer, playerElements } from './playerCanvas.ts';

/** FAKE cross-encoder: a score from the text's characters. */
const hashReranker: Reranker = {
  info: { id: 'test:hash', label: 'hash fake reranker', builtin: true },
  score: async (_q, docs) => docs.map((d) => ([...d].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) % 997, 7) % 10) / 9),
};

async function replayOfRandomRun() {
  const random = createPrng(5);
  const n = 600;
  const nodes = Array.from({ length: n }, (_, i) => ({ id: i + 1, kind: (i === 0 ? 'Repo' : i <= 30 ? 'Module' : 'Function') as NodeKind }));
  const edges: { src: number; dst: number }[] = [];
  for (let i = 1; i <= 30; i++) edges.push({ src: 1, dst: i + 1 });
  for (let i = 31; i < n; i++) edges.push({ src: 2 + Math.floor(random() * 30), dst: i + 1 }, { src: i + 1, dst: 1 + Math.floor(random() * n) });
  const snapshot = buildGraphSnapshot({ nodes, edges }, { dim: 8, matrix: new Float32Array(n * 8).map(() => random() - 0.5) });
  const params = { iterations: 40, kInit: 15, kMin: 4, c: 0.3, alpha: 0.5, budget: Infinity, seed: 3 };
  const { trace } = await runMcts(snapshot, { text: 'q', embedding: new Float32Array(8).fill(0.2) }, hashReranker, (i) => `doc ${i}`, params);
  return buildReplay(trace);
}

describe('PlayerView on headless Cytoscape', () => {
  it('hides future nodes, marks the phase and labels only what matters', async () => {
    const replay = await replayOfRandomRun();
    const cy = cytoscape({ headless: true, styleEnabled: true });
    const view = mountPlayer(cy, replay, await playerElements(null, replay, 'tree', 1.5), true);
    const total = replay.trace.events.length;

    const expandOne = cursorAt(replay, 1, 'expand');
    const atExpand = view.render(stateAt(replay, expandOne));
    const firstExpand = replay.trace.events[expandOne - 1]!;
    expect(firstExpand.phase).toBe('expand');
    const k = firstExpand.phase === 'expand' ? firstExpand.children.length : 0;
    expect(atExpand.visible).toBe(1 + k);
    expect(cy.nodes('.future').length).toBe(replay.ids.length - 1 - k);
    expect(cy.nodes('.expanding').length).toBe(1 + k);
    expect(cy.edges('.expanding').length).toBe(k);

    // A select with a path of at least two nodes: the path is lit, steps carry their UCT.
    const select = replay.trace.events.findIndex((e) => e.phase === 'select' && e.path.length >= 3);
    expect(select).toBeGreaterThan(0);
    view.render(stateAt(replay, select + 1));
    const event = replay.trace.events[select]!;
    const path = event.phase === 'select' ? event.path : [];
    expect(cy.nodes('.on-path').map((n) => Number(n.data('nodeId'))).sort((a, b) => a - b)).toEqual([...path].sort((a, b) => a - b));
    expect(String(cy.getElementById(`n${path[1]}`).data('treeLabel'))).toMatch(/UCT \d+\.\d+ = \d+\.\d+ \+ \d+\.\d+/);
    const labelled = cy.nodes().filter((n) => n.data('treeLabel') !== '').length;
    expect(labelled).toBeLessThanOrEqual(path.length + 10 + 2);

    // The end: every node present, exactly 10 top-K rings.
    const end = view.render(stateAt(replay, total));
    expect(end.visible).toBe(replay.ids.length);
    expect(cy.nodes('.future').length).toBe(0);
    expect(cy.nodes('.topk').length).toBe(10);

    // One step back and forth touches only the nodes that changed.
    let touched = 0;
    cy.on('data', () => void touched++);
    view.render(stateAt(replay, total - 1));
    view.render(stateAt(replay, total));
    expect(touched).toBeLessThan(60);
    cy.destroy();
  });
});
