/**
 * @file The explorer's camera: fit everything or a part with a margin, a calm fit whose zoom
 * stops at 1.3, zoom steps around the centre, centring on elements, and follow(), which keeps a
 * collection in view with the smallest move: nothing while it is inside the viewport (less a
 * margin of 8 % of its size), a pan when it fits at the current zoom, else a fit between a zoom
 * cap and floor; one 250 ms animation that replaces a running one. The decision is pure
 * geometry (followMove); the Cytoscape calls around it stay thin.
 * Runs in: the main thread.
 */
import type { CollectionArgument, Core, Position } from 'cytoscape';

/** The zoom a calm fit and a follow never go past (a handful of nodes must not fill the screen). */
export const CALM_MAX_ZOOM = 1.3;
/** The margin follow() keeps inside the viewport's edges, as a share of the viewport's size. */
export const FOLLOW_MARGIN = 0.08;
export const FOLLOW_DURATION_MS = 250;

/** A box in model coordinates (what cytoscape's boundingBox gives). */
export interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** The canvas's rendered size and its viewport (rendered = model * zoom + pan). */
export interface Viewport {
  width: number;
  height: number;
  zoom: number;
  pan: Position;
}

export interface FollowOptions {
  /** A follow never zooms in past this (default 1.3). */
  maxZoom?: number;
  /** A follow never zooms out below this (default: no floor but the canvas's own minimum). */
  minZoom?: number;
  /** Margin inside the viewport's edges, as a share of its width and height (default 0.08). */
  margin?: number;
  /** Length of the move in ms (default 250). */
  duration?: number;
}

/** What follow() does: nothing, a pan at the same zoom, or a fit to a new zoom (pan included). */
export type FollowMove = { kind: 'stay' } | { kind: 'pan'; pan: Position } | { kind: 'fit'; zoom: number; pan: Position };

const STAY: FollowMove = { kind: 'stay' };

const finite = (...values: number[]) => values.every(Number.isFinite);

/**
 * The smallest camera move that shows `box` inside `view` less the margin: stay when it is
 * already inside; pan by the least distance when it fits at the current zoom; else fit it with
 * the margin as padding, the zoom kept under `maxZoom` and (unless already below it) above
 * `minZoom`, centred on the box. A move that would change nothing is 'stay'.
 */
export function followMove(box: Box | null, view: Viewport, options: FollowOptions = {}): FollowMove {
  const { width: w, height: h, zoom, pan } = view;
  if (!box || !finite(box.x1, box.y1, box.x2, box.y2, zoom, pan.x, pan.y) || !(w > 0 && h > 0 && zoom > 0)) return STAY;
  const margin = options.margin ?? FOLLOW_MARGIN;
  const mx = margin * w;
  const my = margin * h;
  const left = box.x1 * zoom + pan.x;
  const right = box.x2 * zoom + pan.x;
  const top = box.y1 * zoom + pan.y;
  const bottom = box.y2 * zoom + pan.y;
  // Half a pixel of slack: a box fitted onto the margin a moment ago counts as inside.
  if (left >= mx - 0.5 && right <= w - mx + 0.5 && top >= my - 0.5 && bottom <= h - my + 0.5) return STAY;
  const innerW = w - 2 * mx;
  const innerH = h - 2 * my;
  const boxW = box.x2 - box.x1;
  const boxH = box.y2 - box.y1;
  if (boxW * zoom <= innerW && boxH * zoom <= innerH) {
    const dx = left < mx ? mx - left : right > w - mx ? w - mx - right : 0;
    const dy = top < my ? my - top : bottom > h - my ? h - my - bottom : 0;
    return { kind: 'pan', pan: { x: pan.x + dx, y: pan.y + dy } };
  }
  // Too big at this zoom: the fitting zoom is below the current one, so this only zooms out.
  const fitting = Math.min(boxW > 0 ? innerW / boxW : Infinity, boxH > 0 ? innerH / boxH : Infinity);
  const floor = Math.min(options.minZoom ?? 0, zoom);
  const level = Math.max(floor, Math.min(options.maxZoom ?? CALM_MAX_ZOOM, fitting));
  const centred = { x: w / 2 - ((box.x1 + box.x2) / 2) * level, y: h / 2 - ((box.y1 + box.y2) / 2) * level };
  const sameZoom = Math.abs(level - zoom) <= 1e-9 * zoom;
  if (sameZoom && Math.abs(centred.x - pan.x) < 0.5 && Math.abs(centred.y - pan.y) < 0.5) return STAY;
  return sameZoom ? { kind: 'pan', pan: centred } : { kind: 'fit', zoom: level, pan: centred };
}

export class GraphCamera {
  constructor(private readonly cy: Core) {}

