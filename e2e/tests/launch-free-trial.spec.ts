import { expect, test } from '../fixtures/test.ts';

test.describe('free trial (SPEC §6: visitors may start a free-trial game)', () => {
  test('a visitor starts a free-trial game from a tile without logging in', async ({ home, page }) => {
    await home.open('/');
    const tile = page.getByTestId('home.row.RNG').locator('[data-testid="game-tile"]:has([data-testid="game-tile.trial"])').first();
    await tile.hover();
    const [game] = await Promise.all([page.waitForEvent('popup'), tile.getByTestId('game-tile.trial').click()]);
    // BN, the site's default (docs/0054).
    await expect(game.getByTestId('demo-game.mode')).toContainText('ফ্রি খেলা', { timeout: 20_000 });
    await expect(page.getByTestId('login.modal')).toHaveCount(0);
    await expect(page.getByTestId('header.login')).toBeVisible();
  });

  test('Play now still asks a visitor to log in', async ({ home, page }) => {
    await home.open('/');
    const tile = page.getByTestId('home.row.RNG').getByTestId('game-tile').first();
    await tile.hover();
    await tile.getByTestId('game-tile.play').click();
    await expect(page.getByTestId('login.modal')).toBeVisible();
  });
});
