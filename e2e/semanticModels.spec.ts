/**
 * @file Transformers.js models in the real app, through the models panel: (1) with a WebGPU
 * adapter (--enable-unsafe-webgpu) the fixture embedder and reranker from /models/ load on
 * WebGPU chosen automatically, "Check devices" shows WASM and WebGPU agreeing within 1e-3, and
 * the WebGPU embedder embeds the demo repo;
 * (2) a hub id downloads from a localhost hub (scripts/hubServer.ts) with per-file progress into
 * the browser cache, loads again after a reload with the hub gone and no request to it, a cut
 * download of another model fails on its row naming the file (and is not cached) while the first
 * keeps working, a retry against a whole hub loads it, and "Clear cache" empties the cache. Screenshots in light.
 * Runs in: Node (e2e, driving chromium).
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startHubServer } from '../scripts/hubServer.ts';
import type { HubServer } from '../scripts/hubServer.ts';
import { assert, screenshot, test, turnAutoEmbedOff, waitForSummary, withSession } from './harness.ts';

const EMBEDDER = 'fixtures/tiny-embedder';
const RERANKER = 'fixtures/tiny-reranker';

async function openModels(page: Page): Promise<void> {
  if (!(await page.getByTestId('models-panel').isVisible())) await page.getByTestId('models-toggle').click();
  await page.getByTestId('models-panel').waitFor();
  await page.locator('[data-testid="preset-select"]').waitFor();
}

async function openDetails(page: Page, selector: string): Promise<void> {
  const details = page.locator(selector).first();
  if ((await details.getAttribute('open')) === null) await details.locator('summary').first().click();
}

async function waitForModelId(page: Page, role: string, id: string): Promise<void> {
  await page.waitForFunction(
    ([r, wanted]) => document.querySelector(`[data-testid="model-row-${r}"]`)?.getAttribute('data-model-id') === wanted,
    [role, id] as const,
  );
}

/** Clicks "Load models" and waits until the task is over and every listed role settled. */
async function loadModels(page: Page, roles: string[]): Promise<void> {
  await page.getByTestId('load-models').click();
  await page.waitForFunction(
    (rs) =>
      (document.querySelector('[data-testid="load-models"]') as HTMLButtonElement | null)?.disabled === false &&
      rs.every((r) => ['ready', 'error'].includes(document.querySelector(`[data-testid="model-row-${r}"]`)?.getAttribute('data-state') ?? '')),
    roles,
    { timeout: 90_000, polling: 200 },
  );
}

async function rowState(page: Page, role: string): Promise<{ state: string; device: string; error: string }> {
  const row = page.getByTestId(`model-row-${role}`);
  return {
    state: (await row.getAttribute('data-state')) ?? '',
    device: (await row.getAttribute('data-device')) ?? '',
    error: (await row.locator('.model-error').allTextContents()).join(' '),
  };
}

async function cacheBytes(page: Page): Promise<number> {
  return Number(await page.getByTestId('cache-bytes').getAttribute('data-bytes'));
}

/** Types a hub id for `role` in "Other models" (fp32: the fixtures ship onnx/model.onnx only). */
async function chooseHubId(page: Page, role: 'embedder' | 'reranker', id: string): Promise<void> {
  await openDetails(page, '[data-testid="other-models"]');
  await page.getByTestId(`source-role-${role}`).click();
  const form = page.locator('[data-testid="other-models"] form.hub-form');
  await page.getByTestId(`hub-id-${role}`).fill(id);
  await form.locator('select[aria-label="dtype"]').selectOption('fp32');
  await form.getByRole('button', { name: 'Use' }).click();
  await waitForModelId(page, role, id);
}

/** Embeds the code of every entity (nothing is described in these sessions) and checks the set. */
async function embedCode(page: Page, model: string): Promise<void> {
  await page.getByTestId('embed-source-description').uncheck();
  await page.getByTestId('embed-button').click();
  await page.waitForFunction(
    () => {
      const banner = document.querySelector('[data-testid="error-banner"]');
      if (banner) throw new Error(`error banner: ${banner.textContent}`);
      return document.querySelector('[data-testid="embed-progress"]')?.getAttribute('data-state') === 'done';
    },
    undefined,
    { timeout: 120_000, polling: 200 },
  );
  const set = page.locator(`[data-testid="embedding-sets"] tr[data-model="${model}"][data-source="code"]`);
  assert((await set.count()) === 1, `a code embedding set of ${model} is stored`);
  const count = Number(await set.getAttribute('data-count'));
  assert(count > 100, `${model} embedded ${count} entities`);
}

async function setHubHost(page: Page, url: string): Promise<void> {
  await openDetails(page, '[data-testid="models-panel"] details.advanced');
  await page.getByTestId('hub-host').fill(url);
  await page.locator('details.advanced form.hub-form').getByRole('button', { name: 'Apply' }).click();
  await page.waitForFunction((u) => (document.querySelector('[data-testid="hub-host"]') as HTMLInputElement | null)?.value === u, url);
}

