/**
 * @file forceLayout: finite, separated, edges shorter than non-edges, components kept near.
 */
import { describe, expect, it } from 'vitest';
import { forceLayout } from './forceLayout.ts';

function dist(p: Float64Array, a: number, b: number): number {
  return Math.hypot(p[a * 2]! - p[b * 2]!, p[a * 2 + 1]! - p[b * 2 + 1]!);
}

describe('forceLayout', () => {
  it('handles empty and single-node graphs', () => {
    expect(forceLayout({ count: 0, links: [] })).toHaveLength(0);
    expect([...forceLayout({ count: 1, links: [] })]).toEqual([0, 0]);
  });

  it('puts linked nodes closer than unlinked ones and keeps nodes apart', () => {
    // Two 10-node rings, joined by one edge.
    const links: number[] = [];
    for (let i = 0; i < 10; i++) links.push(i, (i + 1) % 10, 10 + i, 10 + ((i + 1) % 10));
    links.push(0, 10);
    const p = forceLayout({ count: 20, links });
    expect([...p].every(Number.isFinite)).toBe(true);
    let linked = 0;
    for (let i = 0; i < 10; i++) linked += dist(p, i, (i + 1) % 10);
    let across = 0;
    for (let i = 1; i < 10; i++) across += dist(p, i, 10 + i);
    expect(linked / 10).toBeLessThan(across / 9);
    for (let a = 0; a < 20; a++) for (let b = a + 1; b < 20; b++) expect(dist(p, a, b)).toBeGreaterThan(5);
  });

  it('keeps separate components within a bounded area and is deterministic', () => {
    const links: number[] = [];
    for (let c = 0; c < 30; c++) links.push(c * 2, c * 2 + 1);
    const first = forceLayout({ count: 60, links });
    const second = forceLayout({ count: 60, links });
    expect([...first]).toEqual([...second]);
    const extent = Math.max(...[...first].map(Math.abs));
    expect(extent).toBeLessThan(2000);
  });

  it('lays out 1,500 nodes with finite positions', () => {
    const links: number[] = [];
    for (let i = 1; i < 1500; i++) links.push(i, Math.floor(i / 3), i, (i * 7) % 1500);
    const p = forceLayout({ count: 1500, links });
    expect([...p].every(Number.isFinite)).toBe(true);
  });
});
