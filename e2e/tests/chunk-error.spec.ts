import { expect, test } from '../fixtures/test.ts';
import { headerEntry } from '../fixtures/pages.ts';

test.describe('a failed lazy chunk (SPEC §8 ChunkLoadError)', () => {
  test('shows the message with a retry inside the shell, and the retry loads the page once the chunk is reachable', async ({ home, page }) => {
    await home.open('/');
    const chunk = '**/assets/game-centre-page-*.js';
    await page.route(chunk, (route) => route.abort('failed'));
    await (await headerEntry(page, 'live')).click();

    const error = page.getByTestId('chunk-error');
    await expect(error).toBeVisible({ timeout: 20_000 });
    await expect(error).toContainText('ChunkLoadError');
    // The shell stays: header and side menu are still there.
    await expect(page.getByTestId('header')).toBeVisible();
    await expect(page.getByTestId('header.entry.home')).toBeVisible();

    await page.unroute(chunk);
    await page.getByTestId('chunk-error.retry').click();
    await expect(page.getByTestId('game-centre.title')).toBeVisible({ timeout: 20_000 });
    await expect(error).toHaveCount(0);
  });
});
