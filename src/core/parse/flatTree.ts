/**
 * @file A whole tree's visible nodes read straight out of tree-sitter's wasm memory into flat
 * pre-order arrays, and a cursor over them. Walking a tree with tree-sitter's cursor costs one
 * wasm call per move and per read (about 200 ns a node on the stdlib, the largest cost of a parse
 * worker after the parse itself); one pass over the Subtree structs in JS costs about a third of
 * that, and the moves after it are array reads (`scripts/bench/cursorWalk.bench.ts`).
 *
 * The pass does what tree-sitter's TreeCursor does (lib/src/tree_cursor.c): hidden nodes are
 * walked through, a production's alias sequence renames (and may show) a child, extras take no
 * alias slot, symbols go through the language's public symbol map; a node's position is its
 * parent's plus the sizes and paddings before it. A node's pre-order index is its descendant
 * index, its id the address of its Subtree slot, as the library reports them.
 *
 * Pinned to web-tree-sitter 0.27.1 on wasm32: the Subtree layout of lib/src/subtree.h and the
 * TSLanguage fields up to `alias_sequences` (ABI 14 and 15 agree there). Each language is checked
 * once per thread before its first use: the header's counts against the library's exports, and a
 * walk of its first tree against the direct cursor; a language that fails stays on the direct
 * cursor (fastCursor.ts), as does every tree when the wasm module is not reachable.
 * Runs in: parse workers, Node. Layer src/core.
 */
import { Node } from 'web-tree-sitter';
import type { Tree } from 'web-tree-sitter';
import type { SyntaxCursor } from './syntaxCursor.ts';

/** What this reader needs of the emscripten module (the object handed to Parser.init). */
export interface HeapBinding {
  HEAPU8: Uint8Array;
  HEAPU16: Uint16Array;
  HEAPU32: Uint32Array;
  _ts_language_abi_version(language: number): number;
  _ts_language_symbol_count(language: number): number;
  _ts_language_field_count(language: number): number;
}

// TSLanguage (lib/src/parser.h), byte offsets on wasm32.
const LANGUAGE_ABI = 0;
const LANGUAGE_SYMBOL_COUNT = 4;
const LANGUAGE_ALIAS_COUNT = 8;
const LANGUAGE_FIELD_COUNT = 32;
const LANGUAGE_MAX_ALIAS_SEQUENCE_LENGTH = 36;
const LANGUAGE_SYMBOL_METADATA = 72;
const LANGUAGE_PUBLIC_SYMBOL_MAP = 76;
const LANGUAGE_ALIAS_SEQUENCES = 84;
// TSTree: { Subtree root; const TSLanguage *language; ... }
const TREE_LANGUAGE = 8;
// SubtreeHeapData (lib/src/subtree.h), byte offsets on wasm32.
const PADDING_BYTES = 4;
const PADDING_ROW = 8;
const PADDING_COLUMN = 12;
const SIZE_BYTES = 16;
const SIZE_ROW = 20;
const SIZE_COLUMN = 24;
const CHILD_COUNT = 36;
const SYMBOL = 40;
const FLAGS = 44; // bit 0 visible, 1 named, 2 extra
const VISIBLE_CHILD_COUNT = 48;
const PRODUCTION_ID = 66;
// SubtreeInlineData (8 bytes, little-endian): byte 0 flags (bit 0 is_inline, 1 visible,
// 2 named, 3 extra), 1 symbol, 4 padding columns, 5 padding rows (low 4 bits), 6 padding bytes,
// 7 size bytes.
const ERROR_SYMBOL = 0xffff;

/** What the pass needs of one language, read once. */
interface LanguageTables {
  /** Internal symbol -> public symbol (ERROR maps to itself). */
  publicSymbol: Uint16Array;
  /** Internal symbol -> 1 when the symbol's metadata says named (aliases use it). */
  namedSymbol: Uint8Array;
  /** The alias sequences as a u16 index into HEAPU16, and their row length. */
  aliasSequences: number;
  maxAliasLength: number;
}

