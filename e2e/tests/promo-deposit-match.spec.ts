import { axeOn } from '../fixtures/axe.ts';
import { loginByUsername, registerAccount } from '../fixtures/accounts.ts';
import { loginFinance } from '../fixtures/money-deposit.ts';
import { expect, test } from '../fixtures/test.ts';

/**
 * docs/0096: a new member on a 360 px phone joins the first-deposit match on /promotions, sees on the
 * deposit page what the deposit will bring, deposits; the finance operator approves it in the
 * console; the welcome bonus then shows in process (its wagering is the bonus area's). A fresh
 * member, so no seeded account gets a bonus.
 */
test('a new member joins the welcome bonus, deposits, and the approval brings the bonus in process', async ({ home, page, request, operator }) => {
  const account = await registerAccount(request, 'promo');
  await page.setViewportSize({ width: 360, height: 740 });
  await home.open('/');
  await home.switchLanguage('en');
  await loginByUsername(page, account.username, account.password);

  await page.goto('/promotions');
  const welcome = page.getByTestId('promotions.card').filter({ has: page.getByRole('link', { name: 'Welcome bonus', exact: true }) });
  await expect(welcome.getByTestId('promotions.state')).toHaveAttribute('data-state', 'join');
  // The sign-up bonus registration offered waits to be claimed.
  await expect(page.locator('[data-testid="promotions.state"][data-state="claim"]')).toHaveCount(1);
  await welcome.getByTestId('promotions.join').click();
  await expect(welcome.getByTestId('promotions.state')).toHaveAttribute('data-state', 'signed_up');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const axe = await axeOn(page).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The deposit page says what the typed deposit brings: 100 % of ৳1,000.
  await page.goto('/member/depositv2');
  const form = page.getByTestId('deposit.page');
  await form.getByTestId('deposit.channel.bkash').click();
  await form.getByTestId('deposit.quick.100000').click();
  await expect(form.getByTestId('deposit.match')).toContainText('৳1,000.00');
  await form.getByTestId('deposit.submit').click();
  const reference = (await page.getByTestId('deposit.order').getByTestId('deposit.reference').textContent())!;

  await loginFinance(operator.page);
  const row = operator.page.locator(`[data-testid="operator.deposits.item"][data-reference="${reference}"]`);
  await row.getByTestId(`operator.deposits.approve.${reference}`).click();
  await expect(row).toHaveCount(0);

  await page.goto('/promotions');
  await expect(welcome.getByTestId('promotions.state')).toHaveAttribute('data-state', 'in_process');
  await expect(welcome.getByTestId('promotions.state')).toContainText('Bonus ৳1,000.00');
});
