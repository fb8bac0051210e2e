import { axeOn } from '../fixtures/axe.ts';
import { loginByUsername, registerAccount, trpc } from '../fixtures/accounts.ts';
import { depositApproved, loginFinance } from '../fixtures/money-deposit.ts';
import { memberToken, openWithdrawPage, readyToWithdraw, WITHDRAW_PASSWORD } from '../fixtures/money-withdraw.ts';
import { BENGALI } from '../fixtures/pages.ts';
import { expect, test } from '../fixtures/test.ts';

/**
 * docs/0095: a withdrawal while a bonus runs is refused with a warning first, naming the bonus that
 * would be lost; declining leaves both as they were, confirming forfeits the bonus and makes the
 * withdrawal. A new member on a 360 px phone in Bengali: registration offered the sign-up bonus, the
 * member claims it on the promotions page and deposits ৳1,000 of cash; the withdraw password and
 * payout account are set through the procedures (not what this journey tests).
 */
test('a withdrawal with an active bonus warns, then forfeits the bonus', async ({ home, page, request, operator }) => {
  const account = await registerAccount(request, 'forfeit');
  await page.setViewportSize({ width: 360, height: 740 });
  await home.open('/');
  await home.switchLanguage('bn');
  await loginByUsername(page, account.username, account.password);
  await loginFinance(operator.page);
  await depositApproved(page, operator.page, 100_000);

  await page.goto('/promotions');
  await page.getByTestId('promotions.claim').click();
  await expect(page.locator('[data-testid="promotions.state"][data-state="in_process"]')).toHaveCount(1);
  await readyToWithdraw(request, { ...account, holderName: 'Forfeit Tester' });
  const token = await memberToken(request, account);
  const bonusStates = async () =>
    (await trpc<{ rows: { state: string }[] }>(request, 'query', 'bonus.list', { pageNo: 1, pageSize: 5 }, token)).rows.map((r) => r.state);
  expect(await bonusStates()).toEqual(['active']);

  await openWithdrawPage(page);
  await page.getByTestId('withdraw.amount').fill('500.00');
  await page.getByTestId('withdraw.password').fill(WITHDRAW_PASSWORD);
  await page.getByTestId('withdraw.submit').click();
  const warning = page.getByTestId('withdraw.forfeit');
  await expect(warning).toBeVisible();
  await expect(warning).toContainText(BENGALI);
  await expect(warning).toContainText('১০০.০০');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect((await axeOn(page).analyze()).violations.map((v) => v.id)).toEqual([]);

  // Declined: no withdrawal, the bonus still runs.
  await warning.getByTestId('withdraw.forfeit.no').click();
  await expect(warning).toBeHidden();
  await expect(page.getByTestId('withdraw.done')).toBeHidden();
  expect(await bonusStates()).toEqual(['active']);

  // Confirmed: the bonus is forfeited and the withdrawal made.
  await page.getByTestId('withdraw.submit').click();
  await warning.getByTestId('withdraw.forfeit.yes').click();
  await expect(page.getByTestId('withdraw.done')).toBeVisible();
  expect(await bonusStates()).toEqual(['forfeited']);
  await expect(page.getByTestId('withdraw.list').locator('li[data-status="pending"]')).toHaveCount(1);
});
