/**
 * @file A tree cursor that calls web-tree-sitter's wasm exports directly. The library's
 * TreeCursor copies its four state words into the wasm transfer buffer before every call and
 * back after it through `setValue` / `getValue` (a string switch and a DataView per word), which
 * cost about 0.57 µs per visited node on the stdlib walk, 3x the work done in wasm. This cursor
 * does the same calls with the same state words, written and read through the heap's Int32Array:
 * the same walk takes a third of the time (`scripts/bench/cursorWalk.bench.ts`). Its state lives
 * in the library cursor it wraps, so `currentNode` and `delete` go through the library unchanged.
 * Where the exports are not reachable (another Parser.init came first, a big-endian host), open()
 * hands back the library's own cursor: same interface, same results, only slower.
 * Pinned to web-tree-sitter 0.27.1's binding (TRANSFER_BUFFER of 4 words per cursor, the `_ts_*_wasm`
 * exports); the differential test in fastCursor.test.ts walks real files both ways.
 * Runs in: parse workers, Node. Layer src/core.
 */
import type { Node, Tree, TreeCursor } from 'web-tree-sitter';
import { openFlatCursor } from './flatTree.ts';
import type { SyntaxCursor } from './syntaxCursor.ts';

type TreeAddress = number;

/** The emscripten module object of web-tree-sitter (the object handed to Parser.init). */
export interface TreeSitterBinding {
  HEAP32: Int32Array;
  _ts_init(): number;
  _ts_tree_cursor_goto_first_child_wasm(tree: TreeAddress): number;
  _ts_tree_cursor_goto_next_sibling_wasm(tree: TreeAddress): number;
  _ts_tree_cursor_goto_parent_wasm(tree: TreeAddress): number;
  _ts_tree_cursor_current_node_type_id_wasm(tree: TreeAddress): number;
  _ts_tree_cursor_current_node_is_named_wasm(tree: TreeAddress): number;
  _ts_tree_cursor_current_node_id_wasm(tree: TreeAddress): number;
  _ts_tree_cursor_start_index_wasm(tree: TreeAddress): number;
  _ts_tree_cursor_end_index_wasm(tree: TreeAddress): number;
}

const EXPORTS = [
  '_ts_init',
  '_ts_tree_cursor_goto_first_child_wasm',
  '_ts_tree_cursor_goto_next_sibling_wasm',
  '_ts_tree_cursor_goto_parent_wasm',
  '_ts_tree_cursor_current_node_type_id_wasm',
  '_ts_tree_cursor_current_node_is_named_wasm',
  '_ts_tree_cursor_current_node_id_wasm',
  '_ts_tree_cursor_start_index_wasm',
  '_ts_tree_cursor_end_index_wasm',
] as const;

/** The library objects' wasm handles: tree[0] is the tree's address, cursor[0..3] its state. */
type Handles = Record<0 | 1 | 2 | 3, number>;

let binding: TreeSitterBinding | null = null;
/** Word index of the transfer buffer in HEAP32. */
let transferWord = 0;

const littleEndian = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

/**
 * Called once with the module object given to Parser.init, after it resolved. Leaves the fast
 * path off when the object is not the live module (its exports missing) or the host is big-endian.
 */
export function useBinding(module: object): void {
  const candidate = module as Partial<Record<string, unknown>>;
  if (!littleEndian || !(candidate.HEAP32 instanceof Int32Array)) return;
  if (!EXPORTS.every((name) => typeof candidate[name] === 'function')) return;
  binding = module as TreeSitterBinding;
  transferWord = binding._ts_init() >>> 2;
}

/** Whether open() returns the direct cursor (false: the library's). */
export function fastCursorAvailable(): boolean {
  return binding !== null;
}

/**
 * A cursor at `at` (a tree's root or any node). A whole tree gets the flat cursor (flatTree.ts)
 * where its language passed the flat reader's check; otherwise, and for a node, the direct one
 * when available, else the library's.
 */
export function openCursor(at: Tree | Node): SyntaxCursor {
  if ('rootNode' in at) {
    const flat = openFlatCursor(at, walksAlike);
    if (flat) return flat;
  }
  return openWasmCursor(at);
}

