import { LANGUAGES, expectLocalized } from '../fixtures/accounts.ts';
import { expect, test, walkedIn } from '../fixtures/test.ts';
import { headerEntry } from '../fixtures/pages.ts';

// Signed in as the demo member once per run (fixtures/signed-in.ts): these journeys are about launching.
test.use({ memberSignedIn: true });

/**
 * docs/rules/games.md#g-1 vendor launch, from the header's category entries and their vendor drop-downs: a VASSALAGE
 * vendor opens its popup game list (rule 4), a category of one vendor launches it, a category of
 * several opens its category page, and an RNG vendor opens /rng with its vassalage. Each flow is
 * walked once, the flows alternating BN and EN (docs/0055).
 */
for (const lang of LANGUAGES) {
  test.describe(`vendor cards by the SPEC §4 rules (${lang})`, () => {
    test.beforeEach(async ({ home, page }) => {
      await home.open('/');
      if (lang === 'en') await home.switchLanguage('en');
      await expect(page.getByTestId('header.member')).toBeVisible();
    });

    walkedIn('bn', lang)('a VASSALAGE vendor card opens its popup game list (launch rule 4)', async ({ page }) => {
      await (await headerEntry(page, 'live')).hover();
      await page.getByTestId('header.vendor.VELVETLIVE').click();
      const popup = page.getByTestId('vendor-popup.modal');
      await expect(popup).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('vendor-popup.title')).toHaveText('Velvet Live');
      await expect(popup.getByTestId('game-tile').first()).toBeVisible({ timeout: 20_000 });
      await expect(page).toHaveURL(/\/$/);
      await page.getByTestId('vendor-popup.close').click();
      await expect(popup).toBeHidden();
    });

    walkedIn('en', lang)('a category with one vendor launches its game', async ({ page }) => {
      // ESPORTS has one vendor (IM Esports, a GAME card): choosing the category starts its game.
      const [game] = await Promise.all([page.waitForEvent('popup'), headerEntry(page, 'esports').then((entry) => entry.click())]);
      await expect(game.getByTestId('demo-game.mode')).toContainText('Real money · IMES', { timeout: 20_000 });
      await expect(page).toHaveURL(/\/$/);
    });

    walkedIn('bn', lang)('a category with several vendors opens its category page with every vendor', async ({ page }) => {
      // LIVE has several vendors: choosing the category itself launches nothing and lists them.
      await (await headerEntry(page, 'live')).click();
      await expect(page).toHaveURL(/\/live$/);
      const centre = page.getByTestId('game-centre.page');
      await expect(centre).toHaveAttribute('data-game-type', 'LIVE');
      await expectLocalized(page.getByTestId('game-centre.title'), lang, 'Live casino');
      await expect(page.getByTestId('game-centre.vendors.all')).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByTestId('game-centre.vendor.VELVETLIVE')).toBeVisible();
      await expect(centre.locator('[data-testid^="game-centre.vendor."]')).not.toHaveCount(1);
    });

    walkedIn('en', lang)('an RNG vendor opens /rng with its vassalage and its games', async ({ page }) => {
      await (await headerEntry(page, 'rng')).hover();
      await page.getByTestId('header.vendor.WLG').click();
      await expect(page).toHaveURL(/\/rng\?vassalage=WLG$/);
      await expect(page.getByTestId('game-centre.page')).toHaveAttribute('data-game-type', 'RNG');
      await expectLocalized(page.getByTestId('game-centre.title'), lang, 'Slots');
      await expect(page.getByTestId('game-centre.vendor.WLG')).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByTestId('game-tile').first()).toBeVisible({ timeout: 20_000 });
    });
  });
}
