/** @file /proc parsing and live readings of this test process (Linux). */
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { descendantPids, isRendererCmdline, parseProcStatus, parseStatParent, readProcMemory, trackProcessUsage } from './procMemory.ts';

describe('parsers', () => {
  it('reads VmRSS and VmHWM in bytes', () => {
    const text = 'Name:\tnode\nVmHWM:\t  204800 kB\nVmRSS:\t  102400 kB\nThreads:\t7\n';
    expect(parseProcStatus(text)).toEqual({ rssBytes: 100 * 1024 * 1024, hwmBytes: 200 * 1024 * 1024 });
    expect(parseProcStatus('Name:\tkthreadd\n')).toBeNull();
  });

  it('recognises renderer command lines with NUL or space separators', () => {
    expect(isRendererCmdline('/usr/lib/chromium/chromium\0--type=renderer\0--lang=en-US\0')).toBe(true);
    expect(isRendererCmdline('/usr/lib/chromium/chromium --type=renderer --crashpad-handler-pid=0')).toBe(true);
    expect(isRendererCmdline('/usr/lib/chromium/chromium --type=gpu-process --renderer-x')).toBe(false);
    expect(isRendererCmdline('/usr/lib/chromium/chromium --type=renderers')).toBe(false);
  });

  it('reads the parent PID even when the command name holds spaces and parentheses', () => {
    expect(parseStatParent('4242 (Web Content (x)) S 17 4242 4242 0 -1')).toBe(17);
  });
});

const linux = process.platform === 'linux';

describe.runIf(linux)('live /proc', () => {
  it('sees its own RSS grow past a big allocation', () => {
    const before = readProcMemory()!;
    const block = new Uint8Array(64 * 1024 * 1024).fill(1);
    const after = readProcMemory()!;
    expect(block[block.length - 1]).toBe(1);
    expect(after.hwmBytes).toBeGreaterThanOrEqual(after.rssBytes);
    expect(after.rssBytes - before.rssBytes).toBeGreaterThan(32 * 1024 * 1024);
  });

  it('finds a child process below this one', async () => {
    const { spawn } = await import('node:child_process');
    const child = spawn('sleep', ['5']);
    try {
      await new Promise((resolve) => child.once('spawn', resolve));
      expect(descendantPids(process.pid)).toContain(child.pid);
    } finally {
      child.kill();
    }
  });

  it('counts worker-thread memory in the process RSS', async () => {
    const before = readProcMemory()!.rssBytes;
    const worker = new Worker('const a = new Uint8Array(96 * 1024 * 1024).fill(7); require("worker_threads").parentPort.postMessage(a[5]);', { eval: true });
    await new Promise((resolve) => worker.once('message', resolve));
    const during = readProcMemory()!.rssBytes;
    await worker.terminate();
    expect(during - before).toBeGreaterThan(64 * 1024 * 1024);
  });
});

describe('trackProcessUsage', () => {
  it('raises the RSS and heap peaks on each sample', () => {
    const { rss, heap, sample } = trackProcessUsage();
    expect(rss.samples).toBe(0);
    sample();
    sample();
    expect(rss.samples).toBe(2);
    expect(heap.samples).toBe(2);
    expect(rss.peak).toBeGreaterThan(heap.peak);
    expect(heap.peak).toBeGreaterThan(0);
  });
});
