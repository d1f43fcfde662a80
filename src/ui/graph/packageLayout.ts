/**
 * @file The package overview's placement, pure: nested rectangle packing (potpack) bottom-up.
 * Each drawn leaf (a module, a closed package) has a footprint (its shape and label); an open
 * package's box is its children packed, plus padding and a title band; siblings are packed with a
 * gap, so no two boxes overlap at any depth. Children of one height (a package's modules, name
 * ranges) are laid in rows in their given order instead, so they read alphabetically. A leaf with children of its own (an expanded module
 * and its members) is drawn above them. Items marked `last` (the tests and fixtures group) are
 * placed after their siblings: below them or to their right, whichever keeps the wanted shape. The top level is packed to the canvas's aspect ratio
 * (potpack packs near-square: widths are divided by the aspect, packed, and multiplied back, which
 * keeps boxes apart). Deterministic; the explorer runs it in the layout worker.
 * Runs in: the main thread (pure, no DOM, no I/O; unit-tested in Node). Layer src/ui. the layout worker in the app.
 */
import potpack from 'potpack';

export interface PackItem {
  key: string;
  /** The open package this item is drawn inside; null at the top level. */
  parent: string | null;
  /** An open package (a box around its children); its w/h are ignored. */
  open: boolean;
  /** Footprint of a leaf: shape and label together. */
  w: number;
  h: number;
  /** Leaf: offset from the footprint's centre to the node's centre (a label below moves it up). */
  dy?: number;
  /** Open package: width of its title (the box is at least this wide). */
  titleW?: number;
  /** Placed after its siblings (below or to the right of them), whatever its size. */
  last?: boolean;
}

export interface PackOptions {
  /** Space between sibling boxes. */
  gap: number;
  /** The compound padding drawn around an open package's children (cytoscape `padding`). */
  padding: number;
  /** Height of the title band above an open package's box. */
  title: number;
  /** Width / height wanted for the top level (the canvas). */
  aspect: number;
  /** Width / height wanted inside open packages. */
  innerAspect: number;
}

export const DEFAULT_PACK: PackOptions = { gap: 14, padding: 10, title: 18, aspect: 16 / 9, innerAspect: 1.6 };

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface PackResult {
  /** Node centre of each leaf, by key. */
  positions: Map<string, { x: number; y: number }>;
  /** Each item's reserved rectangle (open packages: box plus title band), by key. */
  rects: Map<string, Rect>;
  width: number;
  height: number;
}

interface Block {
  key: string;
  w: number;
  h: number;
  x?: number;
  y?: number;
}

