/**
 * @file Test kit for the explorer's views on headless Cytoscape (the real library, no DOM): a
 * canvas of a given size with the app's stylesheet, and a FAKE of the controller as ViewHost
 * (graphController.ts does the same duties with the DOM: current mode, generation counter,
 * busy / error wrapper, render report, selection, SIMILAR edges), its layouts computed
 * in-thread instead of in the layout worker, every callback recorded.
 * Runs in: Node (vitest); never imported by the app.
 */
import cytoscape from 'cytoscape';
import type { Core, StylesheetJson } from 'cytoscape';
import type { RepoClient } from '../clients/repoClient.ts';
import { edgeElement, hasNode, nodeKey, visibleIds } from './drawnGraph.ts';
import { GraphCamera } from './graphCamera.ts';
import { graphStylesheet } from './graphStyle.ts';
import { inThreadLayouts } from './inThreadLayouts.ts';
import type { Crumb } from './overviewFocus.ts';
import type { GraphCallbacks, ViewHost, ViewMode } from './viewHost.ts';

/**
 * A headless canvas that measures `width` x `height` (cytoscape caches the size it measures on
 * its container; a headless one would measure 1 x 1, and every fit would be off).
 */
export function headlessCanvas(width = 800, height = 600, style: StylesheetJson = graphStylesheet('light')): Core {
  const cy = cytoscape({ headless: true, styleEnabled: true, style });
  (cy as unknown as { _private: { sizeCache: { width: number; height: number } } })._private.sizeCache = { width, height };
  return cy;
}

type Rendered = Parameters<GraphCallbacks['onRendered']>[0];

/** Every callback the views made, in order of kind. */
export interface Recorded {
  selected: (number | null)[];
  notices: (string | null)[];
  errors: unknown[];
  rendered: Rendered[];
  paths: { path: Crumb[]; summary: string }[];
  busy: boolean[];
}

export interface TestHost extends ViewHost {
  readonly recorded: Recorded;
  /** What `enter(mode)` also does to the views (the controller: expansion cleared, other modes left). */
  onEnter(listener: (mode: ViewMode) => void): void;
  /** The breadcrumb emitter a report calls (the controller: the overview's). */
  onReport(listener: () => void): void;
  setShowSimilar(on: boolean): void;
}

/** A FAKE controller for views under test: the controller's duties, on `cy`, with `service`. */
export function testHost(cy: Core, service: RepoClient): TestHost {
  let mode: ViewMode = 'overview';
  let generation = 0;
  let similar = false;
  const entered: ((mode: ViewMode) => void)[] = [];
  const reported: (() => void)[] = [];
  const recorded: Recorded = { selected: [], notices: [], errors: [], rendered: [], paths: [], busy: [] };
  const callbacks: GraphCallbacks = {
    onSelect: (id) => void recorded.selected.push(id),
    onNotice: (text) => void recorded.notices.push(text),
    onBusy: (busy) => void recorded.busy.push(busy),
    onError: (error) => void recorded.errors.push(error),
    onRendered: (info) => void recorded.rendered.push(info),
    onPath: (path, summary) => void recorded.paths.push({ path, summary }),
  };
  const camera = new GraphCamera(cy);
  const host: TestHost = {
    cy,
    camera,
    service,
    layouts: inThreadLayouts,
    callbacks,
    recorded,
    mode: () => mode,
    enter(next) {
      mode = next;
      for (const listener of entered) listener(next);
    },
    begin: () => ++generation,
    generation: () => generation,
    isCurrent: (g) => g === generation,
    async run(work) {
      callbacks.onBusy(true);
      try {
        await work();
      } catch (error) {
        if (!cy.destroyed()) callbacks.onError(error);
      } finally {
        callbacks.onBusy(false);
      }
    },
    report(started) {
      for (const listener of reported) listener();
      callbacks.onRendered({
        nodes: cy.nodes().length,
        edges: cy.edges().length,
        similarEdges: cy.edges('[type = "SIMILAR"]').length,
        packages: cy.nodes('.package').length,
        layoutMs: Math.round(performance.now() - started),
        mode,
      });
    },
    select(id, center = true) {
      cy.nodes(':selected').unselect();
      if (id === null) return true;
      const node = cy.getElementById(nodeKey(id));
      if (node.empty()) return false;
      node.select();
      if (center) camera.centre(node, { minZoom: 0.9 });
      return true;
    },
    showSimilar: () => similar,
    async syncSimilar(g) {
      const edges = similar && cy.nodes().nonempty() ? await service.readSimilarEdges([...visibleIds(cy)]) : [];
      if (g !== generation) return;
      cy.batch(() => {
        cy.edges('[type = "SIMILAR"]').remove();
        for (const e of edges) if (hasNode(cy, e.src) && hasNode(cy, e.dst)) cy.add(edgeElement(e));
      });
    },
    onEnter: (listener) => void entered.push(listener),
    onReport: (listener) => void reported.push(listener),
    setShowSimilar(on) {
      similar = on;
    },
  };
  return host;
}
