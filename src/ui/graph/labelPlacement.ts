/**
 * @file Label placement that never draws one label over another (docs/architecture.md, "The
 * player"): candidates are placed greedily in priority order; each offers its texts from the
 * fullest to the shortest (e.g. "name\nUCT 0.41 = …", "name", "nam…"), and the first whose
 * measured box (the real rendered box, asked of the canvas through `measure`) meets no box
 * already placed, nor an obstacle, wins; a candidate none of whose texts fits gets no label.
 * `countOverlaps` counts intersecting pairs among drawn boxes (what the app reports).
 * Pure: the canvas is behind `measure`, so the rules are tested without a browser.
 * Runs in: the main thread (pure).
 */

export interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface LabelCandidate<K> {
  key: K;
  /** Texts to try, fullest first; the last may be '' to mean "drop". */
  texts: readonly string[];
}

/** Boxes that touch within `gap` count as overlapping (labels need a little air). */
export function intersects(a: Box, b: Box, gap = 0): boolean {
  return a.x1 < b.x2 + gap && b.x1 < a.x2 + gap && a.y1 < b.y2 + gap && b.y1 < a.y2 + gap;
}

/** A uniform grid of placed boxes so each test looks at a few neighbours, not all. */
class BoxGrid {
  private readonly cells = new Map<string, Box[]>();
  constructor(private readonly cell: number) {}

  private keys(box: Box): string[] {
    const keys: string[] = [];
    const x1 = Math.floor(box.x1 / this.cell);
    const x2 = Math.floor(box.x2 / this.cell);
    const y1 = Math.floor(box.y1 / this.cell);
    const y2 = Math.floor(box.y2 / this.cell);
    for (let x = x1; x <= x2; x++) for (let y = y1; y <= y2; y++) keys.push(`${x},${y}`);
    return keys;
  }

  /** True when `box` meets a stored box, other than those owned by `self`. */
  hits(box: Box, gap: number, self?: unknown): boolean {
    for (const key of this.keys({ x1: box.x1 - gap, y1: box.y1 - gap, x2: box.x2 + gap, y2: box.y2 + gap })) {
      for (const other of this.cells.get(key) ?? []) if ((self === undefined || (other as Obstacle<unknown>).owner !== self) && intersects(box, other, gap)) return true;
    }
    return false;
  }

  add(box: Box): void {
    for (const key of this.keys(box)) {
      const list = this.cells.get(key);
      if (list) list.push(box);
      else this.cells.set(key, [box]);
    }
  }
}

/** A box labels must not cover; its owner's own label may (a node's label touches its body). */
export interface Obstacle<K> extends Box {
  owner?: K;
}

export interface PlacementOptions<K> {
  /** Boxes labels must not cover (the node bodies, say). */
  obstacles?: readonly Obstacle<K>[];
  /** Air between two labels, in the boxes' units. */
  gap?: number;
  /** Grid cell size for the neighbour search (about a label's width). */
  cell?: number;
}

/**
 * Places labels in candidate order (the most important first). `measure(key, text)` applies the
 * text and returns its box (null: not drawn, e.g. hidden); the chosen text stays applied.
 * Returns the chosen text by key ('' where none fitted).
 */
export function placeLabels<K>(
  candidates: readonly LabelCandidate<K>[],
  measure: (key: K, text: string) => Box | null,
  options: PlacementOptions<K> = {},
): Map<K, string> {
  const gap = options.gap ?? 2;
  const placed = new BoxGrid(options.cell ?? 120);
  const obstacles = new BoxGrid(options.cell ?? 120);
  for (const o of options.obstacles ?? []) obstacles.add(o);
  const chosen = new Map<K, string>();
  for (const candidate of candidates) {
    let text = '';
    for (const option of candidate.texts) {
      if (option === '') break;
      const box = measure(candidate.key, option);
      if (!box) {
        // Not drawn at all: nothing to collide with.
        text = option;
        break;
      }
      if (!placed.hits(box, gap) && !obstacles.hits(box, 0, candidate.key)) {
        placed.add(box);
        text = option;
        break;
      }
    }
    if (text === '') measure(candidate.key, '');
    chosen.set(candidate.key, text);
  }
  return chosen;
}

/** Pairs of boxes that intersect (0 gap: touching edges do not count). */
export function countOverlaps(boxes: readonly Box[]): number {
  let count = 0;
  const sorted = [...boxes].sort((a, b) => a.x1 - b.x1);
  for (let i = 0; i < sorted.length; i++) {
    const a = sorted[i]!;
    for (let j = i + 1; j < sorted.length && sorted[j]!.x1 < a.x2; j++) if (intersects(a, sorted[j]!)) count++;
  }
  return count;
}

/** "a_long_name" -> "a_long_n…" (at most `max` characters, the ellipsis included). */
export function abbreviate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(1, max - 1))}…`;
}

/** The texts to try for a label: the full text, its first line, that line shortened. */
export function labelTexts(full: string, shortest = 10): string[] {
  const texts = [full];
  const first = full.split('\n')[0]!;
  if (first !== full) texts.push(first);
  if (first.length > shortest) texts.push(abbreviate(first, shortest));
  return texts;
}