/** A cursor at `at` that calls into wasm at every step: the direct one when available, else the library's. */
export function openWasmCursor(at: Tree | Node): SyntaxCursor {
  const cursor = at.walk();
  const tree = 'rootNode' in at ? at : at.tree;
  return binding ? new FastCursor(cursor, tree, binding) : cursor;
}

/** Whether the flat cursor walks `tree` step for step like the wasm cursor (flatTree's check). */
function walksAlike(tree: Tree, flat: SyntaxCursor): boolean {
  const wasm = openWasmCursor(tree);
  try {
    for (;;) {
      if (
        flat.nodeTypeId !== wasm.nodeTypeId ||
        flat.nodeIsNamed !== wasm.nodeIsNamed ||
        flat.nodeId !== wasm.nodeId ||
        flat.startIndex !== wasm.startIndex ||
        flat.endIndex !== wasm.endIndex
      ) {
        return false;
      }
      const flatNode = flat.currentNode;
      const wasmNode = wasm.currentNode;
      if (flatNode.startPosition.row !== wasmNode.startPosition.row || flatNode.startPosition.column !== wasmNode.startPosition.column) return false;
      if (flatNode.type !== wasmNode.type || flatNode.endIndex !== wasmNode.endIndex) return false;
      const down = flat.gotoFirstChild();
      if (down !== wasm.gotoFirstChild()) return false;
      if (down) continue;
      let moved = false;
      for (;;) {
        const across = flat.gotoNextSibling();
        if (across !== wasm.gotoNextSibling()) return false;
        if (across) {
          moved = true;
          break;
        }
        const up = flat.gotoParent();
        if (up !== wasm.gotoParent()) return false;
        if (!up) break;
      }
      if (!moved) return true;
    }
  } finally {
    wasm.delete();
  }
}

class FastCursor implements SyntaxCursor {
  private readonly state: Handles;
  private readonly tree: TreeAddress;
  private readonly types: readonly string[];

  constructor(
    private readonly cursor: TreeCursor,
    tree: Tree,
    private readonly wasm: TreeSitterBinding,
  ) {
    this.state = cursor as unknown as Handles;
    this.tree = (tree as unknown as Handles)[0];
    this.types = tree.language.types;
  }

  /** Puts this cursor's state into the transfer buffer (any other call may have used it). */
  private put(): void {
    const heap = this.wasm.HEAP32;
    const state = this.state;
    heap[transferWord] = state[0];
    heap[transferWord + 1] = state[1];
    heap[transferWord + 2] = state[2];
    heap[transferWord + 3] = state[3];
  }

  /** Reads the state a move left in the transfer buffer (the heap may have grown: read it anew). */
  private take(): void {
    const heap = this.wasm.HEAP32;
    const state = this.state;
    state[0] = heap[transferWord]!;
    state[1] = heap[transferWord + 1]!;
    state[2] = heap[transferWord + 2]!;
    state[3] = heap[transferWord + 3]!;
  }

  private move(step: (tree: TreeAddress) => number): boolean {
    this.put();
    if (step(this.tree) !== 1) return false;
    this.take();
    return true;
  }

  gotoFirstChild(): boolean {
    return this.move(this.wasm._ts_tree_cursor_goto_first_child_wasm);
  }

  gotoNextSibling(): boolean {
    return this.move(this.wasm._ts_tree_cursor_goto_next_sibling_wasm);
  }

  gotoParent(): boolean {
    return this.move(this.wasm._ts_tree_cursor_goto_parent_wasm);
  }

  get nodeTypeId(): number {
    this.put();
    return this.wasm._ts_tree_cursor_current_node_type_id_wasm(this.tree);
  }

  get nodeType(): string {
    return this.types[this.nodeTypeId] || 'ERROR';
  }

  get nodeIsNamed(): boolean {
    this.put();
    return this.wasm._ts_tree_cursor_current_node_is_named_wasm(this.tree) === 1;
  }

  get nodeId(): number {
    this.put();
    return this.wasm._ts_tree_cursor_current_node_id_wasm(this.tree);
  }

  get startIndex(): number {
    this.put();
    return this.wasm._ts_tree_cursor_start_index_wasm(this.tree);
  }

  get endIndex(): number {
    this.put();
    return this.wasm._ts_tree_cursor_end_index_wasm(this.tree);
  }

  get currentNode(): Node {
    return this.cursor.currentNode;
  }

  delete(): void {
    this.cursor.delete();
  }
}
