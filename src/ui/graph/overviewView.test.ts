/**
 * @file The package overview view on headless Cytoscape (real library, no DOM) over the demo repo
 * indexed for real (test/ui/demoService.ts: the UI's own queries, read-only guard first), hosted
 * by the test kit's FAKE controller with in-thread layouts: the default level, opening and
 * closing packages (and what the camera frames), a module revealed inside closed packages, a
 * module's members packed in its box, the double-click guard, keys, stale loads dropped, and
 * the tests and fixtures group (packed after the code, left out with Hide tests).
 */
import { describe, expect, it, vi } from 'vitest';
import type { NodeSingular } from 'cytoscape';
import { useDemoService } from '../../../test/ui/demoService.ts';
import { TESTS_KEY } from './packageOverview.ts';
import { MemberExpansion } from './memberExpansion.ts';
import { OverviewView } from './overviewView.ts';
import { headlessCanvas, testHost } from './viewTestKit.ts';

const demo = useDemoService();

/** The overview as the controller wires it: the expansion packs into the overview, a mode change drops it. */
function overviewOnCanvas() {
  const cy = headlessCanvas();
  const host = testHost(cy, demo.service);
  const expansion: MemberExpansion = new MemberExpansion(host, (generation, id) => overview.repackAround(generation, id));
  const overview: OverviewView = new OverviewView(host, expansion);
  host.onEnter(() => expansion.clear());
  host.onReport(() => overview.emitPath());
  return { cy, host, expansion, overview };
}

const moduleId = (name: string) => demo.idOf(`SELECT id FROM nodes WHERE kind = 'Module' AND name = '${name}'`);

/** Boxes of one level must not overlap (the packing's promise). */
function overlapping(nodes: NodeSingular[]): string[] {
  const boxes = nodes.map((n) => ({ key: n.id(), box: n.boundingBox({ includeLabels: false, includeOverlays: false }) }));
  const hits: string[] = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!.box;
      const b = boxes[j]!.box;
      if (a.x1 < b.x2 && b.x1 < a.x2 && a.y1 < b.y2 && b.y1 < a.y2) hits.push(`${boxes[i]!.key} / ${boxes[j]!.key}`);
    }
  }
  return hits;
}

