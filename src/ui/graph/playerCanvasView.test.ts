/**
 * @file The player's mode of the canvas on headless Cytoscape (real library, no DOM): a real MCTS
 * run on a small random graph (test/search/searchGraphs.ts, FAKE hash cross-encoder) mounted
 * through player/playerCanvas.ts, hosted by the test kit's FAKE controller over a FAKE repo
 * client (the worker boundary: it records reads and returns nothing): a live run never reads,
 * states render only while the player is drawn, a superseded mount is dropped, and the camera
 * follows a step into view.
 */
import { describe, expect, it } from 'vitest';
import { stateAt } from '../../core/search/mctsReplay.ts';
import type { Replay } from '../../core/search/mctsReplay.ts';
import type { RepoClient } from '../clients/repoClient.ts';
import { PlayerCanvasView } from './playerCanvasView.ts';
import { headlessCanvas, testHost } from './viewTestKit.ts';
import { randomRunReplay } from '../../../test/search/searchGraphs.ts';

let replayOnce: Promise<Replay> | null = null;

/** A real search on a random 300-node graph, replayed (built once for the file). */
function replayOfRandomRun(): Promise<Replay> {
  replayOnce ??= randomRunReplay({ seed: 11, nodes: 300, modules: 20, iterations: 25, kInit: 12 });
  return replayOnce;
}

/** FAKE repo client (the worker boundary): records every read of nodes, finds none. */
function emptyRepo(): { service: RepoClient; sent: (readonly number[])[] } {
  const sent: (readonly number[])[] = [];
  const service = {
    async readNodesAndEdges(ids: readonly number[]) {
      sent.push(ids);
      return { nodes: [], edges: [] };
    },
  } as unknown as RepoClient;
  return { service, sent };
}

function playerOnCanvas() {
  const cy = headlessCanvas();
  const repo = emptyRepo();
  const host = testHost(cy, repo.service);
  const player = new PlayerCanvasView(host);
  host.onEnter((mode) => {
    if (mode !== 'tree') player.leave();
  });
  return { cy, host, player, sent: repo.sent };
}

describe('PlayerCanvasView on headless Cytoscape', () => {
  it('mounts the final tree (a live run without a query), fits it, and renders states while drawn', async () => {
    const replay = await replayOfRandomRun();
    const { cy, host, player, sent } = playerOnCanvas();
    expect(await player.show(replay, 'tree', { withUct: false, quick: true })).toBe(true);
    expect(sent).toEqual([]);
    expect(host.recorded.errors).toEqual([]);
    expect(host.mode()).toBe('tree');
    expect(replay.ids.every((id) => cy.getElementById(`n${id}`).nonempty())).toBe(true);
    expect(host.recorded.notices.at(-1)).toBeNull();
    // Fitted with 30 px padding on the 800 x 600 canvas.
    const box = cy.nodes(`[nodeId]`).renderedBoundingBox({});
    expect(box.x1).toBeGreaterThanOrEqual(29);
    expect(box.x2).toBeLessThanOrEqual(771);

    const end = player.render(stateAt(replay, replay.trace.events.length));
    expect(end?.visible).toBe(replay.ids.length);
    const start = player.render(stateAt(replay, 0));
    expect(start?.visible).toBeLessThan(replay.ids.length);

    host.enter('answer');
    expect(player.render(stateAt(replay, 1))).toBeNull();
    cy.destroy();
  });

  it('names come from the repo when the run is not live; a superseded mount is dropped', async () => {
    const replay = await replayOfRandomRun();
    const { cy, host, player, sent } = playerOnCanvas();
    expect(await player.show(replay, 'tree', { withUct: true })).toBe(true);
    expect(sent.length).toBeGreaterThan(0);
    // Not in this graph (no rows): labelled by id.
    expect(cy.getElementById(`n${replay.ids[0]}`).data('label')).toBe(`#${replay.ids[0]}`);

    cy.elements().remove();
    const stale = player.show(replay, 'tree', { withUct: true, quick: true });
    host.begin();
    expect(await stale).toBe(false);
    expect(cy.elements().length).toBe(0);
    cy.destroy();
  });

  it('the camera follows a step: nothing while it is in view, else it comes into view', async () => {
    const replay = await replayOfRandomRun();
    const { cy, host, player } = playerOnCanvas();
    await player.show(replay, 'tree', { withUct: false, quick: true });
    const root = cy.getElementById(`n${replay.ids[0]}`);
    const deepest = replay.ids.reduce((best, id, i) => (replay.depth[i]! > replay.depth[best]! ? i : best), 0);
    const leaf = cy.getElementById(`n${replay.ids[deepest]}`);
    // Close in on the root: the deepest node is off screen.
    cy.zoom(2.5);
    cy.center(root);
    expect(host.camera.follow(root, { duration: 10 }).kind).toBe('stay');
    const move = host.camera.follow(leaf, { duration: 10 });
    expect(move.kind).not.toBe('stay');
    await new Promise<void>((resolve) => {
      const poll = () => (cy.animated() ? setTimeout(poll, 10) : resolve());
      poll();
    });
    const at = leaf.renderedBoundingBox({});
    expect(at.x1).toBeGreaterThanOrEqual(64 - 1);
    expect(at.x2).toBeLessThanOrEqual(736 + 1);
    expect(at.y1).toBeGreaterThanOrEqual(48 - 1);
    expect(at.y2).toBeLessThanOrEqual(552 + 1);
    expect(cy.zoom()).toBeLessThanOrEqual(2.5);
    expect(host.camera.follow(leaf).kind).toBe('stay');
    cy.destroy();
  });
});
