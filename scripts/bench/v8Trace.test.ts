import { describe, expect, it } from 'vitest';
import { summariseV8Trace } from './v8Trace.ts';
import type { TraceEvent } from './v8Trace.ts';

const thread = (tid: number, name: string): TraceEvent => ({ name: 'thread_name', ph: 'M', pid: 1, tid, ts: 0, args: { name } });
const task = (tid: number, name: string, ts: number, dur: number, tdur = dur): TraceEvent => ({ name, ph: 'X', pid: 1, tid, ts, dur, tdur });

describe('summariseV8Trace', () => {
  it('sums thread time by kind on helper threads, outermost events only', () => {
    const summary = summariseV8Trace([
      thread(10, 'ThreadPoolForegroundWorker'),
      thread(11, 'ThreadPoolForegroundWorker'),
      thread(20, 'DedicatedWorker thread'),
      task(10, 'wasm.ExecuteCompilationUnits', 0, 300_000, 250_000),
      task(11, 'V8.TurbofanTask', 0, 100_000),
      task(11, 'V8.MaglevTask', 200_000, 50_000),
      // GC phases nested in one marking task count once; the same start sorts the outer one first.
      task(10, 'V8.GC_MC_BACKGROUND_SWEEPING', 400_000, 10_000),
      task(10, 'V8.GC_MC_BACKGROUND_MARKING', 400_000, 80_000),
      task(10, 'V8.GC_MC_BACKGROUND_EVACUATE_COPY', 450_000, 20_000),
      task(10, 'V8.GC_SCAVENGER_BACKGROUND_SCAVENGE_PARALLEL', 500_000, 30_000),
      // A worker's own GC and compiles are not helper work; its lazy wasm compiles are counted.
      task(20, 'V8.GC_SCAVENGER', 0, 70_000),
      task(20, 'V8.TurbofanTask', 0, 70_000),
      task(20, 'wasm.CompileLazy', 100_000, 2_000),
      task(20, 'wasm.CompileLazy', 103_000, 3_000),
      { name: 'wasm.ExecuteCompilationUnits', ph: 'B', pid: 1, tid: 10, ts: 0 },
    ]);
    expect(summary).toEqual({
      wasmTopTierMs: 250,
      turbofanMs: 100,
      maglevMs: 50,
      backgroundGcMs: 110,
      wasmLazyCompiles: 2,
      wasmLazyMs: 5,
      helperThreads: 2,
      threads: [
        { name: 'ThreadPoolForegroundWorker', cpuMs: 250 + 80 + 30, wasmLazyCompiles: 0 },
        { name: 'ThreadPoolForegroundWorker', cpuMs: 150, wasmLazyCompiles: 0 },
        { name: 'DedicatedWorker thread', cpuMs: 70 + 5, wasmLazyCompiles: 2 },
      ],
    });
  });

  it('counts a thread busy once under its top-level tasks, whatever runs inside them', () => {
    const summary = summariseV8Trace([
      thread(20, 'DedicatedWorker thread'),
      thread(21, 'CrRendererMain'),
      task(20, 'ThreadControllerImpl::RunTask', 0, 500_000, 400_000),
      task(20, 'wasm.CompileLazy', 10_000, 1_000),
      task(20, 'V8.GC_SCAVENGER', 20_000, 5_000),
      task(20, 'ThreadControllerImpl::RunTask', 600_000, 100_000, 90_000),
      task(21, 'ThreadControllerImpl::RunTask', 0, 10_000),
      task(99, 'ThreadControllerImpl::RunTask', 0, 10_000),
    ]);
    expect(summary.threads).toEqual([
      { name: 'DedicatedWorker thread', cpuMs: 490, wasmLazyCompiles: 1 },
      { name: 'CrRendererMain', cpuMs: 10, wasmLazyCompiles: 0 },
    ]);
    expect(summary.wasmLazyMs).toBe(1);
  });

  it('reads a trace without thread names as having no helper threads', () => {
    expect(summariseV8Trace([task(10, 'V8.TurbofanTask', 0, 100)]).turbofanMs).toBe(0);
  });
});