test('semantic models: WebGPU chosen automatically, devices agree', async ({ env }) => {
  test.setTimeout(240_000);
  await withSession(
    env,
    'semantic-webgpu',
    async (session, page) => {
      await page.goto(env.baseUrl);
      // Models chosen, loaded and run by hand: the embedding the app starts after an index (the
      // shipped embedder, e2e/autoEmbed.spec.ts) is turned off here.
      await turnAutoEmbedOff(page);
      await page.getByTestId('demo-button').click();
      await waitForSummary(page);
      await openModels(page);
      await page.getByText('WebGPU available').waitFor();

      await openDetails(page, '[data-testid="other-models"]');
      await page.getByTestId(`public-model-${EMBEDDER}`).click();
      await waitForModelId(page, 'embedder', EMBEDDER);
      await page.getByTestId('source-role-reranker').click();
      await page.getByTestId(`public-model-${RERANKER}`).click();
      await waitForModelId(page, 'reranker', RERANKER);

      await loadModels(page, ['embedder', 'reranker']);
      for (const role of ['embedder', 'reranker']) {
        const row = await rowState(page, role);
        assert(row.state === 'ready', `${role} loaded (${row.error})`);
        assert(row.device === 'webgpu', `${role}: auto chose ${row.device}, not webgpu`);
        assert(/webgpu/i.test((await page.getByTestId(`model-row-${role}`).textContent()) ?? ''), `${role}: the device is shown`);
      }

      await page.getByTestId('check-devices').click();
      const result = page.getByTestId('device-check-result');
      await result.waitFor({ timeout: 90_000 });
      const rows = await result.locator('tbody tr').evaluateAll((trs) =>
        trs.map((tr) => ({
          role: tr.getAttribute('data-role'),
          diff: Number(tr.getAttribute('data-max-abs-diff')),
          cells: Array.from(tr.querySelectorAll('td')).map((td) => td.textContent ?? ''),
        })),
      );
      assert(rows.map((r) => r.role).join(',') === 'embedder,reranker', `device check rows ${JSON.stringify(rows)}`);
      for (const row of rows) {
        assert(Number.isFinite(row.diff) && row.diff < 1e-3, `${row.role}: wasm vs webgpu differ by ${row.diff}`);
        assert(/^\d+ ms$/.test(row.cells[2] ?? '') && /^\d+ ms$/.test(row.cells[3] ?? ''), `${row.role}: ms per device ${row.cells.join(' | ')}`);
      }
      console.log(`    device check: ${rows.map((r) => `${r.role} diff ${r.diff.toExponential(1)}, wasm ${r.cells[2]}, webgpu ${r.cells[3]}`).join('; ')}`);
      await page.getByTestId('models-panel').evaluate((el) => el.scrollTo(0, 0));
      await screenshot(page, env, 'semantic-webgpu-light');

      // The WebGPU embedder embeds the demo repo in the app.
      await embedCode(page, EMBEDDER);
      assert(session.external.length === 0, `requests left localhost: ${session.external.slice(0, 3).join(', ')}`);
    },
    { webgpu: true },
  );
});

