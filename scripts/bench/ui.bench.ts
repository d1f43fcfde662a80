/**
 * @file Player benchmark (`npm run bench:ui -- [--sizes 1000,5000] [--steps 200] [--modes unfolded,folded] [--json]`),
 * docs/budgets.md's animation budget: the time of one replay step (core stateAt + the
 * player's render: style, class and position updates, labels placed from the rendered boxes and
 * their overlaps counted) with 1k and 5k tree nodes, unfolded (every node drawn) and folded (the
 * app's default), p50 / p95 / max, with the labels drawn and the most overlapping label pairs at
 * any step, measured in JS in headless Debian chromium (software WebGL makes frame rates meaningless).
 * Baseline in the same run: the step with the state folded from zero (no snapshots); also random
 * scrubs (jumps anywhere). Budget: p95 < 16 ms and 0 overlaps at 5k; a verdict is printed, never an exit code.
 * Runs in: Node (tsx).
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { answerWithin, collectPageErrors, launchChromium } from '../chromium.ts';
import { servePage } from '../pageBuild.ts';
import { formatTable } from './stats.ts';
import type { UiBenchPageApi, UiBenchRequest, UiBenchResult } from './uiPages/uiBenchPage.ts';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const BUDGET_P95_MS = 16;

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<void> {
  const sizes = (argValue('sizes') ?? '1000,5000').split(',').map(Number);
  const steps = Number(argValue('steps') ?? 200);
  const modes = (argValue('modes') ?? 'unfolded,folded').split(',');
  const json = process.argv.includes('--json');
  const log = (line: string) => process.stderr.write(`[bench:ui] ${line}\n`);
  const served = await servePage(join(REPO_ROOT, 'scripts', 'bench', 'uiPages', 'vite.config.ts'));
  log(`page built in ${(served.buildMs / 1000).toFixed(1)} s`);
  const { browser, close } = await launchChromium('bench-ui-chromium-');
  const results: UiBenchResult[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 820 } });
    const errors: string[] = [];
    collectPageErrors(page, errors);
    await page.goto(`${served.origin}ui-bench.html`, { waitUntil: 'load' });
    await page.waitForFunction(() => '__uiBench' in window, undefined, { timeout: 60_000 });
    for (const treeNodes of sizes) {
      for (const folded of modes.map((m) => m === 'folded')) {
        log(`tree of ${treeNodes} nodes, ${folded ? 'folded' : 'unfolded'}…`);
        const request: UiBenchRequest = { treeNodes, steps, seed: 7, folded };
        const pending = page.evaluate((req) => (window as unknown as { __uiBench: UiBenchPageApi }).__uiBench.run(req), request);
        results.push(await answerWithin(pending, 300_000, () => (errors.length > 0 ? ` (page: ${errors[0]})` : '')));
      }
    }
    const version = browser.version();
    const rows = results.map((r) => {
      const p95 = percentile(r.stepMs, 95);
      return [
        r.visibleAtSteps.toLocaleString(),
        r.folded ? `folded: ${r.drawnAtSteps} drawn` : 'unfolded',
        `${r.labels} / ${r.labelOverlaps}`,
        `${r.iterations} it / ${r.events} ev`,
        percentile(r.stepMs, 50).toFixed(2),
        p95.toFixed(2),
        Math.max(...r.stepMs).toFixed(2),
        percentile(r.baselineMs, 50).toFixed(2),
        (percentile(r.baselineMs, 50) / Math.max(1e-6, percentile(r.stepMs, 50))).toFixed(1),
        `${percentile(r.scrubMs, 50).toFixed(2)} / ${percentile(r.scrubMs, 95).toFixed(2)}`,
        r.mountMs.toFixed(0),
        r.visibleAtSteps >= 4000 ? (p95 < BUDGET_P95_MS && r.labelOverlaps === 0 ? 'PASS' : 'FAIL') : '-',
      ];
    });
    if (json) {
      process.stdout.write(`${JSON.stringify({ chromium: version, results: results.map((r) => ({ ...r, p50: percentile(r.stepMs, 50), p95: percentile(r.stepMs, 95) })) })}\n`);
    } else {
      process.stdout.write(
        `One replay step of the MCTS player (stateAt + style, class and position updates + label placement and overlap count), chromium ${version}, WebGL ${results[0]?.webgl ? 'on' : 'off'}\n` +
          formatTable([
            ['tree nodes', 'drawn', 'labels / overlaps', 'run', 'step p50 ms', 'step p95 ms', 'max ms', 'from-zero p50 ms', 'speed-up', 'scrub p50 / p95 ms', 'mount ms', `p95 < ${BUDGET_P95_MS} ms at 5k`],
            ...rows,
          ]) +
          '\n',
      );
    }
    if (errors.length > 0) log(`page errors: ${errors.slice(0, 3).join(' | ')}`);
  } finally {
    await close();
    await served.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`[bench:ui] ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
