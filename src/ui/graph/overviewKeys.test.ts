/**
 * @file Keyboard moves of the package overview: arrows map to directions, the nearest item
 * ahead wins (sideways offset costs double), nothing ahead gives null, reading order for the
 * first item of a box.
 * Runs in: Node (vitest).
 */
import { describe, expect, it } from 'vitest';
import { arrowDirection, firstSpot, nearestInDirection } from './overviewKeys.ts';

// A 3x2 grid, 100 apart, and one item off to the lower right.
const grid = [
  { key: 'a', x: 0, y: 0 },
  { key: 'b', x: 100, y: 0 },
  { key: 'c', x: 200, y: 0 },
  { key: 'd', x: 0, y: 100 },
  { key: 'e', x: 100, y: 100 },
  { key: 'f', x: 200, y: 100 },
  { key: 'g', x: 330, y: 160 },
];

describe('overview keys', () => {
  it('maps the arrows and nothing else', () => {
    expect(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].map(arrowDirection)).toEqual(['left', 'right', 'up', 'down']);
    expect(arrowDirection('Enter')).toBeNull();
  });

  it('moves to the nearest item ahead, preferring the same row or column', () => {
    expect(nearestInDirection(grid[0]!, grid, 'right')).toBe('b');
    expect(nearestInDirection(grid[0]!, grid, 'down')).toBe('d');
    expect(nearestInDirection(grid[4]!, grid, 'up')).toBe('b');
    expect(nearestInDirection(grid[4]!, grid, 'left')).toBe('d');
    expect(nearestInDirection(grid[5]!, grid, 'right')).toBe('g');
    expect(nearestInDirection(grid[2]!, grid, 'right')).toBe('g');
  });

  it('stays put at an edge', () => {
    expect(nearestInDirection(grid[0]!, grid, 'left')).toBeNull();
    expect(nearestInDirection(grid[0]!, grid, 'up')).toBeNull();
    expect(nearestInDirection(grid[6]!, grid, 'down')).toBeNull();
  });

  it('the first item is the top-left one in reading order', () => {
    expect(firstSpot([...grid].reverse())).toBe('a');
    expect(firstSpot([{ key: 'x', x: 50, y: 3 }, { key: 'y', x: 10, y: 8 }])).toBe('y');
    expect(firstSpot([])).toBeNull();
  });
});