test('semantic models: hub download with progress, cache, offline second visit, failure', async ({ env }) => {
  test.setTimeout(240_000);
  const root = join(env.repoRoot, 'public', 'models');
  const hub = await startHubServer({ root });
  let broken: HubServer | null = null;
  try {
    await withSession(env, 'semantic-hub', async (session, page) => {
      await page.goto(env.baseUrl);
      // Models chosen, loaded and run by hand: the embedding the app starts after an index (the
      // shipped embedder, e2e/autoEmbed.spec.ts) is turned off here.
      await turnAutoEmbedOff(page);
      await page.getByTestId('demo-button').click();
      await waitForSummary(page);
      await openModels(page);

      // Online: the hub host is the localhost hub, the embedder a hub id; nothing downloads yet.
      await setHubHost(page, hub.url);
      await chooseHubId(page, 'embedder', EMBEDDER);
      assert(/hub/i.test((await page.getByTestId('model-row-embedder').textContent()) ?? ''), 'the hub source is shown');
      assert(hub.downloads.size === 0, `downloaded before Load models: ${[...hub.downloads.keys()]}`);

      await loadModels(page, ['embedder']);
      const loaded = await rowState(page, 'embedder');
      assert(loaded.state === 'ready', `hub embedder loaded (${loaded.error})`);
      assert(loaded.device === 'wasm', `no WebGPU in this session, yet device ${loaded.device}`);
      const files = await page
        .getByTestId('model-row-embedder')
        .locator('.file-progress li')
        .evaluateAll((lis) => lis.map((li) => ({ file: li.getAttribute('data-file'), done: li.getAttribute('data-done'), bytes: li.querySelector('.file-bytes')?.textContent ?? '' })));
      for (const name of ['config.json', 'tokenizer.json', 'onnx/model.onnx']) {
        const file = files.find((f) => f.file === name);
        assert(file && file.done === 'true' && /\d/.test(file.bytes), `per-file progress for ${name}: ${JSON.stringify(files)}`);
      }
      assert(hub.downloads.get(`/${EMBEDDER}/resolve/main/onnx/model.onnx`) === 1, `hub downloads ${JSON.stringify([...hub.downloads])}`);
      await page.waitForFunction(() => Number(document.querySelector('[data-testid="cache-bytes"]')?.getAttribute('data-bytes')) > 0);
      const cached = await cacheBytes(page);
      assert(cached > 60_000, `cache holds ${cached} bytes`);
      assert(session.requests.some((u) => u.startsWith(hub.url)), 'the request log sees the models worker fetching from the hub');
      await page.getByTestId('models-panel').evaluate((el) => el.scrollTo(0, 0));
      await screenshot(page, env, 'semantic-hub-light');

      // Second visit, offline: the hub is gone; the model comes from the browser cache.
      const hubPort = Number(new URL(hub.url).port);
      await hub.close();
      const mark = session.requests.length;
      await page.reload();
      await waitForSummary(page);
      await openModels(page);
      await waitForModelId(page, 'embedder', EMBEDDER);
      assert((await rowState(page, 'embedder')).state === 'idle', 'after a reload the model waits for Load models');
      await loadModels(page, ['embedder']);
      const offline = await rowState(page, 'embedder');
      assert(offline.state === 'ready', `offline second visit (${offline.error})`);
      const hubAfterReload = session.requests.slice(mark).filter((u) => u.startsWith(hub.url));
      assert(hubAfterReload.length === 0, `requests to the closed hub after the reload: ${hubAfterReload.slice(0, 3).join(', ')}`);
      assert((await cacheBytes(page)) === cached, `cache changed offline: ${await cacheBytes(page)} vs ${cached}`);

      // A hub that cuts model.onnx short, on the same host: the reranker fails, naming the file.
      broken = await startHubServer({ root, port: hubPort, truncateFile: 'onnx/model.onnx' });
      await chooseHubId(page, 'reranker', RERANKER);
      await loadModels(page, ['embedder', 'reranker']);
      const failed = await rowState(page, 'reranker');
      assert(failed.state === 'error', `the cut reranker download fails (state ${failed.state})`);
      assert(failed.error.includes('onnx/model.onnx') && failed.error.includes(RERANKER), `the error names the model and file: ${failed.error}`);
      assert((await rowState(page, 'embedder')).state === 'ready', 'the embedder stays ready');
      const brokenPaths = [...broken.requests.keys()];
      assert(brokenPaths.length > 0 && brokenPaths.every((p) => p.startsWith(`/${RERANKER}/`)), `broken hub saw ${brokenPaths}`);
      assert(await page.getByTestId('error-banner').count() === 0, 'a model load failure stays on its row, no banner');
      const afterFailure = await cacheBytes(page);
      assert(afterFailure - cached < 35_000, `the cut model.onnx was cached: ${cached} -> ${afterFailure} bytes`);
      await page.getByTestId('models-panel').evaluate((el) => el.scrollTo(0, 0));
      await screenshot(page, env, 'semantic-hub-failure-light');

      // The hub is whole again: Load models retries the failed reranker only.
      await broken.close();
      broken = await startHubServer({ root, port: hubPort });
      await loadModels(page, ['embedder', 'reranker']);
      const retried = await rowState(page, 'reranker');
      assert(retried.state === 'ready' && retried.error === '', `the reranker loads on retry (${retried.state}: ${retried.error})`);
      assert(broken.downloads.get(`/${RERANKER}/resolve/main/onnx/model.onnx`) === 1, `retry downloads ${JSON.stringify([...broken.downloads])}`);
      assert([...broken.requests.keys()].every((p) => p.startsWith(`/${RERANKER}/`)), `the loaded embedder is not fetched again: ${[...broken.requests.keys()]}`);

      // The embedder still embeds.
      await embedCode(page, EMBEDDER);

      // Clear cache empties the browser cache of model files.
      await page.getByTestId('clear-cache').click();
      await page.waitForFunction(() => document.querySelector('[data-testid="cache-bytes"]')?.getAttribute('data-bytes') === '0');
      assert(session.external.length === 0, `requests left localhost: ${session.external.slice(0, 3).join(', ')}`);
    });
  } finally {
    await hub.close().catch(() => undefined);
    await (broken as HubServer | null)?.close().catch(() => undefined);
  }
});
