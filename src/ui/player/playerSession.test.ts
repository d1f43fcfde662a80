/**
 * @file The player's session on a real replay: a real MCTS run (core runMcts on a small graph,
 * with a FAKE scripted cross-encoder from test/fakes: the reranker is a model, outside the
 * product) folded by core buildReplay. A stored or imported run opens at its start, paused; a
 * finished live run at its end; steps by phase and iteration, start / end, play and stop on
 * fake timers; the what-if comparison; close. A FAKE worker client stands in for the repo
 * worker (trace, run list, save, graph fingerprint). The store is the app's.
 * Runs in: node (vitest).
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchResponse } from '../../core/agent/searchService.ts';
import type { NodeKind } from '../../core/graph/types.ts';
import { graphFingerprint } from '../../core/search/graphFingerprint.ts';
import { buildGraphSnapshot } from '../../core/search/graphSnapshot.ts';
import { runMcts } from '../../core/search/mcts.ts';
import { cursorAt } from '../../core/search/mctsReplay.ts';
import type { GraphFingerprint, MctsTrace } from '../../core/search/mctsTrace.ts';
import type { RunInfo } from '../../core/store/runStore.ts';
import { scriptedReranker } from '../../../test/fakes/scriptedReranker.ts';
import type { RepoClient } from '../clients/repoClient.ts';
import { getState, setState } from '../store/appStore.ts';
import * as player from './playerSession.ts';
import { PlayerSession } from './playerSession.ts';
import { SPEEDS_MS } from './playerState.ts';

const N = 40;
const nodes = Array.from({ length: N }, (_, i) => ({ id: i + 1, kind: (i === 0 ? 'Repo' : i <= 6 ? 'Module' : 'Function') as NodeKind }));
// The root holds the modules; each module holds some functions; a few calls across.
const edges = [
  ...Array.from({ length: 6 }, (_, i) => ({ src: 1, dst: i + 2 })),
  ...Array.from({ length: N - 7 }, (_, i) => ({ src: 2 + (i % 6), dst: i + 8 })),
  ...Array.from({ length: 10 }, (_, i) => ({ src: 8 + i, dst: 8 + ((i * 7 + 3) % (N - 7)) })),
];
const GRAPH: GraphFingerprint = graphFingerprint(nodes, edges);

/** A trace written by the real engine, as the search service stores it (with the graph's fingerprint). */
async function engineTrace(): Promise<MctsTrace> {
  const snapshot = buildGraphSnapshot(
    { nodes, edges },
    { dim: 2, matrix: new Float32Array(nodes.flatMap((n) => [Math.cos(n.id), Math.sin(n.id)])) },
  );
  const scores = Object.fromEntries(nodes.map((n, i) => [`node ${i}`, ((n.id * 7) % 11) / 10]));
  const reranker = scriptedReranker(scores, 0.5);
  const params = { iterations: 12, kInit: 4, kMin: 1, c: 0.5, alpha: 0.5, budget: Infinity, seed: 3 };
  const { trace } = await runMcts(snapshot, { text: 'where are totals computed', embedding: new Float32Array([1, 0]) }, reranker, (i) => `node ${i}`, params);
  return JSON.parse(JSON.stringify({ ...trace, graph: GRAPH })) as MctsTrace;
}

/** FAKE repo worker client: stored runs in a map, the graph it reports. */
function fakeService(stored: MctsTrace, here: GraphFingerprint = GRAPH) {
  const runs = new Map<number, MctsTrace>([[7, stored]]);
  const service = {
    trace: vi.fn(async (runId: number) => {
      const trace = runs.get(runId);
      if (!trace) throw new Error(`no run ${runId}`);
      return structuredClone(trace);
    }),
    listRuns: vi.fn(async (): Promise<RunInfo[]> => [...runs.keys()].map((id) => ({ id, kind: 'mcts', createdAt: '', summary: { query: runs.get(id)!.query } }) as unknown as RunInfo)),
    saveTrace: vi.fn(async (trace: MctsTrace) => {
      const id = Math.max(...runs.keys()) + 1;
      runs.set(id, trace);
      return id;
    }),
    graphFingerprint: vi.fn(async () => here),
  };
  return service as typeof service & RepoClient;
}

