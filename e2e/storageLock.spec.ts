/**
 * @file A second tab on the same profile meets the OPFS lock and says so plainly.
 * Runs in: Node (e2e, driving chromium).
 */
import { screenshot, test, withSession } from './harness.ts';

test('a second tab shows the storage-locked banner', async ({ env }) => {
  await withSession(env, 'storage-lock', async (session, first) => {
    await first.goto(env.baseUrl);
    await first.getByTestId('demo-button').and(first.locator(':enabled')).waitFor();
    const second = await session.context.newPage();
    await second.goto(env.baseUrl);
    await second.getByTestId('storage-locked').waitFor({ timeout: 30_000 });
    await screenshot(second, env, 'storage-locked-light');
    await second.close();
  });
});
