/**
 * @file The ego view on headless Cytoscape (real library, no DOM) over the demo repo indexed for
 * real (test/ui/demoService.ts), hosted by the test kit's FAKE controller with in-thread
 * layouts: the neighbourhood by depth on rings round its ringed, selected centre, the depth
 * kept, the newest request winning, re-layout; plus the rings the big-view force layout starts from.
 */
import type { NodeSingular } from 'cytoscape';
import { describe, expect, it } from 'vitest';
import { useDemoService } from '../../../test/ui/demoService.ts';
import { EgoView, levelRings } from './egoView.ts';
import { relayoutDrawn } from './drawnGraph.ts';
import { MemberExpansion } from './memberExpansion.ts';
import { headlessCanvas, testHost } from './viewTestKit.ts';

const demo = useDemoService();

function egoOnCanvas() {
  const cy = headlessCanvas();
  const host = testHost(cy, demo.service);
  const ego = new EgoView(host);
  const expansion = new MemberExpansion(host, async () => undefined);
  host.onEnter((mode) => {
    expansion.clear();
    if (mode !== 'ego') ego.leave();
  });
  return { cy, host, ego, expansion };
}

const classId = (name: string) => demo.idOf(`SELECT id FROM nodes WHERE kind = 'Class' AND name = '${name}'`);

describe('EgoView on the indexed demo', () => {
  it('draws the neighbourhood on rings by hop round the ringed, selected centre', async () => {
    const { cy, host, ego } = egoOnCanvas();
    const center = await classId('OrderService');
    await ego.show(center, 1);
    expect(host.recorded.errors).toEqual([]);
    expect(host.mode()).toBe('ego');
    expect(ego.center).toBe(center);
    expect(ego.depth).toBe(1);
    const slice = await demo.service.readEgo(center, 1);
    expect(cy.nodes().length).toBe(slice.nodes.length);
    const centre = cy.getElementById(`n${center}`);
    expect(centre.hasClass('center')).toBe(true);
    expect(centre.selected()).toBe(true);
    expect(host.recorded.notices.at(-1)).toBeNull();
    // Concentric: every neighbour one hop away sits at the same distance from the centre.
    const at = centre.position();
    const radii = (cy.nodes().not(centre).toArray() as NodeSingular[]).map((n) => Math.hypot(n.position('x') - at.x, n.position('y') - at.y));
    expect(Math.max(...radii) - Math.min(...radii)).toBeLessThan(1);
    expect(Math.min(...radii)).toBeGreaterThan(10);
    expect(cy.zoom()).toBeLessThanOrEqual(1.3);
    expect(host.recorded.rendered.at(-1)).toMatchObject({ mode: 'ego', nodes: slice.nodes.length });
    cy.destroy();
  });

  it('a deeper view grows; the depth is kept and applied only while the ego view is drawn', async () => {
    const { cy, host, ego } = egoOnCanvas();
    const center = await classId('OrderService');
    await ego.show(center, 1);
    const one = cy.nodes().length;
    await ego.setDepth(2);
    expect(ego.depth).toBe(2);
    expect(cy.nodes().length).toBe((await demo.service.readEgo(center, 2)).nodes.length);
    expect(cy.nodes().length).toBeGreaterThan(one);
    host.enter('answer');
    expect(ego.center).toBeNull();
    expect(ego.reload()).toBeNull();
    const drawn = cy.nodes().length;
    await ego.setDepth(3);
    expect(ego.depth).toBe(3);
    expect(cy.nodes().length).toBe(drawn);
    cy.destroy();
  });

  it('the newest request wins; re-layout moves the drawn nodes and keeps them in view', async () => {
    const { cy, host, ego } = egoOnCanvas();
    const first = await classId('OrderService');
    const second = await classId('Cart');
    await Promise.all([ego.show(first, 1), ego.show(second, 1)]);
    expect(ego.center).toBe(second);
    expect(cy.getElementById(`n${second}`).hasClass('center')).toBe(true);
    expect(cy.nodes('.center').length).toBe(1);

    const before = cy.nodes().map((n) => ({ ...n.position() }));
    expect(await relayoutDrawn(host, host.generation())).toBe(true);
    const after = cy.nodes().map((n) => ({ ...n.position() }));
    expect(after).not.toEqual(before);
    expect(cy.zoom()).toBeLessThanOrEqual(1.3);
    // Stale: a newer load started while the layout ran.
    const stale = relayoutDrawn(host, host.generation());
    host.begin();
    expect(await stale).toBe(false);
    expect(cy.nodes().map((n) => ({ ...n.position() }))).toEqual(after);
    cy.destroy();
  });

  it('a member expansion is dropped when the ego view is drawn', async () => {
    const { cy, ego, expansion } = egoOnCanvas();
    const center = await classId('OrderService');
    await ego.show(center, 1);
    const module = cy.nodes('[kind = "Module"]').filter((n) => Number(n.data('children')) > 0).first();
    const moduleId = Number(module.data('nodeId'));
    await expansion.toggle(moduleId);
    expect(expansion.isExpanded(moduleId)).toBe(true);
    await ego.show(center, 1);
    expect(expansion.isExpanded(moduleId)).toBe(false);
    cy.destroy();
  });

  it('levelRings: start positions on rings by hop, spread by the golden angle', () => {
    const nodes = [1, 2, 3, 4].map((id) => ({ id, kind: 'Function' as const, name: `f${id}`, qualifiedName: `f${id}`, displayName: `f${id}`, shortName: `f${id}`, children: 0 }));
    const rings = levelRings(nodes, new Map([[1, 0], [2, 1], [3, 2], [4, 2]]), 100);
    const radius = (i: number) => Math.hypot(rings[i * 2]!, rings[i * 2 + 1]!);
    expect([0, 1, 2, 3].map((i) => Math.round(radius(i)))).toEqual([0, 100, 200, 200]);
    // Two on one ring are not on top of each other.
    expect(Math.hypot(rings[4]! - rings[6]!, rings[5]! - rings[7]!)).toBeGreaterThan(100);
    // An unknown distance counts as one hop.
    expect(Math.round(Math.hypot(...levelRings(nodes.slice(0, 1), new Map(), 50)))).toBe(50);
  });
});
