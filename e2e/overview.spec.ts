/**
 * @file The package overview: on the demo, a package opens by keyboard (focus the canvas, arrows,
 * Enter) and by click, Esc / Backspace and a breadcrumb step go back up, search reveals a module
 * inside a closed package (the breadcrumb follows), and no two drawn boxes overlap. The demo's
 * tests/ is the "tests and fixtures" group, drawn after the code's packages and gone while "Hide
 * tests" is on (the summary counts what it hides); photographed at 1280x720 light and 1440x900
 * dark (test-results/overview-tests-*.png). An idle overview asks for no animation frames, and a
 * wheel zoom draws it again; so does the WebGL renderer, forced with `?e2e-webgl` (headless
 * chromium's GL is software, where the app draws with the canvas renderer).
 * With RANGER_E2E_STDLIB=1 (out of the default suite: it indexes 1,790 files) the system Python's
 * standard library with its tests is indexed and its overview photographed at 1280x720 and
 * 1440x900, light and dark (test-results/overview-stdlib-*.png).
 * Runs in: Node (e2e, driving chromium).
 */
import type { Core } from 'cytoscape';
import type { Page } from 'playwright-core';
import { stdlibCorpus } from '../scripts/bench/corpus.ts';
import { assert, openDemo, screenshot, setTheme, test, turnAutoEmbedOff, waitForGraph, waitForSummary, withSession } from './harness.ts';

interface Box {
  id: string;
  parent: string | null;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** Every package box and module drawn, in model coordinates, read from the cytoscape instance. */
async function drawnBoxes(page: Page): Promise<Box[]> {
  return page.evaluate(() => {
    const container = document.querySelector('[data-testid="graph"]') as unknown as { _cyreg: { cy: Core } };
    return container._cyreg.cy.nodes('.level').map((n) => {
      const b = n.boundingBox({ includeLabels: !n.isParent(), includeOverlays: false });
      return { id: n.id(), parent: (n.data('parent') as string | undefined) ?? null, x1: b.x1, y1: b.y1, x2: b.x2, y2: b.y2 };
    });
  });
}

/** Sibling boxes (same open package) that share area; a pixel of tolerance for anti-aliasing. */
function overlapping(boxes: readonly Box[]): string[] {
  const found: string[] = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      if (a.parent !== b.parent) continue;
      if (a.x1 + 1 < b.x2 && b.x1 + 1 < a.x2 && a.y1 + 1 < b.y2 && b.y1 + 1 < a.y2) found.push(`${a.id} & ${b.id}`);
    }
  }
  return found;
}

/** Clicks a drawn node by its cytoscape id. */
async function clickNode(page: Page, id: string): Promise<void> {
  const at = await page.evaluate((key) => {
    const container = document.querySelector('[data-testid="graph"]') as unknown as { _cyreg: { cy: Core } };
    const p = container._cyreg.cy.getElementById(key).renderedPosition();
    const r = document.querySelector('[data-testid="graph"]')!.getBoundingClientRect();
    return { x: r.left + p.x, y: r.top + p.y };
  }, id);
  await page.mouse.click(at.x, at.y);
}

/** How many animation frames the page asks for in `ms` (Cytoscape's loop asks one a frame while it runs). */
async function framesAskedIn(page: Page, ms: number): Promise<number> {
  return page.evaluate(async (wait) => {
    const w = window as unknown as { requestAnimationFrame: (cb: FrameRequestCallback) => number };
    const own = w.requestAnimationFrame;
    let asked = 0;
    w.requestAnimationFrame = (cb) => {
      asked++;
      return own.call(window, cb);
    };
    await new Promise((done) => setTimeout(done, wait));
    w.requestAnimationFrame = own;
    return asked;
  }, ms);
}

const breadcrumb = (page: Page) => page.getByTestId('overview-breadcrumb').getAttribute('data-path');

