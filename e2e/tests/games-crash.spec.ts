import { axeOn } from '../fixtures/axe.ts';
import { BENGALI_WITHOUT_ASCII_DIGITS, walkedOnceIn } from '../fixtures/accounts.ts';
import { minorOf, taka } from '../fixtures/money-deposit.ts';
import { playOnPhone } from '../fixtures/game-tiles.ts';
import { BENGALI } from '../fixtures/pages.ts';
import { expect, test } from '../fixtures/test.ts';

// docs/0039: the built-in crash game takes real bets through the seamless wallet; every player
// sees the same round (docs/0042). It plays on a funded account of its own (docs/0045), beside the
// other journeys. Signed in once per run (fixtures/signed-in.ts).
test.use({ memberSignedIn: 'demo_player3' });

const CRASH = 'WLG_CRASH_KITE';
const STAKE = 1000;
/** A round lasts the betting phase (6 s), a flight of at most a minute (×1000) and a 3 s pause. */
const ROUND_MS = 70_000;

for (const lang of walkedOnceIn('bn')) {
  test(`bet on the shared round, cash out in flight, see the balance and the betting record follow (${lang})`, async ({ home, page }) => {
    // A long flight of the round already under way may have to end first: the waits follow the round.
    test.setTimeout(3 * ROUND_MS);
    const opened = await playOnPhone(home, lang, CRASH);
    const { game } = opened;
    let { balance } = opened;
    await expect(game.getByTestId('game.title')).toHaveText(lang === 'en' ? 'Kite Flight' : 'ঘুড়ির উড়ান');
    await expect(game.getByTestId('game.balance')).toContainText(taka(balance, lang));
    await expect(game.getByTestId('crash.hash')).toHaveText(/^[0-9a-f]{64}$/);

    // Bet while bets are open, cash out as soon as the flight starts. About one round in twenty
    // crashes before a cash-out can reach the server: that round is lost and the next one is played.
    const mine = game.getByTestId('crash.mine');
    for (let round = 0; round < 4; round++) {
      await expect(game.getByTestId('crash.bet')).toBeEnabled({ timeout: ROUND_MS });
      await game.getByTestId('crash.bet').click();
      balance -= STAKE;
      await expect(game.getByTestId('game.balance')).toContainText(taka(balance, lang));
      await expect(game.getByTestId('crash.sky')).toHaveAttribute('data-phase', 'flying', { timeout: ROUND_MS });
      await expect(game.getByTestId('crash.phase')).toHaveText(lang === 'en' ? /^The kite is flying/ : BENGALI);
      await game
        .getByTestId('crash.cashout')
        .click({ timeout: 5_000 })
        .catch(() => undefined);
      await expect(mine).toHaveAttribute('data-state', /^(won|lost)$/, { timeout: ROUND_MS });
      if ((await mine.getAttribute('data-state')) === 'won') break;
    }
    await expect(mine).toHaveAttribute('data-state', 'won');
    await expect(mine).toHaveText(lang === 'en' ? /^You cashed out at ×1\.\d\d: ৳/ : BENGALI_WITHOUT_ASCII_DIGITS);
    // "… ×1.02: ৳10.20": the amount is what follows the taka sign.
    const payout = minorOf(((await mine.textContent()) ?? '').split('৳')[1] ?? '', lang);
    balance += payout;
    await expect(game.getByTestId('game.balance')).toContainText(taka(balance, lang));
    // Every page sees the round's bets under masked names, and the lobby's header follows the game window.
    await expect(game.getByTestId('crash.board.row').filter({ hasText: 'de***3' }).first()).toBeVisible();
    await expect(page.getByTestId('header.balance')).toHaveText(taka(balance, lang));

    // A crashed round's seed is revealed: the browser recomputes its crash point. Once per run (EN
    // runs second, when the history already holds rounds), so no journey waits for a long flight.
    if (lang === 'en') {
      await expect(game.getByTestId('crash.history.round').first()).toBeVisible({ timeout: ROUND_MS });
      // That round by its number: a round crashing meanwhile goes first in the history.
      const roundNo = await game.getByTestId('crash.history.round').first().getAttribute('data-round');
      const chosen = game.locator(`[data-testid="crash.history.round"][data-round="${roundNo}"]`);
      const point = (await chosen.textContent())!;
      await chosen.click();
      await game.getByTestId('crash.verify.run').click();
      await expect(game.getByTestId('crash.verify.hash')).toHaveText('The server seed matches its hash.');
      await expect(game.getByTestId('crash.verify.point')).toContainText(point);
    }

    // Nothing pans sideways at 360 px and axe finds nothing on the game page.
    expect(await game.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect((await axeOn(game).analyze()).violations).toEqual([]);
    await game.getByTestId('game.close').click();
    await expect(game.getByTestId('game.ended')).toBeVisible();

    // The betting record lists the bet and the win, newest first, under the built-in vendor.
    await page.goto('/member/personalHistoryCopy');
    const rows = page.getByTestId('records.row');
    await expect(rows.first()).toHaveAttribute('data-type', 'win');
    await expect(rows.first()).toContainText(`WLG${taka(payout, lang)}`);
    await expect(rows.nth(1)).toHaveAttribute('data-type', 'bet');
    await expect(rows.nth(1)).toContainText(`WLG-${taka(STAKE, lang)}`);
  });
}
