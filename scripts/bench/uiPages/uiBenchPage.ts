/**
 * @file The player benchmark's chromium page (`npm run bench:ui`): a real MCTS run (Algorithm 1,
 * core runMcts) on a synthetic graph with a FAKE hash cross-encoder, sized so the final search
 * tree has about the asked number of nodes; the tree mounted on Cytoscape exactly as the app's
 * player mounts it (layered layout, same stylesheet, WebGL when the browser has it); then the
 * time of one replay step (core stateAt + PlayerView.render: style, class and position updates,
 * label placement from the rendered boxes and the overlap count) over consecutive steps near the
 * end, where every tree node is present; folded (focus and context, the app's default) or
 * unfolded (every present node drawn, labels on the step, the top-10 and the root). Baseline in
 * the same run: the same step when the state is folded from zero (no snapshots).
 * Runs in: chromium (page built by scripts/bench/uiPages/vite.config.ts).
 */
import cytoscape from 'cytoscape';
import type { NodeKind } from '../../../src/core/graph/types.ts';
import type { Reranker } from '../../../src/core/models/types.ts';
import { buildGraphSnapshot } from '../../../src/core/search/graphSnapshot.ts';
import { runMcts } from '../../../src/core/search/mcts.ts';
import { buildReplay, stateAt } from '../../../src/core/search/mctsReplay.ts';
import type { Replay } from '../../../src/core/search/mctsReplay.ts';
import { createPrng } from '../../../src/core/search/prng.ts';
import { gpuWebglAvailable } from '../../../src/ui/graph/graphController.ts';
import { graphStylesheet } from '../../../src/ui/graph/graphStyle.ts';
import { mountPlayer, playerElements } from '../../../src/ui/player/playerCanvas.ts';

export interface UiBenchRequest {
  treeNodes: number;
  steps: number;
  seed: number;
  /** The search tree folded (the app's default) or every node drawn ("Unfold all"). */
  folded: boolean;
}

export interface UiBenchResult {
  treeNodes: number;
  events: number;
  iterations: number;
  visibleAtSteps: number;
  /** Nodes drawn at the last step (folded: the focus; unfolded: every visible node). */
  drawnAtSteps: number;
  folded: boolean;
  /** Labels drawn at the last step, and the most label pairs that overlapped at any step (0 expected). */
  labels: number;
  labelOverlaps: number;
  webgl: boolean;
  mountMs: number;
  stepMs: number[];
  baselineMs: number[];
  scrubMs: number[];
}

/** FAKE cross-encoder: a score from the document text's characters. */
const hashReranker: Reranker = {
  info: { id: 'bench:hash', label: 'hash fake reranker', builtin: true },
  score: async (_q, docs) => docs.map((d) => ([...d].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) % 997, 7) % 10) / 9),
};

function syntheticSnapshot(n: number, modules: number, dim: number, seed: number) {
  const random = createPrng(seed);
  const pick = (below: number) => Math.floor(random() * below);
  const nodes = Array.from({ length: n }, (_, i) => ({ id: i + 1, kind: (i === 0 ? 'Repo' : i <= modules ? 'Module' : 'Function') as NodeKind }));
  const edges: { src: number; dst: number }[] = [];
  for (let i = 1; i <= modules; i++) edges.push({ src: 1, dst: nodes[i]!.id });
  for (let i = modules + 1; i < n; i++) {
    edges.push({ src: nodes[1 + pick(modules)]!.id, dst: nodes[i]!.id });
    for (let j = 0; j < 2; j++) edges.push({ src: nodes[i]!.id, dst: nodes[1 + pick(n - 1)]!.id });
  }
  return buildGraphSnapshot({ nodes, edges }, { dim, matrix: new Float32Array(n * dim).map(() => random() - 0.5) });
}

async function traceWithTree(treeNodes: number, seed: number): Promise<Replay> {
  const snapshot = syntheticSnapshot(Math.max(4 * treeNodes, 20_000), 400, 16, seed);
  const params = { iterations: Math.ceil(treeNodes / 20) + 10, kInit: 200, kMin: 20, c: 0.2, alpha: 0.5, budget: Infinity, seed };
  const embedding = new Float32Array(16).fill(0.25);
  for (;;) {
    const { trace } = await runMcts(snapshot, { text: 'q', embedding }, hashReranker, (i) => `doc ${i}`, params);
    if (trace.stats.treeSize >= treeNodes || params.iterations > 5000) {
      // Cut the trace at the event where the tree reached the asked size.
      let size = 1;
      let end = trace.events.length;
      for (let e = 0; e < trace.events.length; e++) {
        const event = trace.events[e]!;
        if (event.phase === 'expand') size += event.children.length;
        if (size >= treeNodes && event.phase === 'backprop') {
          end = e + 1;
          break;
        }
      }
      return buildReplay({ ...trace, events: trace.events.slice(0, end) });
    }
    params.iterations *= 2;
  }
}

async function run(request: UiBenchRequest): Promise<UiBenchResult> {
  const replay = await traceWithTree(request.treeNodes, request.seed);
  const baselineReplay = buildReplay(replay.trace, Infinity);
  const container = document.getElementById('cy')!;
  const webgl = gpuWebglAvailable();
  const cy = cytoscape({ container, style: graphStylesheet('light'), webgl, minZoom: 0.02, maxZoom: 4 });
  const mountStarted = performance.now();
  const mount = await playerElements(null, replay, 'tree', 1400 / 800);
  const view = mountPlayer(cy, replay, mount, true);
  if (!request.folded) view.setFolded(false);
  cy.fit(undefined, 20);
  const total = replay.trace.events.length;
  view.render(stateAt(replay, Math.max(0, total - request.steps - 1)));
  const mountMs = performance.now() - mountStarted;
  const frame = () => new Promise((r) => requestAnimationFrame(() => r(null)));
  await frame();
  const stepMs: number[] = [];
  const baselineMs: number[] = [];
  let visible = 0;
  let drawn = 0;
  let labels = 0;
  let labelOverlaps = 0;
  for (let c = Math.max(1, total - request.steps); c <= total; c++) {
    const started = performance.now();
    const info = view.render(stateAt(replay, c));
    stepMs.push(performance.now() - started);
    ({ visible, drawn } = info);
    if (c % 8 === 0) {
      // Labels are read from the canvas once a frame has drawn them.
      await frame();
      await frame();
      const read = view.measureLabels();
      labels = read.labels;
      labelOverlaps = Math.max(labelOverlaps, read.overlaps);
    }
  }
  // Baseline: the same steps with the state folded from zero every time.
  view.render(stateAt(replay, Math.max(0, total - request.steps - 1)));
  for (let c = Math.max(1, total - request.steps); c <= total; c += 4) {
    const started = performance.now();
    view.render(stateAt(baselineReplay, c));
    baselineMs.push(performance.now() - started);
  }
  // Scrubs: random jumps anywhere in the run.
  const random = createPrng(request.seed + 1);
  const scrubMs: number[] = [];
  for (let i = 0; i < 60; i++) {
    const started = performance.now();
    view.render(stateAt(replay, Math.floor(random() * (total + 1))));
    scrubMs.push(performance.now() - started);
    if (i % 8 === 0) await frame();
  }
  cy.destroy();
  return { treeNodes: replay.ids.length, events: total, iterations: replay.iterations, visibleAtSteps: visible, drawnAtSteps: drawn, folded: request.folded, labels, labelOverlaps, webgl, mountMs, stepMs, baselineMs, scrubMs };
}

const api = { run };
Object.assign(window, { __uiBench: api });
export type UiBenchPageApi = typeof api;