describe('OverviewView on the indexed demo', () => {
  it('draws the default level packed without overlaps, and reports it', async () => {
    const { cy, host, overview } = overviewOnCanvas();
    await overview.show();
    expect(host.recorded.errors).toEqual([]);
    expect(host.mode()).toBe('overview');
    expect(overview.active()).toBe(true);
    // The biggest packages open, the rest closed boxes; modules sit in their open package.
    expect(cy.getElementById('p:shopkit').hasClass('open')).toBe(true);
    expect(cy.getElementById('p:shopkit/cart').hasClass('package')).toBe(true);
    expect(cy.getElementById('p:shopkit/cart').hasClass('open')).toBe(false);
    expect(cy.getElementById(`n${await moduleId('shopkit.catalog.search')}`).data('parent')).toBe('p:shopkit/catalog');
    expect(cy.edges('.package-link').nonempty()).toBe(true);
    const inShopkit = cy.nodes().filter((n) => n.data('parent') === 'p:shopkit').toArray() as NodeSingular[];
    expect(inShopkit.length).toBeGreaterThan(3);
    expect(overlapping(inShopkit)).toEqual([]);
    // Everything in view, the zoom calm.
    expect(cy.zoom()).toBeLessThanOrEqual(1.3);
    const drawn = cy.elements().renderedBoundingBox({});
    expect(drawn.x1).toBeGreaterThanOrEqual(-1);
    expect(drawn.x2).toBeLessThanOrEqual(801);
    const last = host.recorded.rendered.at(-1)!;
    expect(last).toMatchObject({ mode: 'overview', nodes: cy.nodes().length, packages: cy.nodes('.package').length });
    expect(host.recorded.paths.at(-1)!.path).toEqual([{ key: '', label: 'All packages' }]);
    expect(host.recorded.paths.at(-1)!.summary).toMatch(/closed package/);
    expect(host.recorded.busy).toEqual([true, false]);
    cy.destroy();
  });

  it('opens a package inside its box and frames it; closing it frames the box around it', async () => {
    const { cy, overview } = overviewOnCanvas();
    await overview.show();
    const cart = await moduleId('shopkit.cart.cart');
    expect(cy.getElementById(`n${cart}`).empty()).toBe(true);
    await overview.togglePackage('p:shopkit/cart');
    expect(overview.isOpen('p:shopkit/cart')).toBe(true);
    expect(cy.getElementById('p:shopkit/cart').hasClass('open')).toBe(true);
    expect(cy.getElementById(`n${cart}`).data('parent')).toBe('p:shopkit/cart');
    expect(overview.framedBox()?.id()).toBe('p:shopkit/cart');
    await overview.togglePackage('p:shopkit/cart');
    expect(cy.getElementById(`n${cart}`).empty()).toBe(true);
    expect(cy.getElementById('p:shopkit/cart').hasClass('open')).toBe(false);
    expect(overview.framedBox()?.id()).toBe('p:shopkit');
    cy.destroy();
  });

  it('packs the tests and fixtures group after the code; Hide tests leaves it out and says so', async () => {
    const { cy, host, overview } = overviewOnCanvas();
    await overview.show();
    const tests = cy.getElementById(TESTS_KEY) as NodeSingular;
    expect(tests.hasClass('tests')).toBe(true);
    expect(tests.hasClass('open')).toBe(false);
    const box = tests.boundingBox({ includeLabels: false, includeOverlays: false });
    const code = cy.nodes('.level').filter((n) => !n.data('parent') && n.id() !== TESTS_KEY).toArray() as NodeSingular[];
    const after = (edge: 'x' | 'y') => code.every((n) => (edge === 'x' ? box.x1 >= n.boundingBox({}).x2 - 1 : box.y1 >= n.boundingBox({}).y2 - 1));
    expect(after('x') || after('y')).toBe(true);
    const checkout = await moduleId('tests.test_checkout');
    await overview.setHideTests(true);
    expect(cy.getElementById(TESTS_KEY).empty()).toBe(true);
    expect(host.recorded.paths.at(-1)!.summary).toContain('2 test modules hidden');
    expect(await overview.reveal(checkout)).toBe(false);
    await overview.setHideTests(false);
    expect(cy.getElementById(TESTS_KEY).nonempty()).toBe(true);
    expect(host.recorded.paths.at(-1)!.summary).not.toContain('hidden');
    expect(await overview.reveal(checkout)).toBe(true);
    expect(overview.isOpen(TESTS_KEY)).toBe(true);
    expect(host.recorded.errors).toEqual([]);
    cy.destroy();
  });

  it('reveals a module inside closed packages, selected and focused; a non-module is not revealed', async () => {
    const { cy, host, overview } = overviewOnCanvas();
    await overview.show();
    const commands = await moduleId('shopkit.cli.commands');
    expect(overview.isOpen('p:shopkit/cli')).toBe(false);
    expect(await overview.reveal(commands)).toBe(true);
    expect(overview.isOpen('p:shopkit/cli')).toBe(true);
    expect(cy.getElementById(`n${commands}`).selected()).toBe(true);
    expect(overview.pathToFocus().map((c) => c.key)).toEqual(['', 'p:shopkit', 'p:shopkit/cli', `n${commands}`]);
    const orderService = await demo.idOf("SELECT id FROM nodes WHERE kind = 'Class' AND name = 'OrderService'");
    expect(await overview.reveal(orderService)).toBe(false);
    expect(host.recorded.errors).toEqual([]);
    cy.destroy();
  });

  it("packs a module's members in its box and folds them back up", async () => {
    const { cy, expansion, overview } = overviewOnCanvas();
    await overview.show();
    const service = await moduleId('shopkit.orders.service');
    await overview.reveal(service);
    await expansion.toggle(service);
    expect(expansion.isExpanded(service)).toBe(true);
    const members = cy.nodes().filter((n) => expansion.revealer(Number(n.data('nodeId'))) === service);
    expect(members.map((n) => n.data('label'))).toContain('OrderService');
    // Members stay in the module's package and are navigated under the module.
    expect(members.every((n) => n.data('parent') === 'p:shopkit/orders')).toBe(true);
    overview.focusItem(members.first().id(), false);
    expect(overview.pathToFocus().map((c) => c.key).slice(-2)).toEqual([`n${service}`, members.first().id()]);
    expect(overlapping(cy.nodes().filter((n) => n.data('parent') === 'p:shopkit/orders').toArray() as NodeSingular[])).toEqual([]);
    await expansion.toggle(service);
    expect(expansion.isExpanded(service)).toBe(false);
    expect(cy.nodes().filter((n) => expansion.revealer(Number(n.data('nodeId'))) === service).length).toBe(0);
    expect(members.filter((n) => !n.removed()).length).toBe(0);
    cy.destroy();
  });

  it('a click opens a package; the double-click that follows does not close it', async () => {
    const { cy, overview } = overviewOnCanvas();
    await overview.show();
    const utils = cy.getElementById('p:shopkit/utils') as NodeSingular;
    expect(overview.tapPackage(utils)).toBe(true);
    await vi.waitFor(() => expect(cy.getElementById('p:shopkit/utils').hasClass('open')).toBe(true));
    expect(overview.doubleTap(cy.getElementById('p:shopkit/utils') as NodeSingular)).toBe(true);
    expect(overview.isOpen('p:shopkit/utils')).toBe(true);
    // A module is not the overview's to double-click (the controller expands it).
    const module = cy.nodes('[nodeId]').first() as NodeSingular;
    expect(overview.doubleTap(module)).toBe(false);
    expect(overview.tapPackage(module)).toBe(false);
    cy.destroy();
  });

  it('keys move the focus and Enter opens a package', async () => {
    const { cy, overview } = overviewOnCanvas();
    await overview.show();
    expect(overview.key('ArrowRight')).toBe(true);
    await vi.waitFor(() => expect(overview.pathToFocus().length).toBe(2));
    expect(overview.pathToFocus()[1]!.key).toBe('p:shopkit');
    // Down into shopkit's box: Enter on an open package focuses its first item.
    overview.focusItem('p:shopkit/cart', false);
    expect(overview.key('Enter')).toBe(true);
    await vi.waitFor(() => expect(overview.isOpen('p:shopkit/cart')).toBe(true));
    await vi.waitFor(() => expect(overview.pathToFocus().at(-2)!.key).toBe('p:shopkit/cart'));
    expect(overview.key('Escape')).toBe(true);
    await vi.waitFor(() => expect(overview.isOpen('p:shopkit/cart')).toBe(false));
    expect(overview.key('x')).toBe(false);
    cy.destroy();
  });

  it('drops a load a newer one superseded, and does nothing once another mode is drawn', async () => {
    const { cy, host, overview } = overviewOnCanvas();
    const stale = overview.show();
    host.begin();
    await stale;
    expect(cy.elements().length).toBe(0);
    expect(host.recorded.rendered).toEqual([]);
    expect(overview.active()).toBe(false);

    await overview.show();
    host.enter('ego');
    expect(overview.active()).toBe(false);
    await overview.togglePackage('p:shopkit/cart');
    expect(overview.isOpen('p:shopkit/cart')).toBe(false);
    expect(overview.framedBox()).toBeNull();
    expect(overview.pathToFocus()).toEqual([]);
    expect(await overview.repack(host.generation())).toBe(false);
    cy.destroy();
  });
});