test("the WebGL renderer (forced on the software GL, as a GPU's browser draws): the overview draws, a click opens a package, an idle view asks for no frames", async ({ env }) => {
  await withSession(env, 'overview-webgl', async (_session, page) => {
    await page.goto(`${env.baseUrl}?e2e-webgl`);
    await turnAutoEmbedOff(page);
    await page.getByTestId('demo-button').click();
    await waitForSummary(page);
    await waitForGraph(page, 'overview');
    const webgl = await page.evaluate(() => {
      // Cytoscape's renderer (not in its typings) says whether it draws with WebGL.
      const container = document.querySelector('[data-testid="graph"]') as unknown as { _cyreg: { cy: { renderer(): { webgl?: boolean } } } };
      return Boolean(container._cyreg.cy.renderer().webgl);
    });
    assert(webgl, 'the graph draws with the WebGL renderer');
    const graph = page.getByTestId('graph');
    await page.waitForTimeout(500);
    const idle = await framesAskedIn(page, 1000);
    assert(idle <= 5, `an idle WebGL overview asked for ${idle} frames in a second`);
    const still = await graph.screenshot();
    const before = Number(await graph.getAttribute('data-nodes'));
    await clickNode(page, 't:');
    await page.waitForFunction(() => document.querySelector('[data-testid="overview-breadcrumb"]')?.getAttribute('data-path') === 'All packages/tests and fixtures');
    await waitForGraph(page, 'overview');
    assert(Number(await graph.getAttribute('data-nodes')) > before, 'the click opened the tests and fixtures group');
    await page.waitForTimeout(500);
    assert(!still.equals(await graph.screenshot()), 'the WebGL view drew the opened group');
    await page.waitForTimeout(1000);
    await screenshot(page, env, 'overview-webgl-light');
  });
});

test('package overview: open a package by keyboard and by click, breadcrumb, no overlaps', async ({ env }) => {
  await withSession(env, 'overview', async (_session, page) => {
    await page.goto(env.baseUrl);
    // The overview reads no vectors: the embedding after the index is turned off.
    await turnAutoEmbedOff(page);
    await page.getByTestId('demo-button').click();
    await waitForSummary(page);
    await waitForGraph(page, 'overview');
    const before = Number(await page.getByTestId('graph').getAttribute('data-nodes'));
    assert(overlapping(await drawnBoxes(page)).length === 0, `boxes overlap: ${overlapping(await drawnBoxes(page)).join(', ')}`);

    // Nothing to draw, no frames asked for (the loop runs about 60 a second); a wheel zoom draws
    // again, and then the loop stops once more (src/ui/graph/renderLoopPause.ts).
    const graph = page.getByTestId('graph');
    await page.waitForTimeout(500);
    const idle = await framesAskedIn(page, 1000);
    assert(idle <= 5, `an idle overview asked for ${idle} frames in a second`);
    const still = await graph.screenshot();
    const box = (await graph.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -300);
    await page.waitForTimeout(500);
    assert(!still.equals(await graph.screenshot()), 'a wheel zoom redrew the paused overview');
    const after = await framesAskedIn(page, 1000);
    assert(after <= 5, `the overview asked for ${after} frames in the second after its zoom settled`);
    await page.getByTestId('fit-button').click();

    // Keyboard: Tab onto the canvas puts the focus on the first item; move to the closed "web" package and open it.
    await page.getByTestId('fit-button').focus();
    for (let i = 0; i < 4 && !(await page.getByTestId('graph').evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    assert(await page.getByTestId('graph').evaluate((el) => el === document.activeElement), 'Tab reaches the canvas');
    const first = await breadcrumb(page);
    assert(first?.startsWith('All packages/'), `the breadcrumb shows the focus (${first})`);
    const arrows = ['ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp'].flatMap((k) => [k, k, k]);
    for (const arrow of arrows) {
      if ((await breadcrumb(page)) === 'All packages/web') break;
      await page.keyboard.press(arrow);
    }
    assert((await breadcrumb(page)) === 'All packages/web', `arrows reach the web package (${await breadcrumb(page)})`);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('[data-testid="overview-breadcrumb"]')?.getAttribute('data-path')?.startsWith('All packages/web/'));
    const opened = Number(await page.getByTestId('graph').getAttribute('data-nodes'));
    assert(opened > before, `Enter opened web (${before} -> ${opened} nodes)`);
    assert(overlapping(await drawnBoxes(page)).length === 0, `boxes overlap after opening: ${overlapping(await drawnBoxes(page)).join(', ')}`);
    await screenshot(page, env, 'overview-keyboard-light');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.querySelector('[data-testid="overview-breadcrumb"]')?.getAttribute('data-path') === 'All packages/web');
    await waitForGraph(page, 'overview');
    assert(Number(await page.getByTestId('graph').getAttribute('data-nodes')) === before, 'Esc closed web again');
    // Enter and Backspace, pressed at once: the second key waits for the package to open.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Backspace');
    await page.waitForFunction(() => document.querySelector('[data-testid="overview-breadcrumb"]')?.getAttribute('data-path') === 'All packages/web');
    await waitForGraph(page, 'overview');
    assert(Number(await page.getByTestId('graph').getAttribute('data-nodes')) === before, 'Backspace closed web again');

    // Click: the tests and fixtures group opens under the pointer; the breadcrumb's top step closes it.
    await clickNode(page, 't:');
    await page.waitForFunction(() => document.querySelector('[data-testid="overview-breadcrumb"]')?.getAttribute('data-path') === 'All packages/tests and fixtures');
    await waitForGraph(page, 'overview');
    assert(Number(await page.getByTestId('graph').getAttribute('data-nodes')) > before, 'a click opened tests');
    await page.getByTestId('overview-breadcrumb').getByRole('button', { name: 'All packages' }).click();
    await page.waitForFunction((n) => Number(document.querySelector('[data-testid="graph"]')?.getAttribute('data-nodes')) === n, before);

    // Search still jumps anywhere: a module inside the closed tests package is revealed and focused.
    await page.getByTestId('search-input').fill('test_checkout');
    await page.getByTestId('search-results').locator('[role="option"]').filter({ hasText: 'module' }).first().click();
    // The module reads by its import name (tests/ is no package: `import test_checkout`).
    await page.waitForFunction(() => document.querySelector('[data-testid="overview-breadcrumb"]')?.getAttribute('data-path') === 'All packages/tests and fixtures/test_checkout');
  });
});

