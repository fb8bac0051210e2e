import { axeOn } from '../fixtures/axe.ts';
import { loginByUsername, registerAccount, switchLanguage, trpc } from '../fixtures/accounts.ts';
import { depositApproved, headerBalance, loginFinance } from '../fixtures/money-deposit.ts';
import { gameTile, openFromTile } from '../fixtures/game-tiles.ts';
import { BENGALI } from '../fixtures/pages.ts';
import { expect, test } from '../fixtures/test.ts';

/**
 * docs/0095, docs/0096: a new member joins the first-deposit match, deposits ৳500 (matched: a ৳500
 * bonus, turnover 10 × (deposit + bonus) = ৳10,000), then deposits ৳10,000 of cash, and plays the
 * slot at ৳500 a spin until the bonus converts. Cash is staked first and every settled bet counts, so
 * the turnover is met before the money could run out (each bet's valid amount is at least what it
 * lost, and ৳11,000 is more than ৳10,000 and a spin): the loop ends by conversion, never by luck.
 * The play reaches VIP 1, whose upgrade bonus the VIP page pays once, and earns a rebate the header
 * prompts for until it is claimed. The bonus page then shows the bonus converted, in Bengali,
 * axe-clean at 360 px; the game on a desktop window.
 */
const SLOT = 'WLG_SLOT_BENGAL';
/** ৳20 a line, 25 lines: ৳500 a spin. */
const BET_PER_LINE = '2000';

test('a first-deposit bonus is wagered on the slot and converts to cash; the play pays a VIP upgrade once and a rebate', async ({
  home,
  page,
  request,
  operator,
}) => {
  const account = await registerAccount(request, 'bonusconv');
  await home.open('/');
  await home.switchLanguage('en');
  await loginByUsername(page, account.username, account.password);
  await page.goto('/promotions');
  const welcome = page.getByTestId('promotions.card').filter({ has: page.getByRole('link', { name: 'Welcome bonus', exact: true }) });
  await welcome.getByTestId('promotions.join').click();
  await expect(welcome.getByTestId('promotions.state')).toHaveAttribute('data-state', 'signed_up');

  await loginFinance(operator.page);
  await depositApproved(page, operator.page, 50_000);
  await depositApproved(page, operator.page, 1_000_000);
  await page.goto('/promotions');
  await expect(welcome.getByTestId('promotions.state')).toHaveAttribute('data-state', 'in_process');

  // The slot on a desktop window, ৳500 a spin, until the bonus page says converted.
  await page.goto('/rng?vassalage=WLG');
  const game = await openFromTile(gameTile(page, SLOT));
  await game.getByTestId('slot.bet').selectOption(BET_PER_LINE);
  const token = (await page.evaluate(() => sessionStorage.getItem('token')))!;
  const active = async () =>
    (await trpc<{ rows: { state: string }[] }>(request, 'query', 'bonus.list', { pageNo: 1, pageSize: 5 }, token)).rows.some((r) => r.state === 'active');
  let spins = 0;
  while (await active()) {
    await game.getByTestId('slot.spin').click();
    spins += 1;
    await expect(game.getByTestId('fair.nonce')).toHaveText(String(spins));
    // ৳11,000 of money and ৳10,000 to wager: it converts before the money could run out.
    expect(spins).toBeLessThan(200);
  }
  await game.close();

  // That play (about ৳10,000 of valid bets) and ৳10,500 of deposits reach VIP 1: the VIP page moves
  // the member up and pays its ৳50 upgrade bonus, once however often it is opened (docs/0091).
  await page.goto('/member/vip');
  await expect(page.getByTestId('vip.current')).toContainText('VIP 1');
  await page.reload();
  const afterUpgrade = await headerBalance(page, 'en');
  await page.goto('/member/vip');
  await expect(page.getByTestId('vip.current')).toContainText('VIP 1');
  await page.reload();
  expect(await headerBalance(page, 'en')).toBe(afterUpgrade);
  const day = { from: new Date(Date.now() - 86_400_000).toISOString(), to: new Date(Date.now() + 60_000).toISOString(), tzOffsetMinutes: 0 };
  const bonuses = await trpc<{ rows: { kind: string; amountMinor: number }[] }>(
    request,
    'query',
    'records.account',
    { ...day, type: 'bonus', pageNo: 1, pageSize: 50 },
    token,
  );
  expect(bonuses.rows.filter((r) => r.kind === 'vip_upgrade_bonus').map((r) => r.amountMinor)).toEqual([5_000]);

  // The bets earned a rebate: the header prompts for it until it is claimed (docs/0091).
  await expect(page.getByTestId('header.rebate')).toBeVisible();
  await page.getByTestId('header.rebate').click();
  await page.getByTestId('rebate.claim').click();
  await expect(page.getByTestId('rebate.done')).toBeVisible();
  await expect(page.getByTestId('header.rebate')).toHaveCount(0);

  // The bonus page on a phone, in Bengali: no active bonus, the welcome bonus converted.
  const bonusPage = page;
  await bonusPage.goto('/member/bonusDetails');
  await bonusPage.setViewportSize({ width: 360, height: 740 });
  await switchLanguage(bonusPage, 'bn');
  await expect(bonusPage.getByTestId('bonus.none')).toHaveText(BENGALI);
  const row = bonusPage.getByTestId('bonus.history.row').first();
  await expect(row).toHaveAttribute('data-state', 'converted');
  await expect(row.getByTestId('bonus.history.state')).toHaveText(BENGALI);
  expect(await bonusPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect((await axeOn(bonusPage).analyze()).violations.map((v) => v.id)).toEqual([]);
});