let trace: MctsTrace;
let session: PlayerSession;

beforeAll(async () => {
  trace = await engineTrace();
});

beforeEach(() => {
  setState({ player: null, runs: [], viewMode: 'overview' });
  session = new PlayerSession();
});

afterEach(() => {
  session.closePlayer();
  player.closePlayer();
  vi.useRealTimers();
});

const state = () => getState().player!;

describe('PlayerSession on a real replay (scriptedReranker is a fake)', () => {
  it('the engine trace is long enough to step through', () => {
    expect(new Set(trace.events.map((e) => e.phase))).toEqual(new Set(['select', 'expand', 'simulate', 'backprop']));
    expect(trace.stats.iterationsRun).toBeGreaterThanOrEqual(4);
  });

  it('opens a stored run at its start, paused', async () => {
    const service = fakeService(trace);
    await session.openRun(service, 7);
    const replay = session.playerReplay()!;
    expect(replay.trace.events).toEqual(trace.events);
    expect(state()).toMatchObject({
      runId: 7, source: 'stored', live: false, query: trace.query, cursor: 0, iteration: 0, phase: null, playing: false,
      total: trace.events.length, iterations: trace.stats.iterationsRun, warning: null, error: null, compareVersion: null,
    });
    expect(getState().viewMode).toBe('tree');
  });

  it('imports a run file: stored, listed, opened at its start, paused', async () => {
    const service = fakeService(trace);
    const file = new File([JSON.stringify(trace)], 'exported.json', { type: 'application/json' });
    await session.importRun(service, file);
    expect(service.saveTrace).toHaveBeenCalledOnce();
    expect(state()).toMatchObject({ runId: 8, source: 'import', cursor: 0, iteration: 0, phase: null, playing: false, total: trace.events.length });
    expect(getState().runs.map((r) => r.id)).toEqual([7, 8]);
  });

  it('warns about a trace from another graph and says why a run cannot be opened', async () => {
    const elsewhere = fakeService(trace, { nodes: 3, edges: 2, hash: 'deadbeef' });
    await session.openRun(elsewhere, 7);
    expect(state().warning).toMatch(/made on another graph/);
    await session.openRun(elsewhere, 99);
    expect(state().error).toMatch(/Run 99 could not be opened/);
  });

  it('steps by phase and by iteration, to the start and the end', async () => {
    await session.openRun(fakeService(trace), 7);
    const replay = session.playerReplay()!;
    const total = trace.events.length;
    session.stepPhase(-1);
    expect(state().cursor).toBe(0);
    session.stepPhase(1);
    expect(state()).toMatchObject({ cursor: 1, iteration: 1, phase: 'select' });
    session.stepPhase(1);
    expect(state()).toMatchObject({ cursor: 2, iteration: 1, phase: trace.events[1]!.phase });
    session.stepIteration(1);
    const second = cursorAt(replay, 2, trace.events[1]!.phase);
    expect(state()).toMatchObject({ cursor: second, iteration: 2 });
    session.stepIteration(-1);
    expect(state().cursor).toBe(2);
    session.goTo(3, 'backprop');
    expect(state()).toMatchObject({ cursor: cursorAt(replay, 3, 'backprop'), iteration: 3, phase: 'backprop' });
    session.toEnd();
    expect(state()).toMatchObject({ cursor: total, iteration: trace.stats.iterationsRun, phase: trace.events[total - 1]!.phase });
    session.stepPhase(1);
    expect(state().cursor).toBe(total);
    session.setCursor(-5);
    expect(state().cursor).toBe(0);
    session.setCursor(total + 10);
    expect(state().cursor).toBe(total);
    session.toStart();
    expect(state()).toMatchObject({ cursor: 0, iteration: 0, phase: null });
  });

  it('plays one event per step at the chosen speed, stops, and stops by itself at the end', async () => {
    vi.useFakeTimers();
    await session.openRun(fakeService(trace), 7);
    const speed = state().speed;
    session.togglePlay();
    expect(state().playing).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(state().cursor).toBe(1);
    await vi.advanceTimersByTimeAsync(SPEEDS_MS[speed]!);
    expect(state().cursor).toBe(2);
    session.togglePlay();
    expect(state().playing).toBe(false);
    await vi.advanceTimersByTimeAsync(SPEEDS_MS[speed]! * 5);
    expect(state().cursor).toBe(2);

    session.setSpeed(SPEEDS_MS.length - 1);
    session.togglePlay();
    await vi.advanceTimersByTimeAsync(SPEEDS_MS.at(-1)! * (trace.events.length + 2));
    expect(state()).toMatchObject({ cursor: trace.events.length, playing: false });
    // Play at the end starts again from the start.
    session.togglePlay();
    expect(state()).toMatchObject({ cursor: 0, playing: true });
    session.stopPlaying();
    await vi.advanceTimersByTimeAsync(1000);
    expect(state()).toMatchObject({ cursor: 0, playing: false });
  });

  it('opening another run stops playback', async () => {
    vi.useFakeTimers();
    const service = fakeService(trace);
    await session.openRun(service, 7);
    session.togglePlay();
    await vi.advanceTimersByTimeAsync(0);
    await session.openRun(service, 7);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(state()).toMatchObject({ cursor: 0, playing: false });
  });

  it('a live run follows its events, cannot be played, and opens at its end when it finishes', async () => {
    vi.useFakeTimers();
    session.startLive(trace.query);
    expect(state()).toMatchObject({ live: true, source: 'live', total: 0, cursor: 0 });
    expect(session.playerReplay()).toBeNull();
    const half = Math.floor(trace.events.length / 2);
    for (const event of trace.events.slice(0, half)) session.liveEvent(event);
    await vi.advanceTimersByTimeAsync(250);
    expect(state()).toMatchObject({ live: true, total: half, cursor: half });
    session.togglePlay();
    expect(state().playing).toBe(false);
    for (const event of trace.events.slice(half)) session.liveEvent(event);
    const { events, ...traceHead } = trace;
    const response = { runId: 7, traceHead, traceEvents: events.length } as unknown as SearchResponse;
    const service = fakeService(trace);
    await session.finishLive(service, response);
    expect(service.trace).not.toHaveBeenCalled();
    expect(state()).toMatchObject({ live: false, runId: 7, total: events.length, cursor: events.length, iteration: trace.stats.iterationsRun, playing: false });
    expect(getState().runs.map((r) => r.id)).toEqual([7]);
    // A rebuild still pending from the live phase does not replace the finished run.
    await vi.advanceTimersByTimeAsync(1000);
    expect(state()).toMatchObject({ live: false, runId: 7 });
  });

  it('a what-if keeps the previous run to compare with until it is dropped', async () => {
    const service = fakeService(trace);
    await session.openRun(service, 7);
    const before = session.playerReplay();
    session.keepForComparison();
    session.startLive(trace.query, true);
    for (const event of trace.events) session.liveEvent(event);
    const { events, ...traceHead } = trace;
    await session.finishLive(service, { runId: 8, traceHead, traceEvents: events.length } as unknown as SearchResponse);
    expect(session.compareReplay()).toBe(before);
    expect(state().compareVersion).toBe(state().version);
    session.dropComparison();
    expect(session.compareReplay()).toBeNull();
    expect(state().compareVersion).toBeNull();
  });

  it('cancel stops the live run; close drops the run', async () => {
    vi.useFakeTimers();
    session.startLive('q');
    session.liveEvent(trace.events[0]!);
    session.cancelLive();
    await vi.advanceTimersByTimeAsync(1000);
    expect(state()).toMatchObject({ live: false, total: 0 });
    expect(session.playerReplay()).toBeNull();
    await session.openRun(fakeService(trace), 7);
    session.closePlayer();
    expect(getState().player).toBeNull();
    expect(session.playerReplay()).toBeNull();
  });

  it('the exported functions drive the app’s one session over the app store', async () => {
    await player.openRun(fakeService(trace), 7);
    expect(player.playerReplay()).toBe(player.playerSession.playerReplay());
    expect(state()).toMatchObject({ cursor: 0, runId: 7 });
    player.toEnd();
    expect(state().cursor).toBe(trace.events.length);
    player.setView('graph');
    expect(state().view).toBe('graph');
    player.closePlayer();
    expect(getState().player).toBeNull();
    expect(player.playerReplay()).toBeNull();
  });
});
