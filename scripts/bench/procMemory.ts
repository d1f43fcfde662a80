/**
 * @file Process memory on Linux through /proc: RSS and its high-water mark (VmHWM) for this
 * process or another one (chromium renderers), peak reset, and the process tree below a PID;
 * also peak trackers over this process's process.memoryUsage() samples.
 * Every reader returns null where /proc is missing, so the bench degrades to "-" elsewhere.
 * Runs in: Node (bench, tests).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { PeakTracker } from './stats.ts';

export interface ProcMemory {
  rssBytes: number;
  /** Peak RSS since the process started or since the last resetPeakRss(). */
  hwmBytes: number;
}

/** VmRSS and VmHWM from the text of /proc/<pid>/status (values in kB there). */
export function parseProcStatus(text: string): ProcMemory | null {
  const kb = (key: string) => {
    const match = new RegExp(`^${key}:\\s+(\\d+)\\s+kB`, 'm').exec(text);
    return match ? Number(match[1]) * 1024 : null;
  };
  const rss = kb('VmRSS');
  const hwm = kb('VmHWM');
  return rss === null || hwm === null ? null : { rssBytes: rss, hwmBytes: hwm };
}

/** The parent PID from the text of /proc/<pid>/stat (the comm field may hold spaces and ')'). */
export function parseStatParent(text: string): number | null {
  const close = text.lastIndexOf(')');
  if (close < 0) return null;
  const fields = text.slice(close + 2).split(' ');
  const ppid = Number(fields[1]);
  return Number.isInteger(ppid) ? ppid : null;
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null; // the process exited or /proc is not there: the caller reports "-"
  }
}

export function readProcMemory(pid: number | 'self' = 'self'): ProcMemory | null {
  const text = readText(`/proc/${pid}/status`);
  return text === null ? null : parseProcStatus(text);
}

/** Resets this process's VmHWM to its current RSS (Linux >= 4.0). False when not possible. */
export function resetPeakRss(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

/** Every live descendant of `root`, found by scanning /proc/<pid>/stat parents. */
export function descendantPids(root: number): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const children = new Map<number, number[]>();
  for (const name of entries) {
    const stat = readText(`/proc/${name}/stat`);
    const parent = stat === null ? null : parseStatParent(stat);
    if (parent === null) continue;
    const list = children.get(parent) ?? [];
    list.push(Number(name));
    children.set(parent, list);
  }
  const out: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()!) ?? []) {
      out.push(child);
      queue.push(child);
    }
  }
  return out;
}

/**
 * True for a chromium renderer's /proc cmdline. Zygote children rewrite their title, so the
 * arguments may be separated by spaces instead of NULs.
 */
export function isRendererCmdline(cmdline: string): boolean {
  return /(^|[\s\0])--type=renderer([\s\0]|$)/.test(cmdline);
}

/** Chromium renderer processes below `root` (the browser process, or this Node process). */
export function rendererPids(root: number): number[] {
  return descendantPids(root).filter((pid) => {
    const cmdline = readText(`/proc/${pid}/cmdline`);
    return cmdline !== null && isRendererCmdline(cmdline);
  });
}

/** Calls `sample` every `intervalMs` (never overlapping itself) until the returned stop(). */
export function startSampler(intervalMs: number, sample: () => unknown): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    running = Promise.resolve()
      .then(sample)
      .catch(() => undefined) // a failed sample (page closing) is just a missing point
      .finally(() => (busy = false));
  }, intervalMs);
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/** Peak RSS and used heap of this process (process.memoryUsage()), raised by each sample(). */
export function trackProcessUsage(): { rss: PeakTracker; heap: PeakTracker; sample: () => void } {
  const rss = new PeakTracker();
  const heap = new PeakTracker();
  const sample = () => {
    const usage = process.memoryUsage();
    rss.add(usage.rss);
    heap.add(usage.heapUsed);
  };
  return { rss, heap, sample };
}
