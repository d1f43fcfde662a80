/**
 * @file A Path 1 answer on headless Cytoscape (real library, no DOM) over the demo repo indexed
 * for real (test/ui/demoService.ts), hosted by the test kit's FAKE controller with in-thread
 * layouts: the answer's nodes ringed with the stored edges among them, laid out and fitted
 * calmly, ids not in the graph skipped, an empty answer announced; expand / collapse of a
 * module of the answer.
 */
import { describe, expect, it } from 'vitest';
import { useDemoService } from '../../../test/ui/demoService.ts';
import { num } from '../../core/reads/rowValues.ts';
import { AnswerView } from './answerView.ts';
import { MemberExpansion } from './memberExpansion.ts';
import { headlessCanvas, testHost } from './viewTestKit.ts';

const demo = useDemoService();

function answerOnCanvas() {
  const cy = headlessCanvas();
  const host = testHost(cy, demo.service);
  const answer = new AnswerView(host);
  const expansion = new MemberExpansion(host, async () => undefined);
  host.onEnter(() => expansion.clear());
  return { cy, host, answer, expansion };
}

describe('AnswerView on the indexed demo', () => {
  it("draws the answer's nodes ringed with the stored edges among them, fitted calmly", async () => {
    const { cy, host, answer } = answerOnCanvas();
    const rows = await demo.conn.query("SELECT id FROM nodes WHERE kind IN ('Class', 'Module') AND name LIKE '%order%' ORDER BY id");
    const ids = rows.map((r) => num(r, 'id'));
    expect(ids.length).toBeGreaterThan(2);
    await answer.show([...ids, 987_654_321]);
    expect(host.recorded.errors).toEqual([]);
    expect(host.mode()).toBe('answer');
    expect(cy.nodes().map((n) => Number(n.data('nodeId'))).sort((a, b) => a - b)).toEqual(ids);
    expect(cy.nodes('.tree-hit').length).toBe(ids.length);
    const inAnswer = new Set(ids.map((id) => `n${id}`));
    expect(cy.edges().filter((e) => !inAnswer.has(e.source().id()) || !inAnswer.has(e.target().id())).length).toBe(0);
    // Laid out (not all on one spot) and in view at a calm zoom.
    expect(new Set(cy.nodes().map((n) => `${Math.round(n.position('x'))},${Math.round(n.position('y'))}`)).size).toBe(ids.length);
    expect(cy.zoom()).toBeLessThanOrEqual(1.3);
    const box = cy.nodes().renderedBoundingBox({});
    expect(box.x1).toBeGreaterThanOrEqual(-1);
    expect(box.x2).toBeLessThanOrEqual(801);
    expect(host.recorded.notices.at(-1)).toBeNull();
    cy.destroy();
  });

  it('an answer naming no graph node is announced and clears the canvas', async () => {
    const { cy, host, answer } = answerOnCanvas();
    cy.add({ group: 'nodes', data: { id: 'left-over' } });
    await answer.show([]);
    expect(cy.elements().length).toBe(0);
    expect(host.recorded.notices.at(-1)).toBe('The answer names no graph nodes.');
    expect(host.mode()).toBe('answer');
    cy.destroy();
  });

  it("expands a module of the answer into its members and collapses it; a newer answer drops the expansion", async () => {
    const { cy, host, answer, expansion } = answerOnCanvas();
    const module = await demo.idOf("SELECT id FROM nodes WHERE kind = 'Module' AND name = 'shopkit.orders.service'");
    await answer.show([module]);
    await expansion.toggle(module);
    expect(host.recorded.errors).toEqual([]);
    const members = cy.nodes().filter((n) => expansion.revealer(Number(n.data('nodeId'))) === module);
    expect(members.nonempty()).toBe(true);
    expect(cy.getElementById(`n${module}`).hasClass('expanded')).toBe(true);
    expect(cy.edges('[type = "CONTAINS"]').length).toBe(members.length);
    await expansion.toggle(module);
    expect(cy.nodes().length).toBe(1);
    expect(cy.getElementById(`n${module}`).hasClass('expanded')).toBe(false);

    await expansion.toggle(module);
    expect(expansion.isExpanded(module)).toBe(true);
    await answer.show([module]);
    expect(expansion.isExpanded(module)).toBe(false);
    expect(cy.nodes().length).toBe(1);
    cy.destroy();
  });
});