/** The top-level boxes: the tests and fixtures group, and the code's packages beside it. */
async function topLevel(page: Page): Promise<{ tests: Box | null; code: Box[] }> {
  const boxes = (await drawnBoxes(page)).filter((b) => b.parent === null);
  return { tests: boxes.find((b) => b.id === 't:') ?? null, code: boxes.filter((b) => b.id !== 't:') };
}

test('package overview: the tests come after the code, in their own group, and go with Hide tests', async ({ env }) => {
  await withSession(env, 'overview-tests', async (_session, page) => {
    // The overview reads no vectors: the embedding after the index is turned off.
    await openDemo(page, env, { autoEmbed: false });
    await setTheme(page, 'light');
    for (const [width, height, theme] of [
      [1280, 720, 'light'],
      [1440, 900, 'dark'],
    ] as const) {
      await page.setViewportSize({ width, height });
      await setTheme(page, theme);
      await page.getByTestId('overview-button').click();
      await waitForGraph(page, 'overview');
      const { tests, code } = await topLevel(page);
      assert(tests !== null, 'the tests and fixtures group is drawn');
      const label = await page.evaluate(() => {
        const container = document.querySelector('[data-testid="graph"]') as unknown as { _cyreg: { cy: Core } };
        const node = container._cyreg.cy.getElementById('t:');
        return `${String(node.data('label'))}|${node.classes().join(' ')}`;
      });
      assert(label.startsWith('tests and fixtures\n2 modules') && label.includes('tests') && !label.includes('open'), `a closed "tests and fixtures" group (${label})`);
      assert(code.some((b) => b.id === 'p:shopkit') && code.every((b) => !b.id.startsWith('t:')), `the code's packages beside it (${code.map((b) => b.id).join(', ')})`);
      const below = code.every((b) => tests.y1 >= b.y2 - 1);
      const right = code.every((b) => tests.x1 >= b.x2 - 1);
      assert(below || right, `the tests group is packed after the code (tests ${JSON.stringify(tests)})`);
      const shopkit = code.find((b) => b.id === 'p:shopkit')!;
      const area = (b: Box) => (b.x2 - b.x1) * (b.y2 - b.y1);
      assert(area(shopkit) > 4 * area(tests), 'the code takes the room, the tests a corner');
      assert(overlapping(await drawnBoxes(page)).length === 0, 'no boxes overlap');
      await screenshot(page, env, `overview-tests-${width}x${height}-${theme}`);

      // Hide tests: the group goes, the summary says what it hides; off again, it is back.
      await page.getByTestId('hide-tests').check();
      await page.waitForFunction(() => {
        const container = document.querySelector('[data-testid="graph"]') as unknown as { _cyreg: { cy: Core } };
        return container._cyreg.cy.getElementById('t:').empty();
      });
      await page.waitForFunction(() => document.querySelector('[data-testid="overview-summary"]')?.textContent?.includes('2 test modules hidden'));
      assert((await topLevel(page)).code.some((b) => b.id === 'p:shopkit'), 'the code stays drawn');
      assert(overlapping(await drawnBoxes(page)).length === 0, 'no boxes overlap with tests hidden');
      await screenshot(page, env, `overview-tests-hidden-${width}x${height}-${theme}`);
      await page.getByTestId('hide-tests').uncheck();
      await page.waitForFunction(() => {
        const container = document.querySelector('[data-testid="graph"]') as unknown as { _cyreg: { cy: Core } };
        return container._cyreg.cy.getElementById('t:').nonempty();
      });
      // The summary follows the drawing: it may still count the hidden tests for a moment.
      const counted = await page
        .waitForFunction(() => !document.querySelector('[data-testid="overview-summary"]')?.textContent?.includes('hidden'), undefined, { timeout: 5_000 })
        .then(() => true, () => false);
      const summary = await page.getByTestId('overview-summary').textContent().catch(() => '');
      assert(counted, `the summary no longer counts hidden tests (${summary})`);
    }
  });
});

