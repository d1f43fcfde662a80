/**
 * @file Label placement rules with boxes from a measuring function (a fixed-width font model:
 * 7 units a character, 14 a line), as the canvas would report them: the first candidate keeps its
 * full text, a colliding one falls back to its first line, then to an abbreviation, then to
 * nothing; obstacles are avoided; the overlap count agrees with a brute-force count.
 */
import { describe, expect, it } from 'vitest';
import { abbreviate, countOverlaps, intersects, labelTexts, placeLabels } from './labelPlacement.ts';
import type { Box } from './labelPlacement.ts';

/** Labels centred under a node at (x, y), 7 units per character, 14 per line. */
function measurer(at: Record<string, [number, number]>, applied: Map<string, string>) {
  return (key: string, text: string): Box | null => {
    applied.set(key, text);
    if (text === '') return null;
    const [x, y] = at[key]!;
    const lines = text.split('\n');
    const w = Math.max(...lines.map((l) => l.length)) * 7;
    return { x1: x - w / 2, x2: x + w / 2, y1: y, y2: y + lines.length * 14 };
  };
}

describe('placeLabels', () => {
  it('keeps the first label whole and shortens or drops the ones that would overlap it', () => {
    const applied = new Map<string, string>();
    const at: Record<string, [number, number]> = { a: [0, 0], b: [0, 20], c: [60, 0], d: [500, 0] };
    const chosen = placeLabels(
      [
        { key: 'a', texts: labelTexts('format_file_in_place\nUCT 0.41 = 0.30 + 0.11') },
        { key: 'b', texts: labelTexts('another_long_name') },
        { key: 'c', texts: labelTexts('c_name_that_is_long\nreward 3.00') },
        { key: 'd', texts: labelTexts('far_away\nN 3') },
      ],
      measurer(at, applied),
    );
    expect(chosen.get('a')).toBe('format_file_in_place\nUCT 0.41 = 0.30 + 0.11');
    // b sits right under a's two lines: every text of it collides.
    expect(chosen.get('b')).toBe('');
    // c's texts all meet a's box (x -77..77): even the abbreviation (x 25..95) does, so it is dropped.
    expect(chosen.get('c')).toBe('');
    expect(chosen.get('d')).toBe('far_away\nN 3');
    // What is applied is what was chosen.
    for (const [key, text] of chosen) expect(applied.get(key)).toBe(text);
  });

  it('falls back to the first line, then to an abbreviation', () => {
    const applied = new Map<string, string>();
    const at: Record<string, [number, number]> = { a: [0, 0], b: [0, 30] };
    const chosen = placeLabels(
      [
        { key: 'a', texts: ['aaaa'] },
        { key: 'b', texts: labelTexts('bbbbbbbbbbbbbbbbbbbbbbbbbbbb\nsecond line') },
      ],
      measurer(at, applied),
      { obstacles: [{ x1: -200, x2: 200, y1: 45, y2: 60 }] },
    );
    // b's full text (two lines, 30..58) hits the obstacle at 45; its first line (30..44) does not.
    expect(chosen.get('b')).toBe('bbbbbbbbbbbbbbbbbbbbbbbbbbbb');
  });

  it('places none over another: the chosen boxes have no overlapping pair', () => {
    const applied = new Map<string, string>();
    const at: Record<string, [number, number]> = {};
    const keys: string[] = [];
    for (let i = 0; i < 200; i++) {
      const key = `n${i}`;
      keys.push(key);
      at[key] = [(i * 37) % 400, Math.floor(i / 10) * 12];
    }
    const measure = measurer(at, applied);
    const chosen = placeLabels(keys.map((key) => ({ key, texts: labelTexts(`${key}_some_function_name\nN 1`) })), measure);
    const boxes = [...chosen].filter(([, t]) => t !== '').map(([key, text]) => measure(key, text)!);
    expect(boxes.length).toBeGreaterThan(10);
    expect(boxes.length).toBeLessThan(200);
    expect(countOverlaps(boxes)).toBe(0);
  });
});

describe('countOverlaps', () => {
  it('agrees with a brute-force count', () => {
    const boxes: Box[] = Array.from({ length: 120 }, (_, i) => {
      const x = (i * 53) % 300;
      const y = (i * 29) % 200;
      return { x1: x, y1: y, x2: x + 20 + (i % 7) * 9, y2: y + 14 };
    });
    let brute = 0;
    for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) if (intersects(boxes[i]!, boxes[j]!)) brute++;
    expect(brute).toBeGreaterThan(0);
    expect(countOverlaps(boxes)).toBe(brute);
  });

  it('abbreviates with an ellipsis', () => {
    expect(abbreviate('format_file_in_place', 10)).toBe('format_fi…');
    expect(abbreviate('short', 10)).toBe('short');
  });
});
