/**
 * @file Layered layout of a final MCTS search tree, computed once so scrubbing never
 * moves a node: the root on top, every child below its parent, each subtree in its own block.
 * MCTS trees are wide and shallow (the root alone may get hundreds of children, most of them
 * never expanded), so one row per depth would be thousands of nodes wide. Instead a node's leaf
 * children are packed in a grid of short rows right under it, and when a node's child blocks together are much
 * wider than they are tall they wrap onto shelves (rows of blocks, each shelf below the last),
 * so the whole tree keeps about a screen's aspect (ASPECT) with readable nodes at 1,000+ nodes.
 * Input: parent tree indices (root 0, -1 for the root; children listed in expansion order).
 * Runs in: the main thread (pure; unit-tested in Node). Layer src/ui.
 */

export interface TreeLayoutOptions {
  /** Horizontal distance between leaf slots. */
  dx?: number;
  /** Distance from a node to the first row of its children (and between shelves). */
  dy?: number;
  /** Distance between rows of a leaf grid. */
  leafDy?: number;
  /** Width of a slot for an inner node (it is drawn larger). */
  innerDx?: number;
  /** Target width / height of a block before its children wrap onto shelves. */
  aspect?: number;
}

export interface TreeLayout {
  /** x0, y0, x1, y1, ... by tree index. */
  positions: Float64Array;
  width: number;
  height: number;
}

/** Columns of a leaf grid with n leaves: about 3 times wider than tall, at most 24. */
export function leafColumns(n: number): number {
  return Math.max(1, Math.min(n, 24, Math.ceil(Math.sqrt(n * 3))));
}

interface Item {
  /** Child tree index, or -1 for the leaf grid. */
  node: number;
  width: number;
  height: number;
}

interface Shelf {
  items: Item[];
  width: number;
  height: number;
}

export function layeredTreeLayout(parent: ArrayLike<number>, options: TreeLayoutOptions = {}): TreeLayout {
  const dx = options.dx ?? 34;
  const dy = options.dy ?? 110;
  const leafDy = options.leafDy ?? 34;
  const innerDx = options.innerDx ?? 64;
  const aspect = options.aspect ?? 2.5;
  const n = parent.length;
  const children: number[][] = Array.from({ length: n }, () => []);
  for (let i = 1; i < n; i++) if (parent[i]! >= 0) children[parent[i]!]!.push(i);
  const width = new Float64Array(n);
  const height = new Float64Array(n);
  const shelvesOf: Shelf[][] = new Array(n);
  const leavesOf: number[][] = new Array(n);

  // Block sizes bottom-up (children have larger tree indices than their parents).
  for (let v = n - 1; v >= 0; v--) {
    const kids = children[v]!;
    if (kids.length === 0) {
      width[v] = dx;
      continue;
    }
    const leaves = kids.filter((c) => children[c]!.length === 0);
    leavesOf[v] = leaves;
    // The leaf grid first, right under its parent (short edges); then the inner children's blocks.
    const items: Item[] = [];
    if (leaves.length > 0) {
      const columns = leafColumns(leaves.length);
      items.push({ node: -1, width: columns * dx, height: (Math.ceil(leaves.length / columns) - 1) * leafDy });
    }
    for (const c of kids) if (children[c]!.length > 0) items.push({ node: c, width: width[c]!, height: height[c]! });
    const area = items.reduce((s, it) => s + it.width * (it.height + dy), 0);
    const limit = Math.max(Math.max(...items.map((it) => it.width)), Math.sqrt(area * aspect));
    const shelves: Shelf[] = [];
    for (const item of items) {
      const last = shelves.at(-1);
      if (last && last.width + item.width <= limit) {
        last.items.push(item);
        last.width += item.width;
        last.height = Math.max(last.height, item.height);
      } else shelves.push({ items: [item], width: item.width, height: item.height });
    }
    shelvesOf[v] = shelves;
    width[v] = Math.max(innerDx, ...shelves.map((s) => s.width));
    height[v] = shelves.reduce((s, shelf) => s + dy + shelf.height, 0);
  }

  const positions = new Float64Array(n * 2);
  const stack: [number, number, number][] = n > 0 ? [[0, 0, 0]] : [];
  while (stack.length > 0) {
    const [v, left, y] = stack.pop()!;
    positions[v * 2] = left + width[v]! / 2;
    positions[v * 2 + 1] = y;
    let shelfY = y;
    for (const shelf of shelvesOf[v] ?? []) {
      shelfY += dy;
      let x = left + (width[v]! - shelf.width) / 2;
      for (const item of shelf.items) {
        if (item.node >= 0) stack.push([item.node, x, shelfY]);
        else {
          const leaves = leavesOf[v]!;
          const columns = leafColumns(leaves.length);
          leaves.forEach((c, i) => {
            positions[c * 2] = x + (i % columns) * dx + dx / 2;
            positions[c * 2 + 1] = shelfY + Math.floor(i / columns) * leafDy;
          });
        }
        x += item.width;
      }
      shelfY += shelf.height;
    }
  }
  return { positions, width: n > 0 ? width[0]! : 0, height: n > 0 ? height[0]! : 0 };
}
