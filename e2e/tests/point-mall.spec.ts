import { randomUUID } from 'node:crypto';
import { registerAccount, switchLanguage, trpc } from '../fixtures/accounts.ts';
import { axeOn } from '../fixtures/axe.ts';
import { headerBalance } from '../fixtures/money-deposit.ts';
import { memberToken, ownerToken } from '../fixtures/money-withdraw.ts';
import { gameTile, openFromTile } from '../fixtures/game-tiles.ts';
import { BENGALI, DEMO } from '../fixtures/pages.ts';
import { expect, test } from '../fixtures/test.ts';

/**
 * docs/0113, docs/0114: a new member's demo deposit of ৳10,000, approved by the operator (set up
 * through the procedures, the deposit page has journeys of its own), earns no points until it is
 * played through (docs/0128); the slot at ৳500 a spin on a desktop window until the play has earned
 * 600 points (a point per ৳1 of valid bet: each spin that does not end even). On a phone in Bengali the points mall
 * shows the points, converts 100 of them to ৳1 (the header's balance follows) and redeems the
 * cheapest good (500 points) with the withdraw password, an address and a mobile; axe-clean at
 * 360 px. The operator marks this member's order shipped, then delivered, in the console, and the
 * member's redeem history in English on a desktop window shows it delivered.
 */
const SLOT = 'WLG_SLOT_BENGAL';
/** ৳20 a line, 25 lines: ৳500 a spin. */
const BET_PER_LINE = '2000';
const WITHDRAW_PASSWORD = 'Points5678';

test('a member earns points from play, converts some to cash, redeems a good and sees the operator deliver it', async ({ home, page, request, operator }) => {
  const account = await registerAccount(request, 'pointmall');
  const token = await memberToken(request, account);
  await trpc(request, 'mutation', 'security.setWithdrawPassword', { newPassword: WITHDRAW_PASSWORD, confirmNewPassword: WITHDRAW_PASSWORD }, token);
  const channels = await trpc<{ channels: { id: number; code: string }[] }>(request, 'query', 'deposit.channels', undefined, token);
  const bkash = channels.channels.find((c) => c.code === 'bkash')!;
  const deposit = { channelId: bkash.id, amountMinor: 1_000_000, key: `pm-${randomUUID()}` };
  const order = await trpc<{ id: number }>(request, 'mutation', 'deposit.create', deposit, token);
  await trpc(request, 'mutation', 'operator.approveDeposit', { depositId: order.id }, await ownerToken(request));
  // The page signs in with that session.
  await page.addInitScript((t) => {
    if (sessionStorage.getItem('token') === null) sessionStorage.setItem('token', t);
  }, token);

  // The slot on a desktop window until the play has earned points (each call credits what was earned since).
  const points = async () => (await trpc<{ balance: number }>(request, 'mutation', 'points.reward', undefined, token)).balance;
  expect(await points()).toBe(0);
  await home.open('/rng?vassalage=WLG');
  await headerBalance(page, 'bn');
  const game = await openFromTile(gameTile(page, SLOT));
  await game.getByTestId('slot.bet').selectOption(BET_PER_LINE);
  let spins = 0;
  // Enough for a conversion of 100 and the cheapest good (500).
  while ((await points()) < 600) {
    await game.getByTestId('slot.spin').click();
    spins += 1;
    await expect(game.getByTestId('fair.nonce')).toHaveText(String(spins));
    expect(spins).toBeLessThan(30);
  }
  await game.close();

  // The mall on a phone, in Bengali (the default language).
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/pointMall');
  const balance = page.getByTestId('points.balance');
  await expect(balance).toHaveText(BENGALI);
  const before = Number(await balance.getAttribute('data-points'));
  expect(before).toBeGreaterThanOrEqual(600);
  const cashBefore = await headerBalance(page, 'bn');
  await page.getByTestId('points.convert.points').fill('100');
  await page.getByTestId('points.convert.submit').click();
  await expect(page.getByTestId('points.convert.done')).toHaveText(BENGALI);
  await expect(balance).toHaveAttribute('data-points', String(before - 100));
  await expect.poll(() => headerBalance(page, 'bn')).toBe(cashBefore + 100);

  // The cheapest good: the sticker pack for 500 points.
  await page.getByTestId('points.goods.item').first().getByRole('link').click();
  const form = page.getByTestId('points.redeem');
  await form.getByTestId('points.redeem.address').fill('বাড়ি ১২, রোড ৪, ঢাকা');
  await form.getByTestId('points.redeem.mobile').fill('+8801712000001');
  await form.getByTestId('points.redeem.password').fill(WITHDRAW_PASSWORD);
  await form.getByTestId('points.redeem.submit').click();
  const done = page.getByTestId('points.redeem.done');
  await expect(done).toHaveText(BENGALI);
  const reference = (await done.getAttribute('data-reference'))!;
  await expect(balance).toHaveAttribute('data-points', String(before - 100 - 500));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect((await axeOn(page).include('[data-testid="member.page"]').analyze()).violations.map((v) => v.id)).toEqual([]);

  // The operator ships, then delivers, this member's order.
  await operator.login(DEMO.operator.username, DEMO.operator.password);
  const row = operator.page.locator(`[data-testid="operator.points.order"][data-reference="${reference}"]`);
  await row.getByTestId(`operator.points.order.shipped.${reference}`).click();
  await expect(row).toHaveAttribute('data-status', 'shipped');
  await row.getByTestId(`operator.points.order.delivered.${reference}`).click();
  await expect(row).toHaveAttribute('data-status', 'delivered');

  // The member's redeem history, in English on a desktop window.
  await page.setViewportSize({ width: 1280, height: 800 });
  await switchLanguage(page, 'en');
  await page.getByTestId('points.tab.history').click();
  const mine = page.locator(`[data-testid="points.order"][data-reference="${reference}"]`);
  await expect(mine).toHaveAttribute('data-status', 'delivered');
  await expect(mine.getByTestId('points.order.status')).toHaveText('Delivered');
});
