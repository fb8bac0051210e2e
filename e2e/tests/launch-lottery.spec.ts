import { LANGUAGES, expectLocalized, loginByUsername, registerAccount } from '../fixtures/accounts.ts';
import { expect, test, walkedIn } from '../fixtures/test.ts';

// Each flow is walked once, in BN or in EN (docs/0055).
for (const lang of LANGUAGES)
  test.describe(`lottery launch (SPEC §3 lottery launch fields, §4 rule 3) (${lang})`, () => {
    walkedIn('bn', lang)('a member chooses a lottery card and the lottery route opens its game, not "not found"', async ({ home, page, request }) => {
      // An account of its own: the demo member's games are launched by other journeys at the same time.
      const account = await registerAccount(request, 'lotto');
      await home.open('/lott');
      await loginByUsername(page, account.username, account.password);
      await page.getByTestId('game-centre.vendor.TCG_LOTTO_VN').click();
      await expect(page).toHaveURL(/\/vnLottery\?gameCode=tcg_lotto_vn_1$/);
      await expect(page.getByTestId('lottery.page')).toBeVisible();
      // The shell stays around the lottery route.
      await expect(page.getByTestId('header.member')).toBeVisible();
      const open = page.getByTestId('lottery.open');
      await expect(open).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('lottery.error')).toHaveCount(0);

      const [game] = await Promise.all([page.waitForEvent('popup'), open.click()]);
      await expect(game.getByTestId('demo-game.title')).toBeVisible({ timeout: 20_000 });
      // In the site's language, BN here (the default; docs/0054); codes as they are.
      await expect(game.locator('html')).toHaveAttribute('lang', 'bn');
      await expect(game.getByTestId('demo-game.mode')).toHaveText('আসল টাকা · TCG_LOTTO_VN');
      // The seeded ELOTT category holds no VN or LOTT card, so the prize mode is LOTT (docs/rules/games.md#g-3).
      await expect(game.getByTestId('demo-game.lottery')).toHaveText('পুরস্কার মোড LOTT · বাজি');
      await expect(game.getByTestId('demo-game.back')).toHaveAttribute('href', '/lott');
      await expect(game.getByTestId('demo-game.back')).toHaveText('ফিরে যান');
      await game.close();

      // In EN the same launch reads in English: the page opened again in EN launches once, in EN.
      await home.switchLanguage('en');
      await page.reload();
      await expect(open).toHaveAttribute('href', /[?&]language=en(&|$)/, { timeout: 20_000 });
      const [enGame] = await Promise.all([page.waitForEvent('popup'), open.click()]);
      await expect(enGame.locator('html')).toHaveAttribute('lang', 'en', { timeout: 20_000 });
      await expect(enGame.getByTestId('demo-game.mode')).toHaveText('Real money · TCG_LOTTO_VN');
      await expect(enGame.getByTestId('demo-game.lottery')).toHaveText('Prize mode LOTT · betting');
      await expect(enGame.getByTestId('demo-game.back')).toHaveText('Back');
    });

    walkedIn('en', lang)('a visitor on a lottery route is sent to /login', async ({ home, page }) => {
      await home.open('/');
      await home.switchLanguage('en');
      await page.goto('/seaLottery?gameCode=tcg_sea_1');
      await expect(page).toHaveURL(/\/login$/);
      const modal = page.getByTestId('login.modal');
      await expect(modal).toBeVisible({ timeout: 20_000 });
      await expectLocalized(modal.getByTestId('login.submit'), lang, /^Log ?in$/i);
    });
  });