let binding: HeapBinding | null = null;
/** Per language address: its tables, or null when it failed the check (direct cursor). */
const languages = new Map<number, LanguageTables | null>();

const littleEndian = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

/** Called with the module object given to Parser.init (next to fastCursor's useBinding). */
export function useHeapBinding(module: object): void {
  const candidate = module as Partial<Record<string, unknown>>;
  if (!littleEndian || !(candidate.HEAPU8 instanceof Uint8Array) || !(candidate.HEAPU32 instanceof Uint32Array)) return;
  if (typeof candidate._ts_language_symbol_count !== 'function' || typeof candidate._ts_language_abi_version !== 'function') return;
  binding = module as HeapBinding;
}

/** The language address of a library Tree (its TSTree's `language`). */
function languageOf(tree: Tree, heap: Uint32Array): number {
  return heap[((tree as unknown as Record<0, number>)[0] + TREE_LANGUAGE) >>> 2]!;
}

/** The tables of a language whose header agrees with the library's exports; null otherwise. */
function readLanguage(wasm: HeapBinding, address: number): LanguageTables | null {
  const u32 = wasm.HEAPU32;
  const u16 = wasm.HEAPU16;
  const word = (offset: number) => u32[(address + offset) >>> 2]!;
  // ts_language_symbol_count counts the aliases too.
  const total = word(LANGUAGE_SYMBOL_COUNT) + word(LANGUAGE_ALIAS_COUNT);
  if (
    word(LANGUAGE_ABI) !== wasm._ts_language_abi_version(address) ||
    total !== wasm._ts_language_symbol_count(address) ||
    word(LANGUAGE_FIELD_COUNT) !== wasm._ts_language_field_count(address)
  ) {
    return null;
  }
  const publicSymbol = new Uint16Array(0x10000);
  const namedSymbol = new Uint8Array(0x10000);
  const map = word(LANGUAGE_PUBLIC_SYMBOL_MAP) >>> 1;
  const metadata = word(LANGUAGE_SYMBOL_METADATA); // TSSymbolMetadata: 3 bools per symbol
  for (let symbol = 0; symbol < total; symbol++) {
    publicSymbol[symbol] = u16[map + symbol]!;
    namedSymbol[symbol] = wasm.HEAPU8[metadata + 3 * symbol + 1]!;
  }
  publicSymbol[ERROR_SYMBOL] = ERROR_SYMBOL;
  namedSymbol[ERROR_SYMBOL] = 1;
  return {
    publicSymbol,
    namedSymbol,
    aliasSequences: word(LANGUAGE_ALIAS_SEQUENCES) >>> 1,
    maxAliasLength: u16[(address + LANGUAGE_MAX_ALIAS_SEQUENCE_LENGTH) >>> 1]!,
  };
}

function grown<T extends Int32Array | Uint16Array | Uint8Array>(array: T, size: number): T {
  const bigger = new (array.constructor as new (n: number) => T)(size);
  bigger.set(array);
  return bigger;
}

/** Flat pre-order arrays of one tree's visible nodes; refilled for each tree. */
export class FlatTree {
  count = 0;
  tree: Tree | null = null;
  typeId = new Uint16Array(1024);
  /** The alias the node was reached through (0: none): the library Node's hidden word. */
  alias = new Uint16Array(1024);
  named = new Uint8Array(1024);
  /** UTF-16 offsets and the start point (column in UTF-16 units), as the library reports them. */
  start = new Int32Array(1024);
  end = new Int32Array(1024);
  row = new Int32Array(1024);
  column = new Int32Array(1024);
  id = new Int32Array(1024);
  parent = new Int32Array(1024);
  /** Next visible sibling (-1: none); lastChild is fill()'s bookkeeping for it. */
  next = new Int32Array(1024);
  private lastChild = new Int32Array(1024);
  // The pass's own stack: one frame per subtree whose children are being read (hidden ones too).
  private frameNode = new Int32Array(64);
  private frameChild = new Int32Array(64);
  private frameStructural = new Int32Array(64);
  private frameBytes = new Int32Array(64);
  private frameRow = new Int32Array(64);
  private frameColumn = new Int32Array(64);
  private frameParent = new Int32Array(64);

