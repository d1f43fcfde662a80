/**
 * @file Cytoscape's render loop, stopped while there is nothing to draw. Its canvas renderer asks
 * for an animation frame every frame for as long as the view lives, and each frame makes the
 * browser produce one: on an idle page with the demo's overview that is about 50 ms of CPU a
 * second (the page's main thread and the compositor), a laptop's battery spent on a picture that
 * does not change. Cytoscape has no option to pause it, so the renderer's `startRenderLoop` is
 * replaced here by the same loop (the same frame, the same draw statistics, which its texture
 * caches read) that ends after IDLE_FRAMES frames in a row with nothing requested, no animation
 * running and no batch open. Anything that needs a frame starts it again: the renderer's
 * `notify` (elements, style, viewport, resize) already calls `startRenderLoop`; `redraw` (hover,
 * texture refinement, its own dequeues) and an animation joining the pool (`addToAnimationPool`:
 * the camera's moves) are wrapped here to call it too.
 * Runs in: the main thread.
 */
import cytoscape from 'cytoscape';
import type { Core, CytoscapeOptions } from 'cytoscape';

/** About a quarter of a second at 60 Hz: texture work and late hover redraws have settled by then. */
const IDLE_FRAMES = 15;

/** The canvas renderer's fields the loop reads and writes (cytoscape's own names). */
interface LoopRenderer {
  cy: Core & { batching(): boolean };
  destroyed?: boolean;
  renderLoopStarted?: boolean;
  requestedFrame?: boolean;
  skipFrame?: boolean;
  renderOptions?: unknown;
  beforeRenderCallbacks: { fn: (willDraw: boolean, time: number) => void }[];
  render(options: unknown): void;
  redraw(options?: unknown): void;
  startRenderLoop(): void;
  averageRedrawTime?: number;
  lastRedrawTime?: number;
  lastDrawTime?: number;
  redrawCount?: number;
  redrawTotalTime?: number;
}

interface AnimationState {
  current: unknown[];
  queue: unknown[];
}

/** Whether an element or the core (the camera) has an animation playing or queued. */
function animating(cy: Core): boolean {
  const own = (cy as unknown as { _private: { aniEles: { length: number }; animation?: AnimationState } })._private;
  return own.aniEles.length > 0 || (own.animation !== undefined && own.animation.current.length + own.animation.queue.length > 0);
}

function beforeRender(r: LoopRenderer, willDraw: boolean, time: number): void {
  for (const callback of r.beforeRenderCallbacks) callback.fn(willDraw, time);
}

/** One frame of cytoscape's loop: draw when a frame was requested, else give the callbacks their idle frame. */
function drawFrame(r: LoopRenderer, time: number): void {
  beforeRender(r, true, time);
  const start = performance.now();
  r.render(r.renderOptions);
  const end = performance.now();
  const duration = end - start;
  r.lastDrawTime = end;
  r.redrawCount = (r.redrawCount ?? 0) + 1;
  r.redrawTotalTime = (r.redrawTotalTime ?? 0) + duration;
  r.lastRedrawTime = duration;
  // A weighted average biased to the one before, as cytoscape keeps it.
  r.averageRedrawTime = r.averageRedrawTime === undefined ? duration : r.averageRedrawTime / 2 + duration / 2;
  r.requestedFrame = false;
}

function startPausingLoop(r: LoopRenderer): void {
  if (r.renderLoopStarted) return;
  r.renderLoopStarted = true;
  let idleFrames = 0;
  const frame = (time: number): void => {
    if (r.destroyed) return;
    if (r.cy.batching()) idleFrames = 0;
    else if (r.requestedFrame && !r.skipFrame) {
      drawFrame(r, time);
      idleFrames = 0;
    } else {
      beforeRender(r, false, time);
      // The idle frame's callbacks may have asked for a frame (a texture dequeued, an animation's step).
      idleFrames = r.requestedFrame || animating(r.cy) ? 0 : idleFrames + 1;
    }
    r.skipFrame = false;
    if (idleFrames >= IDLE_FRAMES) {
      r.renderLoopStarted = false;
      return;
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

let installed = false;

/** Replaces the canvas renderer's loop for every Cytoscape view made after this call (once). */
function installOnCanvasRenderer(): void {
  if (installed) return;
  installed = true;
  const Renderer = cytoscape('renderer', 'canvas') as { prototype: LoopRenderer };
  const proto = Renderer.prototype;
  const redraw = proto.redraw;
  proto.startRenderLoop = function (this: LoopRenderer) {
    startPausingLoop(this);
  };
  proto.redraw = function (this: LoopRenderer, options?: unknown) {
    redraw.call(this, options);
    this.startRenderLoop();
  };
}

/** Starts the paused loop when an animation (an element's or the camera's) begins on `cy`. */
function wakeOnAnimation(cy: Core): void {
  const core = cy as unknown as { addToAnimationPool(eles: unknown): void; renderer(): LoopRenderer | null };
  const add = core.addToAnimationPool;
  core.addToAnimationPool = function (eles: unknown) {
    add.call(this, eles);
    core.renderer()?.startRenderLoop();
  };
}

/** A Cytoscape view whose render loop stops while there is nothing to draw. */
export function pausingCytoscape(options: CytoscapeOptions): Core {
  installOnCanvasRenderer();
  const cy = cytoscape(options);
  wakeOnAnimation(cy);
  return cy;
}
