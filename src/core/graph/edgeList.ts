/**
 * @file EdgeList: the stitcher's edge accumulator. Structural, INHERITS and IMPORTS edges are
 * unique by construction; USES edges are deduplicated on (src, dst, detail) with an
 * open-addressing hash set over typed arrays (no per-edge strings or boxed numbers). Edges are
 * added with the stitcher's working node ids; rows carry the stable ids `ids` maps them to.
 * Runs in: everywhere (stitcher). Layer src/core.
 */
import type { EdgeRow, EdgeType } from './types.ts';

const USES_DETAILS = ['call', 'instantiate', 'reference', 'decorate', 'annotate'];

export class EdgeList {
  readonly rows: EdgeRow[] = [];
  private srcs = new Int32Array(1024);
  private dsts = new Int32Array(1024);
  /** detail code + 1; 0 marks an empty slot. */
  private codes = new Uint8Array(1024);
  private size = 0;

  constructor(private readonly ids: Int32Array) {}

  add(src: number, dst: number, type: EdgeType, detail: string | null): void {
    this.rows.push({ src: this.ids[src]!, dst: this.ids[dst]!, type, detail });
  }

  addUses(src: number, dst: number, detail: string): void {
    let code = USES_DETAILS.indexOf(detail) + 1;
    if (code === 0) code = USES_DETAILS.length + 1;
    if (!this.insert(src, dst, code)) return;
    this.rows.push({ src: this.ids[src]!, dst: this.ids[dst]!, type: 'USES', detail });
  }

  /** Insert a key; false when it was already there. */
  private insert(src: number, dst: number, code: number): boolean {
    if ((this.size + 1) * 2 > this.codes.length) this.grow();
    const mask = this.codes.length - 1;
    let slot = (Math.imul(src, 0x9e3779b1) ^ Math.imul(dst, 0x85ebca77) ^ Math.imul(code, 0xc2b2ae3d)) & mask;
    for (;;) {
      const existing = this.codes[slot]!;
      if (existing === 0) {
        this.srcs[slot] = src;
        this.dsts[slot] = dst;
        this.codes[slot] = code;
        this.size++;
        return true;
      }
      if (existing === code && this.srcs[slot] === src && this.dsts[slot] === dst) return false;
      slot = (slot + 1) & mask;
    }
  }

  private grow(): void {
    const { srcs, dsts, codes } = this;
    this.srcs = new Int32Array(codes.length * 2);
    this.dsts = new Int32Array(codes.length * 2);
    this.codes = new Uint8Array(codes.length * 2);
    this.size = 0;
    for (let i = 0; i < codes.length; i++) if (codes[i] !== 0) this.insert(srcs[i]!, dsts[i]!, codes[i]!);
  }
}
