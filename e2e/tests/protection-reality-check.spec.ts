import { axeOn } from '../fixtures/axe.ts';
import type { Page } from '@playwright/test';
import { BENGALI_WITHOUT_ASCII_DIGITS, loginByUsername } from '../fixtures/accounts.ts';
import { gameTile, openFromTile } from '../fixtures/game-tiles.ts';
import { DEMO } from '../fixtures/pages.ts';
import { setProtectionClock } from '../fixtures/protection-clock.ts';
import { expect, test } from '../fixtures/test.ts';

/**
 * docs/0104: demo_player4 (a funded player of its own, docs/0045) sets a 15-minute reality check on
 * the responsible gaming page (BN, 360 px) and spins the slot. Protection time then moves 16 minutes
 * on (the e2e server's protection clock seam): the next spin is refused and the reality check's
 * dialog interrupts it, with the session's time, stakes and net; "continue" acknowledges it and play
 * goes on. Again in EN on a desktop window.
 */
test.use({ memberSignedIn: false });

const SLOT = 'WLG_SLOT_BENGAL';
const PLAYER = DEMO.players.usernames[3];

/** Nothing pans sideways (at 360 px), and axe finds nothing. */
async function checkPage(page: Page, width: number): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  expect((await axeOn(page).analyze()).violations).toEqual([]);
}

test('a reality check interrupts the slot when due, is acknowledged, and play goes on (BN phone, EN desktop)', async ({ home, page }) => {
  setProtectionClock(0);
  try {
    await page.setViewportSize({ width: 360, height: 740 });
    await home.open('/');
    await home.switchLanguage('bn');
    await loginByUsername(page, PLAYER, DEMO.players.password);

    await page.goto('/member/responsibleGaming');
    const section = page.getByTestId('protection.reality');
    await expect(section).toHaveText(BENGALI_WITHOUT_ASCII_DIGITS);
    await section.getByTestId('protection.reality.interval').selectOption('15');
    await section.getByTestId('protection.reality.save').click();
    await expect(section.getByTestId('protection.reality.saved')).toBeVisible();
    await checkPage(page, 360);

    await home.open('/rng?vassalage=WLG');
    const game = await openFromTile(gameTile(page, SLOT));
    await game.setViewportSize({ width: 360, height: 740 });
    await expect(game.getByTestId('play.session')).toHaveText(BENGALI_WITHOUT_ASCII_DIGITS);
    await game.getByTestId('slot.spin').click();
    await expect(game.getByTestId('fair.nonce')).toHaveText('1');

    // 16 minutes on: the next spin is refused, the dialog shows the session.
    setProtectionClock(16);
    // The page reads the session every minute and may show the due check before the spin does:
    // the click is dispatched either way, so exactly one round is tried (and refused) in both orders.
    await game.getByTestId('slot.spin').dispatchEvent('click');
    const dialog = game.getByTestId('play.reality');
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveText(BENGALI_WITHOUT_ASCII_DIGITS);
    await expect(dialog.getByTestId('play.reality.staked')).toHaveText(BENGALI_WITHOUT_ASCII_DIGITS);
    await checkPage(game, 360);
    await dialog.getByTestId('play.reality.continue').click();
    await expect(dialog).toBeHidden();
    // The refused spin was drawn (nonce 2) and took no stake; this one plays.
    await game.getByTestId('slot.spin').click();
    await expect(game.getByTestId('fair.nonce')).toHaveText('3');

    // EN on a desktop window: another interval on, the same again.
    await game.setViewportSize({ width: 1280, height: 800 });
    await game.getByTestId('language.en').click();
    await expect(game.locator('html')).toHaveAttribute('lang', 'en');
    setProtectionClock(32);
    await game.getByTestId('slot.spin').dispatchEvent('click');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading')).toHaveText('Reality check');
    await expect(dialog).toContainText(/You have been playing for \d+ minutes\./);
    await checkPage(game, 1280);
    await dialog.getByTestId('play.reality.continue').click();
    await expect(dialog).toBeHidden();
    await game.getByTestId('slot.spin').click();
    await expect(game.getByTestId('fair.nonce')).toHaveText('5');
    // The game ends here: operator-compliance.spec.ts plays demo_player4 later in the run, and a game
    // left open would make its launch ask to close this one first.
    await game.getByTestId('game.close').click();
    await expect(game.getByTestId('game.ended')).toBeVisible();
  } finally {
    setProtectionClock(0);
  }
});
