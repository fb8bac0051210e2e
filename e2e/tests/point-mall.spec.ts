import AxeBuilder from '@axe-core/playwright';
import { loginByUsername, registerAccount, switchLanguage, trpc } from '../fixtures/accounts.ts';
import { depositApproved, headerBalance, loginFinance } from '../fixtures/money-deposit.ts';
import { memberToken } from '../fixtures/money-withdraw.ts';
import { gameTile, openFromTile } from '../fixtures/game-tiles.ts';
import { BENGALI } from '../fixtures/pages.ts';
import { expect, test } from '../fixtures/test.ts';

/**
 * docs/0113: a new member deposits ৳10,000 (10 points per ৳100: 1,000 points) and plays the slot
 * at ৳500 a spin until its points reach what a ৳50 recharge (2,000 points) and a conversion of 100
 * points need (a point per ৳1 of valid bet: a lost spin earns 500, so a few spins do it; bounded
 * well inside the money). On a phone in Bengali the points mall shows the points, converts 100
 * of them to ৳1 (the header's balance follows) and redeems the recharge with the withdraw password,
 * an address and a mobile; axe-clean at 360 px. The content operator marks that order shipped, then
 * delivered, and the member's redeem history in English shows it delivered.
 */
const SLOT = 'WLG_SLOT_BENGAL';
/** ৳20 a line, 25 lines: ৳500 a spin. */
const BET_PER_LINE = '2000';
const WITHDRAW_PASSWORD = 'Points5678';
const CONTENT = { username: 'demo_content', password: 'Content1234' } as const;

test('a member earns points from play, converts some to cash, redeems a good and sees the operator deliver it', async ({ home, page, request, operator }) => {
  const account = await registerAccount(request, 'pointmall');
  const setup = await memberToken(request, account);
  await trpc(request, 'mutation', 'security.setWithdrawPassword', { newPassword: WITHDRAW_PASSWORD, confirmNewPassword: WITHDRAW_PASSWORD }, setup);
  await home.open('/');
  await home.switchLanguage('en');
  await loginByUsername(page, account.username, account.password);
  await loginFinance(operator.page);
  await depositApproved(page, operator.page, 1_000_000);

  // The slot on a desktop window until the points are enough (each call credits what was earned since).
  await page.goto('/rng?vassalage=WLG');
  const game = await openFromTile(gameTile(page, SLOT));
  await game.getByTestId('slot.bet').selectOption(BET_PER_LINE);
  const token = (await page.evaluate(() => sessionStorage.getItem('token')))!;
  const points = async () => (await trpc<{ balance: number }>(request, 'mutation', 'points.reward', undefined, token)).balance;
  let spins = 0;
  while ((await points()) < 2_100) {
    await game.getByTestId('slot.spin').click();
    spins += 1;
    await expect(game.getByTestId('fair.nonce')).toHaveText(String(spins));
    expect(spins).toBeLessThan(30);
  }
  await game.close();

  // The mall on a phone, in Bengali.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/pointMall');
  await switchLanguage(page, 'bn');
  const balance = page.getByTestId('points.balance');
  await expect(balance).toHaveText(BENGALI);
  const before = Number(await balance.getAttribute('data-points'));
  expect(before).toBeGreaterThanOrEqual(2_100);
  const cashBefore = await headerBalance(page, 'bn');
  await page.getByTestId('points.convert.points').fill('100');
  await page.getByTestId('points.convert.submit').click();
  await expect(page.getByTestId('points.convert.done')).toHaveText(BENGALI);
  await expect(balance).toHaveAttribute('data-points', String(before - 100));
  await expect.poll(() => headerBalance(page, 'bn')).toBe(cashBefore + 100);

  // The cheapest good: the ৳50 recharge for 2,000 points.
  await page.getByTestId('points.goods.item').first().getByRole('link').click();
  const form = page.getByTestId('points.redeem');
  await form.getByTestId('points.redeem.address').fill('বাড়ি ১২, রোড ৪, ঢাকা');
  await form.getByTestId('points.redeem.mobile').fill('+8801712000001');
  await form.getByTestId('points.redeem.password').fill(WITHDRAW_PASSWORD);
  await form.getByTestId('points.redeem.submit').click();
  const done = page.getByTestId('points.redeem.done');
  await expect(done).toHaveText(BENGALI);
  const reference = (await done.getAttribute('data-reference'))!;
  await expect(balance).toHaveAttribute('data-points', String(before - 100 - 2_000));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);

  // The content operator ships, then delivers, this member's order.
  await operator.page.getByTestId('operator.logout').click();
  await operator.page.getByTestId('operator.username').fill(CONTENT.username);
  await operator.page.getByTestId('operator.password').fill(CONTENT.password);
  await operator.page.getByTestId('operator.submit').click();
  const order = operator.page.locator(`[data-testid="operator.points.order"][data-reference="${reference}"]`);
  await order.getByTestId(`operator.points.order.shipped.${reference}`).click();
  await expect(order).toHaveAttribute('data-status', 'shipped');
  await order.getByTestId(`operator.points.order.delivered.${reference}`).click();
  await expect(order).toHaveAttribute('data-status', 'delivered');

  // The member's redeem history, in English on a desktop window.
  await page.setViewportSize({ width: 1280, height: 800 });
  await switchLanguage(page, 'en');
  await page.getByTestId('points.tab.history').click();
  const mine = page.locator(`[data-testid="points.order"][data-reference="${reference}"]`);
  await expect(mine).toHaveAttribute('data-status', 'delivered');
  await expect(mine.getByTestId('points.order.status')).toHaveText('Delivered');
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
});
