/**
 * @file The box a node's label will have, without restyling the node for each text tried:
 * text widths from a canvas with the element's own font (as Cytoscape measures them: the widest
 * line, rounded up, lines wrapped at spaces past text-max-width, each line one font size high),
 * placed by offsets calibrated once per style from one label the canvas really rendered (its
 * bounding box: padding, outline, margin and the node's height). Boxes are relative to the
 * node's position. Where no canvas can measure text (Node, headless), `relativeBox` answers null.
 * Calibrate before the first frame (`calibrate`): reading a bounding box right after a label
 * changed computes its style ahead of Cytoscape's WebGL renderer, which then misses the change
 * (its label atlas lookup fails); after a frame has drawn, reading boxes is harmless.
 * Runs in: the main thread.
 */
import type { NodeSingular } from 'cytoscape';
import type { Box } from './labelPlacement.ts';

export interface Calibration {
  font: string;
  size: number;
  maxWidth: number;
  wraps: boolean;
  /** Half the extra width around the text, the label's top below the node's bottom edge, extra height. */
  padX: number;
  top: number;
  padY: number;
}

/** The rendered box of an element's main label in model coordinates (null: none drawn, or a canvas without text metrics). */
export function renderedLabelBox(element: NodeSingular): Box | null {
  const box = element.boundingBox({ includeNodes: false, includeEdges: false, includeLabels: true, includeMainLabels: true, includeSourceLabels: false, includeTargetLabels: false, includeOverlays: false } as never);
  if (!(box.w > 0) || !(box.h > 0) || !Number.isFinite(box.x1)) return null;
  return { x1: box.x1, y1: box.y1, x2: box.x2, y2: box.y2 };
}

/** Cytoscape's parsed style of an element (documented as ele.pstyle(), missing from its typings). */
function parsed(node: NodeSingular, name: string): { strValue: string; pfValue: number } {
  return (node as unknown as { pstyle(name: string): { strValue: string; pfValue: number } }).pstyle(name);
}

export class LabelMetrics {
  private readonly context: CanvasRenderingContext2D | null;
  private readonly calibrations = new Map<string, Calibration | null>();
  private readonly widths = new Map<string, number>();

  constructor() {
    let context: CanvasRenderingContext2D | null = null;
    try {
      context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
    } catch {
      context = null;
    }
    this.context = context;
  }

  /** The label box `text` would have on `node` (labels under the node, centred), relative to its position. */
  relativeBox(node: NodeSingular, text: string): Box | null {
    if (!this.context || text === '') return null;
    const calibration = this.calibrate(node);
    if (!calibration) return null;
    const lines = this.wrap(calibration, text.split('\n'));
    const width = Math.max(...lines.map((line) => this.width(calibration.font, line)));
    const top = node.height() / 2 + calibration.top;
    return { x1: -width / 2 - calibration.padX, x2: width / 2 + calibration.padX, y1: top, y2: top + lines.length * calibration.size + calibration.padY };
  }

  private width(font: string, line: string): number {
    const key = `${font}|${line}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      this.context!.font = font;
      width = Math.ceil(this.context!.measureText(line).width);
      this.widths.set(key, width);
    }
    return width;
  }

  /** Cytoscape's wrap: a line wider than text-max-width breaks at spaces. */
  private wrap(calibration: Calibration, lines: string[]): string[] {
    if (!calibration.wraps) return lines;
    const out: string[] = [];
    for (const line of lines) {
      if (this.width(calibration.font, line) <= calibration.maxWidth) {
        out.push(line);
        continue;
      }
      let current = '';
      for (const word of line.split(/\s+/)) {
        const test = current === '' ? word : `${current} ${word}`;
        if (current !== '' && this.width(calibration.font, test) > calibration.maxWidth) {
          out.push(current);
          current = word;
        } else current = test;
      }
      if (current !== '') out.push(current);
    }
    return out;
  }

  /** One real label per style: its box against the canvas's measure of the same text gives the offsets. */
  calibrate(node: NodeSingular): Calibration | null {
    const font = `${parsed(node, 'font-style').strValue} ${parsed(node, 'font-weight').strValue} ${parsed(node, 'font-size').pfValue}px ${parsed(node, 'font-family').strValue}`;
    const key = `${font}|${parsed(node, 'text-margin-y').pfValue}|${parsed(node, 'text-outline-width').pfValue}|${parsed(node, 'text-valign').strValue}|${parsed(node, 'text-max-width').pfValue}`;
    if (this.calibrations.has(key)) return this.calibrations.get(key)!;
    let calibration: Calibration | null = null;
    if (parsed(node, 'text-valign').strValue === 'bottom' && parsed(node, 'text-halign').strValue === 'center') {
      const before = node.data('treeLabel') as string;
      const probe = 'Mg';
      node.data('treeLabel', probe);
      const box = renderedLabelBox(node);
      node.data('treeLabel', before);
      if (box) {
        const p = node.position();
        const size = parsed(node, 'font-size').pfValue;
        const width = this.width(font, probe);
        calibration = {
          font,
          size,
          maxWidth: parsed(node, 'text-max-width').pfValue,
          wraps: parsed(node, 'text-wrap').strValue === 'wrap',
          padX: (box.x2 - box.x1 - width) / 2,
          top: box.y1 - p.y - node.height() / 2,
          padY: box.y2 - box.y1 - size,
        };
      }
    }
    this.calibrations.set(key, calibration);
    return calibration;
  }
}
