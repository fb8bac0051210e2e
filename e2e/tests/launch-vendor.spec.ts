import { expect, test } from '../fixtures/test.ts';

// Signed in as the demo member once per run (fixtures/signed-in.ts): these journeys are about launching.
test.use({ memberSignedIn: true });

test.describe('vendor cards by the SPEC §4 rules', () => {
  test.beforeEach(async ({ home, page }) => {
    await home.open('/');
    await expect(page.getByTestId('header.member')).toBeVisible();
  });

  test('a VASSALAGE vendor card opens its popup game list (launch rule 4)', async ({ page }) => {
    await page.getByTestId('header.entry.live').hover();
    await page.getByTestId('header.vendor.VELVETLIVE').click();
    const popup = page.getByTestId('vendor-popup.modal');
    await expect(popup).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('vendor-popup.title')).toHaveText('Velvet Live');
    await expect(popup.getByTestId('game-tile').first()).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(/\/$/);
    await page.getByTestId('vendor-popup.close').click();
    await expect(popup).toBeHidden();
  });

  test('a category with one vendor launches its game', async ({ page }) => {
    // ESPORTS has one vendor (IM Esports, a GAME card): choosing the category starts its game.
    const [game] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('header.entry.esports').click()]);
    // The game page speaks the site's language, BN here (the default; issue 11).
    await expect(game.locator('html')).toHaveAttribute('lang', 'bn', { timeout: 20_000 });
    await expect(game.getByTestId('demo-game.mode')).toHaveText('আসল টাকা · IMES');
    await expect(page).toHaveURL(/\/$/);
  });
});
