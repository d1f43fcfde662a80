/**
 * @file The camera's follow decision as pure geometry (stay inside the margin, least pan when the
 * box fits at the current zoom, else a centred fit between the zoom cap and floor), then the thin
 * Cytoscape side on a headless instance (real library, no DOM) given an 800 x 600 canvas: a
 * follow animates to the decided viewport and replaces a running camera animation.
 */
import type { Core } from 'cytoscape';
import { afterEach, describe, expect, it } from 'vitest';
import { CALM_MAX_ZOOM, GraphCamera, followMove } from './graphCamera.ts';
import type { Box, Viewport } from './graphCamera.ts';
import { headlessCanvas } from './viewTestKit.ts';

const view = (zoom = 1, pan = { x: 0, y: 0 }): Viewport => ({ width: 800, height: 600, zoom, pan });
const box = (x1: number, y1: number, x2: number, y2: number): Box => ({ x1, y1, x2, y2 });

/** Where a model box lands on the canvas after a move. */
function rendered(b: Box, zoom: number, pan: { x: number; y: number }): Box {
  return { x1: b.x1 * zoom + pan.x, y1: b.y1 * zoom + pan.y, x2: b.x2 * zoom + pan.x, y2: b.y2 * zoom + pan.y };
}

describe('followMove', () => {
  it('stays while the box is inside the viewport less an 8 % margin', () => {
    expect(followMove(box(100, 100, 300, 300), view())).toEqual({ kind: 'stay' });
    // The margin is 64 px across and 48 px down on 800 x 600.
    expect(followMove(box(64, 48, 736, 552), view())).toEqual({ kind: 'stay' });
    expect(followMove(box(63, 48, 300, 300), view()).kind).toBe('pan');
    expect(followMove(box(100, 100, 300, 553), view()).kind).toBe('pan');
    // Pan and zoom count: the same model box is outside once the view moved away.
    expect(followMove(box(100, 100, 300, 300), view(1, { x: -80, y: 0 })).kind).toBe('pan');
    expect(followMove(box(100, 100, 300, 300), view(2, { x: 0, y: 0 })).kind).toBe('pan');
  });

  it('pans by the least distance when the box fits at the current zoom, the zoom kept', () => {
    // 40 px past the right edge's margin: moved left by exactly that, y untouched.
    const right = followMove(box(600, 100, 776, 200), view());
    expect(right).toEqual({ kind: 'pan', pan: { x: -40, y: 0 } });
    // Above and left: moved down-right onto the margin.
    const upLeft = followMove(box(-100, -20, 50, 60), view(1, { x: 10, y: 0 }));
    expect(upLeft).toEqual({ kind: 'pan', pan: { x: 10 + 154, y: 68 } });
    // At zoom 2 the pan is in rendered pixels: box x2 = 400 * 2 = 800, 64 px past the margin.
    expect(followMove(box(300, 100, 400, 200), view(2))).toEqual({ kind: 'pan', pan: { x: -64, y: 0 } });
    const moved = followMove(box(300, 100, 400, 200), view(2));
    if (moved.kind !== 'pan') throw new Error('expected a pan');
    const after = rendered(box(300, 100, 400, 200), 2, moved.pan);
    expect(after.x2).toBeCloseTo(736);
    expect(after.x1).toBeGreaterThanOrEqual(64);
  });

  it('fits a box too big for the zoom, centred, so that the next follow stays', () => {
    const big = box(0, 0, 2000, 500);
    const move = followMove(big, view());
    expect(move.kind).toBe('fit');
    if (move.kind !== 'fit') return;
    // Inner width 800 - 2 * 64 = 672 over 2000 model px.
    expect(move.zoom).toBeCloseTo(672 / 2000);
    const after = rendered(big, move.zoom, move.pan);
    expect((after.x1 + after.x2) / 2).toBeCloseTo(400);
    expect((after.y1 + after.y2) / 2).toBeCloseTo(300);
    expect(followMove(big, view(move.zoom, move.pan))).toEqual({ kind: 'stay' });
  });

  it('never zooms in past the cap, nor out below the floor', () => {
    // Far too big at zoom 4, small at 1.3: the fit stops at the cap (default 1.3).
    const move = followMove(box(0, 0, 300, 200), view(4));
    expect(move).toMatchObject({ kind: 'fit', zoom: CALM_MAX_ZOOM });
    expect(followMove(box(0, 0, 300, 200), view(4), { maxZoom: 2 })).toMatchObject({ kind: 'fit', zoom: 2 });
    // The floor: a huge box is not fitted below minZoom, but still centred.
    const floored = followMove(box(0, 0, 100_000, 100), view(1), { minZoom: 0.5 });
    expect(floored).toMatchObject({ kind: 'fit', zoom: 0.5 });
    if (floored.kind === 'fit') expect(floored.pan.x).toBeCloseTo(400 - 50_000 * 0.5);
    // Already at the floor and centred there: nothing left to do.
    if (floored.kind === 'fit') expect(followMove(box(0, 0, 100_000, 100), view(0.5, floored.pan), { minZoom: 0.5 })).toEqual({ kind: 'stay' });
    // Below the floor already (the user zoomed out): a follow does not zoom in to reach it.
    const below = followMove(box(0, 0, 100_000, 100), view(0.1), { minZoom: 0.5 });
    expect(below.kind).toBe('pan');
  });

  it('stays for nothing to follow or no canvas', () => {
    expect(followMove(null, view())).toEqual({ kind: 'stay' });
    expect(followMove(box(Infinity, Infinity, -Infinity, -Infinity), view())).toEqual({ kind: 'stay' });
    expect(followMove(box(0, 0, 10, 10), { ...view(), width: 0 })).toEqual({ kind: 'stay' });
  });

  it('a custom margin widens the band kept free', () => {
    expect(followMove(box(100, 100, 300, 300), view(), { margin: 0.2 })).toEqual({ kind: 'pan', pan: { x: 60, y: 20 } });
  });
});

