import { axeOn } from '../fixtures/axe.ts';
import type { Page } from '@playwright/test';
import { switchLanguage, trpc } from '../fixtures/accounts.ts';
import { headerBalance, taka } from '../fixtures/money-deposit.ts';
import { ownerToken } from '../fixtures/money-withdraw.ts';
import { BENGALI } from '../fixtures/pages.ts';
import { expect, test } from '../fixtures/test.ts';

// docs/0035: the built-in lottery takes real bets through the seamless wallet and settles them at its
// timed draw (a pg-boss job). The draw interval is set to its minimum (30 s) through the console's
// API for this journey and put back afterwards; the journey waits for the draw by polling, never by
// a fixed sleep. One draw serves both languages (CI budget): the bet in BN, the result and the
// verify view in EN after switching the game page's language. It plays on a funded account of its
// own (docs/0045), beside the other journeys; no other journey reads the draw interval it sets.
test.use({ memberSignedIn: 'demo_player2' });

const LOTTO = 'WLG_LOTTO_3D';
const DEFAULT_PAYOUTS = { exact3: 90_000, last2: 9_000, last1: 900, bigSmall: 195, oddEven: 195 };
const setDrawInterval = async (request: Parameters<typeof ownerToken>[0], intervalSeconds: number) =>
  trpc(
    request,
    'mutation',
    'operator.setLotterySettings',
    { gameCode: LOTTO, settings: { intervalSeconds, payouts: DEFAULT_PAYOUTS } },
    await ownerToken(request),
  );

test.beforeAll(async ({ request }) => {
  test.setTimeout(240_000);
  await setDrawInterval(request, 30);
  // A new interval applies from the next draw: one another journey opened before (a /lott visit, a
  // launch) keeps its 180 s window. Wait, by polling the public numero, until the open draw is one
  // of the 30 s draws, so the countdown and the settlement below see the short interval.
  await expect
    .poll(
      async () => {
        const numero = await trpc<{ serverTime: string; open: { closesAt: string } | null }>(request, 'query', 'games.lotteryNumero', { gameCode: LOTTO });
        return numero.open ? Date.parse(numero.open.closesAt) - Date.parse(numero.serverTime) : 0;
      },
      { timeout: 200_000, intervals: [1_000, 2_000] },
    )
    .toBeLessThanOrEqual(30_000);
});
test.afterAll(async ({ request }) => {
  await setDrawInterval(request, 180);
});

/** Nothing pans sideways at 360 px and axe finds nothing. */
async function fitsAndPassesAxe(game: Page) {
  expect(await game.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect((await axeOn(game).analyze()).violations).toEqual([]);
}

test('bet on the lottery in BN, see the draw settle it; the result, balance, betting record and verify view in EN', async ({ home, page }) => {
  // A bet may land just before a close: up to one 30 s draw, the settlement job's start and a poll.
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 360, height: 740 });
  await home.open('/lott');
  await switchLanguage(page, 'bn');
  const before = await headerBalance(page, 'bn');
  // docs/rules/games.md#g-1: the lottery card goes to /lottery?gameCode=…, which launches the game (lottoView betting).
  await page.getByTestId('game-centre.vendor.LOTT').click();
  await expect(page).toHaveURL(new RegExp(`/lottery\\?gameCode=${LOTTO}(&|$)`));
  const [game] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('lottery.open').click()]);
  let won = false;
  let after = before;
  try {
    await game.setViewportSize({ width: 360, height: 740 });
    expect(new URL(game.url()).pathname).toBe('/lottert');
    await expect(game.getByTestId('game.mode')).toHaveText('আসল টাকা');
    await expect(game.getByTestId('lottery.game')).toHaveAttribute('data-view', 'betting');
    await expect(game.getByTestId('lottery.countdown')).toHaveText(/^০০:[০-৫][০-৯]$/);
    await expect(game.getByTestId('lottery.hash')).toHaveText(/^[0-9a-f]{64}$/);

    await game.locator('label', { has: game.getByTestId('lottery.type.big') }).click();
    await game.getByTestId('lottery.stake').selectOption('1000');
    await expect(game.getByTestId('lottery.potential')).toContainText(taka(1950, 'bn'));
    // Bet with at least 10 s of the draw left: a click in its last moments on a busy machine can reach
    // the server after the close, which refuses it as a member would be (bet in the next draw).
    await expect(game.getByTestId('lottery.countdown')).toHaveText(/^০০:[১-৫][০-৯]$/);
    await game.getByTestId('lottery.place').click();
    const bet = game.getByTestId('lottery.bet').first();
    await expect(bet).toHaveAttribute('data-state', 'placed');
    await expect(bet.getByTestId('lottery.bet.fate')).toHaveText(BENGALI);
    await expect(game.getByTestId('game.balance')).toContainText(taka(before - 1000, 'bn'));
    const numero = (await bet.getAttribute('data-numero'))!;
    await game.getByTestId('lottery.paytable').locator('summary').click();
    await fitsAndPassesAxe(game);

    // The draw closes, its job settles it: the bet shows the result and what it paid.
    await expect(bet).toHaveAttribute('data-state', 'settled', { timeout: 100_000 });
    const result = (await bet.getAttribute('data-result'))!;
    expect(result).toMatch(/^[0-9]{3}$/);
    won = Number(result) >= 500;
    after = before - 1000 + (won ? 1950 : 0);
    await expect(game.getByTestId('game.balance')).toContainText(taka(after, 'bn'));

    await switchLanguage(game, 'en');
    await expect(game.getByTestId('game.mode')).toHaveText('Real money');
    await expect(bet.getByTestId('lottery.bet.fate')).toHaveText(won ? 'Won ৳19.50' : 'No win');

    // The lobby view: the draw with its result; its seed is revealed and recomputes in the browser.
    await game.getByTestId('lottery.view.lobby').click();
    const draw = game.locator(`[data-testid="lottery.draw"][data-numero="${numero}"]`);
    await draw.getByTestId('lottery.draw.verify').click();
    await expect(game.getByTestId('lottery.verify.serverSeed')).toHaveValue(/^[0-9a-f]{64}$/);
    await expect(game.getByTestId('lottery.verify.clientSeed')).toHaveValue(`${LOTTO}-${numero}`);
    await game.getByTestId('lottery.verify.run').click();
    await expect(game.getByTestId('lottery.verify.hash')).toHaveText('The server seed matches its hash.');
    await expect(game.getByTestId('lottery.verify.result')).toHaveText(result);
    await fitsAndPassesAxe(game);
  } finally {
    // One real-money game at a time (734): the next journey must find none open.
    await game.getByTestId('game.close').click();
    await expect(game.getByTestId('game.ended')).toBeVisible();
  }

  // Off the lottery route the header shows the new balance; the betting record the bet (and the
  // win when there is one), newest first.
  await page.goto('/member/personalHistoryCopy');
  await expect(page.getByTestId('header.balance')).toHaveText(taka(after, 'en'));
  const rows = page.getByTestId('records.row');
  await expect(rows.first()).toHaveAttribute('data-type', won ? 'win' : 'bet');
  if (won) await expect(rows.first()).toContainText(taka(1950, 'en'));
  await expect(rows.nth(won ? 1 : 0)).toContainText('-৳10.00');
});
