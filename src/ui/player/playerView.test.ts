/**
 * @file The player's canvas on headless Cytoscape (real library, no DOM): a real MCTS run on a
 * small random graph (test/search/searchGraphs.ts, FAKE hash cross-encoder), mounted with the
 * layered layout, then rendered at positions, folded (focus and context: the step, the top-10 and
 * the most visited drawn, the rest in "+N" bundles that open) and unfolded (nodes not yet in the
 * tree hidden, nothing moves, labels only on the path / expansion / top-K, and a step touches only
 * what changed).
 */
import cytoscape from 'cytoscape';
import { describe, expect, it } from 'vitest';
import { cursorAt, stateAt } from '../../core/search/mctsReplay.ts';
import { mountPlayer, playerElements } from './playerCanvas.ts';
import { randomRunReplay } from '../../../test/search/searchGraphs.ts';

/** A real search on a random 600-node graph, replayed. */
const replayOfRandomRun = () => randomRunReplay({ seed: 5, nodes: 600, modules: 30, iterations: 40, kInit: 15 });

describe('PlayerView on headless Cytoscape', () => {
  it('folded: draws the step, the top-10 and the most visited; folds the rest into "+N" bundles', async () => {
    const replay = await replayOfRandomRun();
    const cy = cytoscape({ headless: true, styleEnabled: true });
    const view = mountPlayer(cy, replay, await playerElements(null, replay, 'tree', 1.5), true);
    expect(view.isFolded).toBe(true);
    const total = replay.trace.events.length;
    const drawnNodes = () => cy.nodes('.player-node').not('.future');
    const bundleSum = () => cy.nodes('.player-bundle').not('.future').reduce((s, b) => s + Number(b.data('count')), 0);

    // The first expansion: the root and its 8 best new children; the other k - 8 in the root's bundle.
    const expandOne = cursorAt(replay, 1, 'expand');
    const atExpand = view.render(stateAt(replay, expandOne));
    const firstExpand = replay.trace.events[expandOne - 1]!;
    const k = firstExpand.phase === 'expand' ? firstExpand.children.length : 0;
    expect(k).toBeGreaterThan(8);
    expect(atExpand.visible).toBe(1 + k);
    expect(atExpand.drawn).toBe(1 + 8);
    expect(drawnNodes().length).toBe(9);
    expect(cy.getElementById('b0').hasClass('future')).toBe(false);
    expect(cy.getElementById('b0').data('treeLabel')).toBe(`+${k - 8}`);
    const best = firstExpand.phase === 'expand' ? firstExpand.children.slice(0, 8).map((c) => c.id).sort((a, b) => a - b) : [];
    expect(drawnNodes().filter((n) => n.hasClass('expanding') && n.id() !== `n${replay.trace.rootId}`).map((n) => Number(n.data('nodeId'))).sort((a, b) => a - b)).toEqual(best);
    expect(atExpand.focus[0]).toBe(replay.trace.rootId);

    // A select with a path of at least three nodes: the whole path is drawn and lit, with its UCT.
    const select = replay.trace.events.findIndex((e) => e.phase === 'select' && e.path.length >= 3);
    expect(select).toBeGreaterThan(0);
    view.render(stateAt(replay, select + 1));
    const event = replay.trace.events[select]!;
    const path = event.phase === 'select' ? event.path : [];
    expect(cy.nodes('.on-path').map((n) => Number(n.data('nodeId'))).sort((a, b) => a - b)).toEqual([...path].sort((a, b) => a - b));
    expect(String(cy.getElementById(`n${path[1]}`).data('treeLabel'))).toMatch(/UCT \d+\.\d+ = \d+\.\d+ \+ \d+\.\d+/);

    // The end: drawn + folded = born; a few dozen drawn out of the whole run; exactly 10 top-K rings.
    const end = view.render(stateAt(replay, total));
    expect(end.visible).toBe(replay.ids.length);
    expect(end.drawn + bundleSum()).toBe(replay.ids.length);
    expect(end.drawn).toBeLessThan(replay.ids.length / 3);
    expect(cy.nodes('.topk').not('.future').length).toBe(10);

    // Opening the root's bundle draws all of the root's born subtree.
    const opened = view.openBundle(0)!;
    expect(opened.drawn).toBe(replay.ids.length);
    expect(bundleSum()).toBe(0);
    cy.destroy();
  });

  it('unfolded: every born node at its mount position, labels only on the step, top-K and root', async () => {
    const replay = await replayOfRandomRun();
    const cy = cytoscape({ headless: true, styleEnabled: true });
    const view = mountPlayer(cy, replay, await playerElements(null, replay, 'tree', 1.5), true);
    view.setFolded(false);
    const total = replay.trace.events.length;
    const positions = new Map(cy.nodes('.player-node').map((n) => [n.id(), { ...n.position() }]));

    const expandOne = cursorAt(replay, 1, 'expand');
    const atExpand = view.render(stateAt(replay, expandOne));
    const firstExpand = replay.trace.events[expandOne - 1]!;
    const k = firstExpand.phase === 'expand' ? firstExpand.children.length : 0;
    expect(atExpand.visible).toBe(1 + k);
    expect(atExpand.drawn).toBe(1 + k);
    expect(cy.nodes('.player-node.future').length).toBe(replay.ids.length - 1 - k);
    expect(cy.nodes('.expanding').length).toBe(1 + k);
    expect(cy.edges('.expanding').length).toBe(k);

    const select = replay.trace.events.findIndex((e) => e.phase === 'select' && e.path.length >= 3);
    view.render(stateAt(replay, select + 1));
    const event = replay.trace.events[select]!;
    const path = event.phase === 'select' ? event.path : [];
    const labelled = cy.nodes().filter((n) => n.data('treeLabel') !== '').length;
    expect(labelled).toBeLessThanOrEqual(path.length + 10 + 2);

    const end = view.render(stateAt(replay, total));
    expect(end.visible).toBe(replay.ids.length);
    expect(cy.nodes('.player-node.future').length).toBe(0);
    expect(cy.nodes('.topk').length).toBe(10);
    // Nothing moved: the unfolded tree keeps the mount layout.
    for (const node of cy.nodes('.player-node')) expect(node.position()).toEqual(positions.get(node.id()));

    // One step back and forth touches only the nodes that changed.
    let touched = 0;
    cy.on('data', () => void touched++);
    view.render(stateAt(replay, total - 1));
    view.render(stateAt(replay, total));
    expect(touched).toBeLessThan(60);
    cy.destroy();
  });
});