describe('GraphCamera on headless Cytoscape', () => {
  let cy: Core;
  afterEach(() => cy?.destroy());

  function canvas(): { cy: Core; camera: GraphCamera } {
    cy = headlessCanvas(800, 600, [{ selector: 'node', style: { width: 20, height: 20 } }]);
    // Added after start-up: elements given to cytoscape() are placed by its start-up layout.
    cy.add([
      { group: 'nodes', data: { id: 'a' }, position: { x: 0, y: 0 } },
      { group: 'nodes', data: { id: 'b' }, position: { x: 200, y: 100 } },
      { group: 'nodes', data: { id: 'far' }, position: { x: 3000, y: 100 } },
    ]);
    return { cy, camera: new GraphCamera(cy) };
  }

  const settled = (c: Core) =>
    new Promise<void>((resolve) => {
      const poll = () => (c.animated() ? setTimeout(poll, 10) : resolve());
      poll();
    });

  it('stays when the nodes are in view, pans to bring them in, fits what is too big', async () => {
    const { cy, camera } = canvas();
    cy.viewport({ zoom: 1, pan: { x: 300, y: 200 } });
    expect(camera.follow(cy.$('#a, #b'))).toEqual({ kind: 'stay' });
    expect(cy.animated()).toBe(false);

    const pan = camera.follow(cy.$('#far'), { duration: 20 });
    expect(pan.kind).toBe('pan');
    await settled(cy);
    const box = cy.$('#far').renderedBoundingBox({});
    expect(box.x2).toBeLessThanOrEqual(800 - 64 + 0.5);
    expect(box.x1).toBeGreaterThanOrEqual(64);
    expect(cy.zoom()).toBe(1);

    const fit = camera.follow(cy.nodes(), { duration: 20, maxZoom: 1.3 });
    expect(fit.kind).toBe('fit');
    await settled(cy);
    expect(cy.zoom()).toBeLessThan(1);
    const all = cy.nodes().renderedBoundingBox({});
    expect(all.x1).toBeGreaterThanOrEqual(64 - 0.5);
    expect(all.x2).toBeLessThanOrEqual(736 + 0.5);
    expect(camera.follow(cy.nodes())).toEqual({ kind: 'stay' });
  });

  it('a follow replaces a running camera animation', async () => {
    const { cy, camera } = canvas();
    cy.viewport({ zoom: 1, pan: { x: 300, y: 200 } });
    cy.animate({ zoom: 3, pan: { x: -5000, y: -5000 } }, { duration: 5000 });
    expect(cy.animated()).toBe(true);
    const move = camera.follow(cy.$('#far'), { duration: 20 });
    expect(move.kind).toBe('pan');
    await settled(cy);
    // The long zoom to 3 never finished: the follow's target holds.
    if (move.kind === 'pan') expect(cy.pan()).toEqual(move.pan);
    expect(cy.zoom()).toBeCloseTo(1, 1);
  });

  it('fitCalmly fits with a margin and caps the zoom at 1.3; zoomBy stays within the canvas limits', () => {
    const { cy, camera } = canvas();
    // One 20 px node would fill the canvas: the zoom stops at 1.3, the node centred.
    camera.fitCalmly(cy.$('#a'));
    expect(cy.zoom()).toBe(CALM_MAX_ZOOM);
    expect(cy.$('#a').renderedPosition()).toEqual({ x: 400, y: 300 });
    // Everything: 3020 model px into 800 - 2 * 40.
    camera.fitCalmly();
    expect(cy.zoom()).toBeCloseTo(720 / 3020);
    cy.maxZoom(4);
    cy.zoom(3.5);
    camera.zoomBy(2);
    expect(cy.zoom()).toBe(4);
  });
});