  /** The canvas's rendered size (cytoscape's measure of its container) and its viewport. */
  viewport(): Viewport {
    return { width: this.cy.width(), height: this.cy.height(), zoom: this.cy.zoom(), pan: { ...this.cy.pan() } };
  }

  /** Fits `around` (default: everything) at once. */
  fit(around?: CollectionArgument, padding = 30): void {
    this.cy.fit(around, padding);
  }

  /** Fits everything in a short animation (the toolbar's Fit). */
  fitAnimated(padding = 30, duration = 200): void {
    this.cy.animate({ fit: { eles: this.cy.elements(), padding } }, { duration });
  }

  /**
   * Frames a box at once: fitted with the margin, the zoom within [minZoom, maxZoom]; when the box
   * cannot be read at minZoom, centred on `focus` (a box within it) at minZoom instead.
   */
  frameBox(box: Box, focus: Box, options: { minZoom: number; maxZoom: number; margin?: number }): void {
    const { width: w, height: h } = this.viewport();
    if (this.cy.destroyed() || !(w > 0 && h > 0)) return;
    const margin = options.margin ?? FOLLOW_MARGIN;
    const fitting = Math.min((w * (1 - 2 * margin)) / Math.max(1, box.x2 - box.x1), (h * (1 - 2 * margin)) / Math.max(1, box.y2 - box.y1));
    const zoom = Math.max(options.minZoom, Math.min(options.maxZoom, fitting));
    const around = fitting >= options.minZoom ? box : focus;
    this.cy.stop(true);
    this.cy.viewport({ zoom, pan: { x: w / 2 - ((around.x1 + around.x2) / 2) * zoom, y: h / 2 - ((around.y1 + around.y2) / 2) * zoom } });
  }

  /** Fits `around` (default: everything) with a margin, the zoom capped. */
  fitCalmly(around?: CollectionArgument): void {
    this.cy.fit(around, 40);
    this.capZoom(around);
  }

  /** Caps the zoom at 1.3, centred on `around` (default: everything). */
  capZoom(around?: CollectionArgument): void {
    const centre = { x: this.cy.width() / 2, y: this.cy.height() / 2 };
    if (this.cy.zoom() > CALM_MAX_ZOOM) this.cy.zoom({ level: CALM_MAX_ZOOM, renderedPosition: centre });
    if (this.cy.zoom() >= CALM_MAX_ZOOM) this.cy.center(around);
  }

  /** Zooms by `factor` around the canvas's centre, within the canvas's zoom limits. */
  zoomBy(factor: number): void {
    const level = Math.min(this.cy.maxZoom(), Math.max(this.cy.minZoom(), this.cy.zoom() * factor));
    this.cy.zoom({ level, renderedPosition: { x: this.cy.width() / 2, y: this.cy.height() / 2 } });
  }

  /** Centres on `eles` in an animation; with `minZoom`, zooms in to it first if below. */
  centre(eles: CollectionArgument, options: { duration?: number; minZoom?: number } = {}): void {
    const zoom = options.minZoom === undefined ? {} : { zoom: Math.max(this.cy.zoom(), options.minZoom) };
    this.cy.animate({ center: { eles }, ...zoom }, { duration: options.duration ?? 200 });
  }

  /**
   * Keeps `eles` in view with the smallest move (followMove): nothing when they are inside the
   * viewport already; else a running camera animation is cancelled and one of `duration` ms
   * (default 250) pans, or fits them within the zoom cap and floor. Returns the move made.
   */
  follow(eles: CollectionArgument, options: FollowOptions = {}): FollowMove {
    if (this.cy.destroyed() || eles.empty()) return STAY;
    return this.followBox(eles.boundingBox({ includeLabels: true, includeOverlays: false }), options);
  }

  /**
   * follow() for a box in model coordinates the caller worked out (the player does, from node
   * positions: reading bounding boxes right after a restyle races the WebGL renderer).
   */
  followBox(box: Box, options: FollowOptions = {}): FollowMove {
    if (this.cy.destroyed()) return STAY;
    // Within the canvas's own zoom limits too (cytoscape would clamp the zoom, not the pan).
    const limits = { minZoom: Math.max(options.minZoom ?? 0, this.cy.minZoom()), maxZoom: Math.min(options.maxZoom ?? CALM_MAX_ZOOM, this.cy.maxZoom()) };
    const move = followMove(box, this.viewport(), { ...options, ...limits });
    if (move.kind === 'stay') return move;
    this.cy.stop(true);
    const target = move.kind === 'pan' ? { pan: move.pan } : { zoom: move.zoom, pan: move.pan };
    this.cy.animate(target, { duration: options.duration ?? FOLLOW_DURATION_MS });
    return move;
  }
}
