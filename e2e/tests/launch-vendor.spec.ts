import { DEMO } from '../fixtures/pages.ts';
import { expect, test } from '../fixtures/test.ts';

test.describe('vendor cards by the SPEC §4 rules', () => {
  test.beforeEach(async ({ home }) => {
    await home.open('/');
    await home.login(DEMO.member.username, DEMO.member.password);
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
    await expect(game.getByTestId('demo-game.mode')).toContainText('Real money · IMES', { timeout: 20_000 });
    await expect(page).toHaveURL(/\/$/);
  });
});
