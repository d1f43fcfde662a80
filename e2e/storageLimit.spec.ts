/**
 * @file The browser database's size limit through the real app (docs/architecture.md, "Storage
 * limit"), lowered with the e2e-only page flag `?e2e-storage-limit=<bytes>` so it is reached in
 * seconds: the demo graph (a few MB) is stored, then an index whose database would grow past the
 * limit stops with STORAGE_LIMIT before any write passes it; the demo graph stays open, and
 * after a reload it is still the stored graph. The real limit (just under 4 GiB) is checked by
 * `npm run bench:storage` (docs/testing.md).
 * Runs in: Node (e2e, driving chromium).
 */
import type { Page } from 'playwright-core';
import { buildZipSync } from '../scripts/fixtures/makeBadZips.ts';
import { assert, readSummary, screenshot, test, turnAutoEmbedOff, waitForGraph, waitForSummary, withSession } from './harness.ts';

/** The OPFS database files of this origin and their sizes (their access handles may be open). */
async function databaseFiles(page: Page): Promise<Record<string, number>> {
  return page.evaluate(async () => {
    const sizes: Record<string, number> = {};
    const root = await navigator.storage.getDirectory();
    for await (const [name, handle] of (root as unknown as { entries(): AsyncIterable<[string, FileSystemHandle]> }).entries()) {
      if (name.endsWith('.duckdb') && handle.kind === 'file') sizes[name] = (await (handle as FileSystemFileHandle).getFile()).size;
    }
    return sizes;
  });
}

/** The lowered limit: the app stops a quarter below it (softLimitOf), above the demo's database (3.0 MiB) and below the generated repo's. */
const LIMIT = 5 * 2 ** 20;

/** 400 Python modules of 40 functions each (about 3 MB of source): a database of more than LIMIT. */
function biggerRepo(): Uint8Array {
  const files: Record<string, string> = {};
  for (let m = 0; m < 400; m++) {
    files[`pkg/module_${m}.py`] = Array.from({ length: 40 }, (_, f) => `def step_${m}_${f}(value):\n    \"\"\"Step ${f} of module ${m}.\"\"\"\n    return value * ${f} + ${m}\n`).join('\n');
  }
  return buildZipSync(files);
}

test('storage limit: an index that would grow its database past the limit stops with STORAGE_LIMIT; the stored graph stays', async ({ env }) => {
  await withSession(env, 'storage-limit', async (_session, page) => {
    const url = `${env.baseUrl}?e2e-storage-limit=${LIMIT}`;
    await page.goto(url);
    // The index's own writes meet the limit: the embedding after the demo's index is turned off.
    await turnAutoEmbedOff(page);
    await page.getByTestId('demo-button').click();
    const demo = await waitForSummary(page);
    await waitForGraph(page, 'overview');
    console.log(`    demo stored: ${JSON.stringify(await databaseFiles(page))}`);

    const zip = biggerRepo();
    console.log(`    bigger repo: ${zip.length} bytes zipped`);
    await page.getByTestId('zip-input').setInputFiles({ name: 'bigger.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) });
    const banner = page.getByTestId('error-banner');
    await banner.waitFor({ timeout: 90_000 });
    const code = await banner.getAttribute('data-code');
    const text = (await banner.textContent()) ?? '';
    console.log(`    bigger repo: ${code}: …${text.slice(-190)}`);
    console.log(`    files after: ${JSON.stringify(await databaseFiles(page))}`);
    await screenshot(page, env, 'storage-limit-light');
    assert(code === 'STORAGE_LIMIT', `banner code ${code}: ${text}`);
    assert(text.includes('stored graph is unchanged'), `banner text: ${text}`);
    const now = await readSummary(page);
    assert(now && now.nodes === demo.nodes && now.edges === demo.edges, `the demo graph must stay open (${JSON.stringify(now)})`);
    for (const [name, size] of Object.entries(await databaseFiles(page))) assert(size <= LIMIT, `${name} is ${size} bytes, past the limit ${LIMIT}`);

    await page.reload();
    const restored = await waitForSummary(page, null, 60_000);
    assert(restored.nodes === demo.nodes && restored.edges === demo.edges, `after a reload: ${JSON.stringify(restored)} vs the demo ${JSON.stringify(demo)}`);
    await waitForGraph(page);
  });
});