/** Places every item; positions for leaves, rectangles for all (tests check they never overlap). */
export function packLayout(items: readonly PackItem[], options: PackOptions = DEFAULT_PACK): PackResult {
  const children = new Map<string | null, PackItem[]>();
  for (const item of items) {
    const list = children.get(item.parent) ?? [];
    list.push(item);
    children.set(item.parent, list);
  }
  /** Children of a box, relative to its content origin, and the content size. */
  const inner = new Map<string | null, { blocks: Block[]; w: number; h: number }>();
  const sizeOf = new Map<string, { w: number; h: number }>();

  const pack = (parent: string | null, aspect: number): { w: number; h: number } => {
    const list = children.get(parent) ?? [];
    const blocks: Block[] = list.map((item) => {
      const size = item.open ? openSize(item) : children.has(item.key) ? headedSize(item) : { w: item.w, h: item.h };
      sizeOf.set(item.key, size);
      return { key: item.key, w: (size.w + options.gap) / aspect, h: size.h + options.gap };
    });
    // Items marked last wait; the others: rows of one height (a package's modules, name ranges)
    // keep their order, mixed sizes are packed tallest first.
    const tail = blocks.filter((_, i) => list[i]!.last);
    const body = tail.length > 0 ? blocks.filter((_, i) => !list[i]!.last) : blocks;
    const uniform = body.every((b) => Math.abs(b.h - body[0]!.h) < 0.5);
    if (!uniform) body.sort((a, b) => b.h - a.h);
    let packed = body.length === 0 ? { w: 0, h: 0 } : uniform ? rows(body) : potpack(body);
    if (tail.length > 0) packed = after(packed, tail);
    // Back to real widths; each block keeps the gap on its right and bottom only.
    for (const block of blocks) {
      block.x = block.x! * aspect;
      block.w = block.w * aspect - options.gap;
      block.h -= options.gap;
    }
    const size = { w: Math.max(0, packed.w * aspect - options.gap), h: Math.max(0, packed.h - options.gap) };
    inner.set(parent, { blocks, ...size });
    return size;
  };
  const openSize = (item: PackItem) => {
    const content = pack(item.key, options.innerAspect);
    return {
      w: Math.max(content.w + 2 * options.padding, item.titleW ?? 0),
      h: content.h + 2 * options.padding + options.title,
    };
  };

  /** A leaf with children (an expanded module and its members): the leaf above its packed children. */
  const headedSize = (item: PackItem) => {
    const content = pack(item.key, options.innerAspect);
    return { w: Math.max(item.w, content.w), h: item.h + options.gap / 2 + content.h };
  };

  const top = pack(null, options.aspect);
  const byKey = new Map(items.map((i) => [i.key, i]));
  const positions = new Map<string, { x: number; y: number }>();
  const rects = new Map<string, Rect>();
  const place = (parent: string | null, originX: number, originY: number) => {
    for (const block of inner.get(parent)?.blocks ?? []) {
      const item = byKey.get(block.key)!;
      const size = sizeOf.get(block.key)!;
      const x = originX + block.x!;
      const y = originY + block.y!;
      rects.set(block.key, { x, y, w: size.w, h: size.h });
      if (item.open) {
        const content = inner.get(item.key)!;
        // Centre the content in the box (the title may make the box wider than its children).
        place(item.key, x + (size.w - content.w) / 2, y + options.title + options.padding);
      } else if (inner.has(item.key)) {
        const content = inner.get(item.key)!;
        positions.set(block.key, { x: x + size.w / 2, y: y + item.h / 2 + (item.dy ?? 0) });
        place(item.key, x + (size.w - content.w) / 2, y + item.h + options.gap / 2);
      } else positions.set(block.key, { x: x + size.w / 2, y: y + size.h / 2 + (item.dy ?? 0) });
    }
  };
  place(null, 0, 0);
  return { positions, rects, width: top.w, height: top.h };
}

/**
 * Places `tail` in one row after a packed area of size `packed` (in the packing's square-wanted
 * units): below it or to its right, whichever needs the smaller enclosing square; the new size.
 */
function after(packed: { w: number; h: number }, tail: Block[]): { w: number; h: number } {
  const w = tail.reduce((sum, b) => sum + b.w, 0);
  const h = Math.max(...tail.map((b) => b.h));
  const below = { w: Math.max(packed.w, w), h: packed.h + h };
  const right = { w: packed.w + w, h: Math.max(packed.h, h) };
  const useRight = packed.w > 0 && Math.max(right.w, right.h) < Math.max(below.w, below.h);
  let x = useRight ? packed.w : 0;
  for (const block of tail) {
    block.x = x;
    block.y = useRight ? 0 : packed.h;
    x += block.w;
  }
  return useRight ? right : below;
}

/** Blocks in reading order, in rows that wrap at the width of a square of their area. */
function rows(blocks: Block[]): { w: number; h: number } {
  const area = blocks.reduce((sum, b) => sum + b.w * b.h, 0);
  const limit = Math.max(Math.sqrt(area), ...blocks.map((b) => b.w));
  let x = 0;
  let y = 0;
  let width = 0;
  for (const block of blocks) {
    if (x > 0 && x + block.w > limit + 1e-9) {
      x = 0;
      y += block.h;
    }
    block.x = x;
    block.y = y;
    x += block.w;
    width = Math.max(width, x);
  }
  return { w: width, h: y + (blocks[0]?.h ?? 0) };
}

/** True when two rectangles share interior area. */
export function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}