  private growNodes(): void {
    const size = this.typeId.length * 2;
    this.typeId = grown(this.typeId, size);
    this.alias = grown(this.alias, size);
    this.named = grown(this.named, size);
    this.start = grown(this.start, size);
    this.end = grown(this.end, size);
    this.row = grown(this.row, size);
    this.column = grown(this.column, size);
    this.id = grown(this.id, size);
    this.parent = grown(this.parent, size);
    this.next = grown(this.next, size);
    this.lastChild = grown(this.lastChild, size);
  }

  private growFrames(): void {
    const size = this.frameNode.length * 2;
    this.frameNode = grown(this.frameNode, size);
    this.frameChild = grown(this.frameChild, size);
    this.frameStructural = grown(this.frameStructural, size);
    this.frameBytes = grown(this.frameBytes, size);
    this.frameRow = grown(this.frameRow, size);
    this.frameColumn = grown(this.frameColumn, size);
    this.frameParent = grown(this.frameParent, size);
  }

  /** Reads every visible node of `tree` (a tree of `tables`' language). */
  fill(tree: Tree, wasm: HeapBinding, tables: LanguageTables): void {
    const u8 = wasm.HEAPU8;
    const u16 = wasm.HEAPU16;
    const u32 = wasm.HEAPU32;
    const { publicSymbol, namedSymbol, aliasSequences, maxAliasLength } = tables;
    this.tree = tree;
    const rootSlot = (tree as unknown as Record<0, number>)[0];
    const root = u32[rootSlot >>> 2]!;
    const rootInline = u8[rootSlot]! & 1;
    // The root starts after its padding (ts_tree_root_node).
    let bytes = rootInline ? u8[rootSlot + 6]! : u32[(root + PADDING_BYTES) >>> 2]!;
    let row = rootInline ? u8[rootSlot + 5]! & 15 : u32[(root + PADDING_ROW) >>> 2]!;
    let column = rootInline ? u8[rootSlot + 4]! : u32[(root + PADDING_COLUMN) >>> 2]!;
    this.typeId[0] = publicSymbol[rootInline ? u8[rootSlot + 1]! : u16[(root + SYMBOL) >>> 1]!]!;
    this.alias[0] = 0;
    this.named[0] = rootInline ? (u8[rootSlot]! >> 2) & 1 : (u8[root + FLAGS]! >> 1) & 1;
    this.start[0] = bytes >>> 1;
    this.end[0] = (bytes + (rootInline ? u8[rootSlot + 7]! : u32[(root + SIZE_BYTES) >>> 2]!)) >>> 1;
    this.row[0] = row;
    this.column[0] = column >>> 1;
    this.id[0] = rootSlot;
    this.parent[0] = -1;
    this.next[0] = -1;
    this.lastChild[0] = -1;
    let count = 1;
    let top = -1;
    if (!rootInline && u32[(root + CHILD_COUNT) >>> 2]! > 0) {
      top = 0;
      this.frameNode[0] = root;
      this.frameChild[0] = 0;
      this.frameStructural[0] = 0;
      this.frameBytes[0] = bytes;
      this.frameRow[0] = row;
      this.frameColumn[0] = column;
      this.frameParent[0] = 0;
    }
    while (top >= 0) {
      const node = this.frameNode[top]!;
      const childCount = u32[(node + CHILD_COUNT) >>> 2]!;
      const index = this.frameChild[top]!;
      if (index === childCount) {
        top--;
        continue;
      }
      const slot = node - 8 * (childCount - index);
      bytes = this.frameBytes[top]!;
      row = this.frameRow[top]!;
      column = this.frameColumn[top]!;
      let structural = this.frameStructural[top]!;
      const flags = u8[slot]!;
      let visible: number;
      let named: number;
      let extra: number;
      let symbol: number;
      let alias = 0;
      let sizeBytes: number;
      let child = 0;
      let hasChildren = false;
      // The size's extent: an inline leaf never spans a line break.
      let sizeRow = 0;
      let sizeColumn: number;
      if (flags & 1) {
        visible = (flags >> 1) & 1;
        named = (flags >> 2) & 1;
        symbol = u8[slot + 1]!;
        sizeBytes = u8[slot + 7]!;
        sizeColumn = sizeBytes;
        extra = (flags >> 3) & 1;
      } else {
        child = u32[slot >>> 2]!;
        const heapFlags = u8[child + FLAGS]!;
        visible = heapFlags & 1;
        named = (heapFlags >> 1) & 1;
        symbol = u16[(child + SYMBOL) >>> 1]!;
        sizeBytes = u32[(child + SIZE_BYTES) >>> 2]!;
        sizeRow = u32[(child + SIZE_ROW) >>> 2]!;
        sizeColumn = u32[(child + SIZE_COLUMN) >>> 2]!;
        hasChildren = u32[(child + CHILD_COUNT) >>> 2]! > 0;
        extra = (heapFlags >> 2) & 1;
      }
      // An extra takes no slot of the production's alias sequence.
      if (!extra) {
        const production = u16[(node + PRODUCTION_ID) >>> 1]!;
        if (production !== 0) {
          alias = u16[aliasSequences + production * maxAliasLength + structural]!;
          if (alias !== 0) {
            visible = 1;
            named = namedSymbol[alias]!;
          }
        }
        structural++;
      }
      // Advance this frame past the child: its size, then the next child's padding.
      this.frameChild[top] = index + 1;
      this.frameStructural[top] = structural;
      let nextBytes = bytes + sizeBytes;
      let nextRow = row;
      let nextColumn = column;
      if (sizeRow > 0) {
        nextRow += sizeRow;
        nextColumn = sizeColumn;
      } else {
        nextColumn += sizeColumn;
      }
      if (index + 1 < childCount) {
        const after = slot + 8;
        let padBytes: number;
        let padRow: number;
        let padColumn: number;
        if (u8[after]! & 1) {
          padBytes = u8[after + 6]!;
          padRow = u8[after + 5]! & 15;
          padColumn = u8[after + 4]!;
        } else {
          const data = u32[after >>> 2]!;
          padBytes = u32[(data + PADDING_BYTES) >>> 2]!;
          padRow = u32[(data + PADDING_ROW) >>> 2]!;
          padColumn = u32[(data + PADDING_COLUMN) >>> 2]!;
        }
        nextBytes += padBytes;
        if (padRow > 0) {
          nextRow += padRow;
          nextColumn = padColumn;
        } else {
          nextColumn += padColumn;
        }
      }
      this.frameBytes[top] = nextBytes;
      this.frameRow[top] = nextRow;
      this.frameColumn[top] = nextColumn;
      let parent = this.frameParent[top]!;
      if (visible) {
        if (count === this.typeId.length) this.growNodes();
        this.typeId[count] = publicSymbol[alias !== 0 ? alias : symbol]!;
        this.alias[count] = alias;
        this.named[count] = named;
        this.start[count] = bytes >>> 1;
        this.end[count] = (bytes + sizeBytes) >>> 1;
        this.row[count] = row;
        this.column[count] = column >>> 1;
        this.id[count] = slot;
        this.parent[count] = parent;
        this.next[count] = -1;
        this.lastChild[count] = -1;
        const previous = this.lastChild[parent]!;
        if (previous >= 0) this.next[previous] = count;
        this.lastChild[parent] = count;
        parent = count;
        count++;
      } else if (!hasChildren || u32[(child + VISIBLE_CHILD_COUNT) >>> 2]! === 0) {
        continue;
      }
      if (!hasChildren) continue;
      top++;
      if (top === this.frameNode.length) this.growFrames();
      this.frameNode[top] = child;
      this.frameChild[top] = 0;
      this.frameStructural[top] = 0;
      this.frameBytes[top] = bytes;
      this.frameRow[top] = row;
      this.frameColumn[top] = column;
      this.frameParent[top] = parent;
    }
    this.count = count;
  }
}

