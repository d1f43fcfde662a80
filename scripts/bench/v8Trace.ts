/**
 * @file What V8 spent on compiling and collecting while chromium indexed (`bench:ingest
 * --trace-v8`): the trace categories to record and a pure summary of the recorded events. Helper
 * threads (chromium's ThreadPool) run wasm's top-tier compiles, JS optimizing compiles (TurboFan,
 * Maglev) and concurrent GC; wasm's lazy first compiles run on the calling thread. Thread CPU
 * (`tdur`) is summed over the outermost events of each kind on each thread, so nested phases are
 * not counted twice. With chromium's top-level task events recorded too, the same sum over events
 * of any kind is each thread's busy CPU: where the index's CPU goes, thread by thread.
 * Runs in: Node (bench, tests).
 */

/** Chromium trace categories with the events below (v8.wasm, V8's compile and GC tasks). */
export const V8_TRACE_CATEGORIES = ['toplevel', 'v8.wasm', 'disabled-by-default-v8.compile', 'disabled-by-default-v8.gc'];

/** One Chrome trace event, as much of it as the summary reads. */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  /** Wall and thread time, microseconds (complete events, ph 'X'). */
  dur?: number;
  tdur?: number;
  args?: Record<string, unknown>;
}

export interface V8WorkSummary {
  /** CPU ms on helper threads: wasm top-tier (TurboFan) compiles of hot functions. */
  wasmTopTierMs: number;
  /** CPU ms on helper threads: JS optimizing compiles. */
  turbofanMs: number;
  maglevMs: number;
  /** CPU ms on helper threads: concurrent marking, sweeping, parallel scavenging. */
  backgroundGcMs: number;
  /** wasm functions compiled on first call (Liftoff), on the threads that called them. */
  wasmLazyCompiles: number;
  wasmLazyMs: number;
  /** Threads named like chromium's helper pool. */
  helperThreads: number;
  /** Busy CPU of each named thread (its outermost events of any kind), largest first. */
  threads: ThreadCpu[];
}

export interface ThreadCpu {
  /** Chromium's thread name ('DedicatedWorker thread', 'ThreadPoolForegroundWorker', 'CrRendererMain'). */
  name: string;
  cpuMs: number;
  /** Its wasm.CompileLazy events: duckdb-wasm's worker compiles thousands, a parse worker a few. */
  wasmLazyCompiles: number;
}

type Kind = keyof Pick<V8WorkSummary, 'wasmTopTierMs' | 'turbofanMs' | 'maglevMs' | 'backgroundGcMs' | 'wasmLazyMs'>;

function kindOf(name: string, helper: boolean): Kind | null {
  if (name === 'wasm.CompileLazy') return 'wasmLazyMs';
  if (!helper) return null;
  if (name === 'wasm.ExecuteCompilationUnits') return 'wasmTopTierMs';
  if (name === 'V8.TurbofanTask') return 'turbofanMs';
  if (name === 'V8.MaglevTask') return 'maglevMs';
  if (name.startsWith('V8.GC_')) return 'backgroundGcMs';
  return null;
}

/** Sums the events of `trace` (Tracing.dataCollected values) by kind; see the file comment. */
export function summariseV8Trace(trace: readonly TraceEvent[]): V8WorkSummary {
  const threadNames = new Map<string, string>();
  for (const e of trace) {
    if (e.ph === 'M' && e.name === 'thread_name') threadNames.set(`${e.pid}/${e.tid}`, String(e.args?.name ?? ''));
  }
  const isHelper = (key: string) => (threadNames.get(key) ?? '').startsWith('ThreadPool');
  const sums: Record<Kind, number> = { wasmTopTierMs: 0, turbofanMs: 0, maglevMs: 0, backgroundGcMs: 0, wasmLazyMs: 0 };
  let lazyCompiles = 0;
  // Per thread and kind, the end of the last outermost event counted: an event starting before it
  // is nested (an outer event that starts with its first phase sorts first: longer before shorter).
  const counted = new Map<string, number>();
  const complete = trace.filter((e) => e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  for (const e of complete) {
    const thread = `${e.pid}/${e.tid}`;
    const kind = kindOf(e.name, isHelper(thread));
    if (!kind) continue;
    if (e.name === 'wasm.CompileLazy') lazyCompiles++;
    const key = `${thread} ${kind}`;
    const end = e.ts + e.dur!;
    if ((counted.get(key) ?? -Infinity) > e.ts) continue;
    counted.set(key, end);
    sums[kind] += (e.tdur ?? e.dur!) / 1000;
  }
  const helpers = new Set([...threadNames.keys()].filter(isHelper));
  return { ...sums, wasmLazyCompiles: lazyCompiles, helperThreads: helpers.size, threads: threadCpu(complete, threadNames) };
}

/** Busy CPU per named thread: the thread time of its outermost complete events (sorted as above). */
function threadCpu(complete: readonly TraceEvent[], threadNames: ReadonlyMap<string, string>): ThreadCpu[] {
  const threads = new Map<string, ThreadCpu & { end: number }>();
  for (const e of complete) {
    const key = `${e.pid}/${e.tid}`;
    const name = threadNames.get(key);
    if (name === undefined) continue;
    let thread = threads.get(key);
    if (!thread) threads.set(key, (thread = { name, cpuMs: 0, wasmLazyCompiles: 0, end: -Infinity }));
    if (e.name === 'wasm.CompileLazy') thread.wasmLazyCompiles++;
    if (thread.end > e.ts) continue;
    thread.end = e.ts + e.dur!;
    thread.cpuMs += (e.tdur ?? e.dur!) / 1000;
  }
  return [...threads.values()].map(({ name, cpuMs, wasmLazyCompiles }) => ({ name, cpuMs, wasmLazyCompiles })).sort((a, b) => b.cpuMs - a.cpuMs);
}