if (process.env.RANGER_E2E_STDLIB) {
  test(
    'package overview of the Python standard library with tests (screenshots)',
    async ({ env }) => {
      test.setTimeout(360_000);
      const corpus = stdlibCorpus();
      await withSession(env, 'overview-stdlib', async (_session, page) => {
        await page.goto(env.baseUrl);
        await page.getByTestId('zip-input').setInputFiles({ name: `${corpus.name}.zip`, mimeType: 'application/zip', buffer: Buffer.from(corpus.zip) });
        await waitForSummary(page, null, 240_000);
        for (const [width, height] of [
          [1280, 720],
          [1440, 900],
        ] as const) {
          await page.setViewportSize({ width, height });
          for (const theme of ['light', 'dark'] as const) {
            await setTheme(page, theme);
            await page.getByTestId('overview-button').click();
            await waitForGraph(page, 'overview', 60_000);
            await page.waitForTimeout(400);
            const overlaps = overlapping(await drawnBoxes(page));
            assert(overlaps.length === 0, `stdlib boxes overlap at ${width}x${height}: ${overlaps.slice(0, 5).join(', ')}`);
            await screenshot(page, env, `overview-stdlib-${width}x${height}-${theme}`);
          }
        }
        // Down the tests and fixtures group by click, then Enter: test, its loose modules, a name range, a module's members.
        await clickNode(page, 't:');
        await page.waitForFunction(() => document.querySelector('[data-testid="overview-breadcrumb"]')?.getAttribute('data-path') === 'All packages/tests and fixtures');
        await waitForGraph(page, 'overview');
        await screenshot(page, env, 'overview-stdlib-test-open-dark');
        for (const depth of [3, 4, 5]) {
          await page.keyboard.press('Enter');
          await page.waitForFunction((d) => (document.querySelector('[data-testid="overview-breadcrumb"]')?.getAttribute('data-path')?.split('/').length ?? 0) >= d, depth);
          await waitForGraph(page, 'overview');
        }
        for (const arrow of ['ArrowRight', 'ArrowRight', 'ArrowDown']) await page.keyboard.press(arrow);
        await page.keyboard.press('Enter');
        await page.waitForTimeout(1500);
        await waitForGraph(page, 'overview');
        console.log(`    stdlib: ${await breadcrumb(page)}, ${await page.getByTestId('graph').getAttribute('data-nodes')} nodes, layout ${await page.getByTestId('graph').getAttribute('data-layout-ms')} ms`);
        const deep = overlapping(await drawnBoxes(page));
        assert(deep.length === 0, `boxes overlap deep down: ${deep.slice(0, 5).join(', ')}`);
        await screenshot(page, env, 'overview-stdlib-members-dark');
        for (let i = 0; i < 4; i++) await page.keyboard.press('Escape');
        await page.waitForFunction(() => document.querySelector('[data-testid="overview-breadcrumb"]')?.getAttribute('data-path') === 'All packages/tests and fixtures');
      });
    },
  );
}