/** A cursor over a FlatTree: what the extractors read of any cursor (SyntaxCursor). */
export class FlatCursor implements SyntaxCursor {
  private at = 0;

  constructor(
    private readonly flat: FlatTree,
    private readonly types: readonly string[],
    private readonly release: (flat: FlatTree) => void,
  ) {}

  get nodeTypeId(): number {
    return this.flat.typeId[this.at]!;
  }

  get nodeType(): string {
    return this.types[this.flat.typeId[this.at]!] || 'ERROR';
  }

  get nodeIsNamed(): boolean {
    return this.flat.named[this.at] === 1;
  }

  get nodeId(): number {
    return this.flat.id[this.at]!;
  }

  get startIndex(): number {
    return this.flat.start[this.at]!;
  }

  get endIndex(): number {
    return this.flat.end[this.at]!;
  }

  /** The library's Node for the cursor's node, built from the same words the library reads back. */
  get currentNode(): Node {
    const flat = this.flat;
    const at = this.at;
    // The fields web-tree-sitter's Node constructor sets (its constructor takes a private token).
    const node = Object.create(Node.prototype) as Record<string | 0, unknown>;
    node[0] = flat.alias[at]!;
    node._children = undefined;
    node._namedChildren = undefined;
    node.id = flat.id[at]!;
    node.startIndex = flat.start[at]!;
    node.startPosition = { row: flat.row[at]!, column: flat.column[at]! };
    node.tree = flat.tree!;
    return node as unknown as Node;
  }

  gotoFirstChild(): boolean {
    const child = this.at + 1;
    if (child >= this.flat.count || this.flat.parent[child] !== this.at) return false;
    this.at = child;
    return true;
  }

  gotoNextSibling(): boolean {
    const next = this.flat.next[this.at]!;
    if (next < 0) return false;
    this.at = next;
    return true;
  }

  gotoParent(): boolean {
    if (this.at === 0) return false;
    this.at = this.flat.parent[this.at]!;
    return true;
  }

  delete(): void {
    this.release(this.flat);
  }
}

/** Filled trees no cursor holds any more, reused (their arrays keep their size). */
const spare: FlatTree[] = [];
/** Past this many nodes (about 40 MB of arrays) a released tree is left to the GC, not kept. */
const SPARE_NODES = 1 << 20;
const release = (flat: FlatTree): void => {
  if (flat.tree === null) return; // deleted twice: pooled once
  flat.tree = null;
  if (flat.typeId.length <= SPARE_NODES) spare.push(flat);
};

/**
 * A flat cursor at the root of `tree`, or null where this reader is off (no module, or the
 * tree's language failed its check). `check` compares a first walk against another cursor.
 */
export function openFlatCursor(tree: Tree, check: (tree: Tree, cursor: FlatCursor) => boolean): FlatCursor | null {
  const wasm = binding;
  if (!wasm) return null;
  const address = languageOf(tree, wasm.HEAPU32);
  let tables = languages.get(address);
  if (tables === null) return null;
  const firstUse = tables === undefined;
  if (tables === undefined) {
    tables = readLanguage(wasm, address);
    languages.set(address, tables);
    if (!tables) return null;
  }
  const flat = spare.pop() ?? new FlatTree();
  flat.fill(tree, wasm, tables);
  const cursor = new FlatCursor(flat, tree.language.types, release);
  if (firstUse && !check(tree, new FlatCursor(flat, tree.language.types, () => {}))) {
    languages.set(address, null);
    cursor.delete();
    return null;
  }
  return cursor;
}
