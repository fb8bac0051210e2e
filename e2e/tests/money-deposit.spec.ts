import { LANGUAGES, expectLocalized, switchLanguage } from '../fixtures/accounts.ts';
import { headerBalance, loginFinance, taka } from '../fixtures/money-deposit.ts';
import { BENGALI, DEMO } from '../fixtures/pages.ts';
import { expect, test, walkedIn } from '../fixtures/test.ts';

// docs/0028 journeys: a member deposits, the finance operator approves in the console and the
// header balance shows the money; the simulated channel settles by itself (its job on the platform).

for (const lang of LANGUAGES) {
  test.describe(`deposit (${lang})`, () => {
    walkedIn('bn', lang)('member orders a deposit, the operator approves it in the console, the header balance grows', async ({ home, page, operator }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await home.open('/');
      await switchLanguage(page, lang);
      await home.login(DEMO.member.username, DEMO.member.password);
      const before = await headerBalance(page, lang);

      // The header's deposit button opens the page.
      await page.getByTestId('header.deposit').click();
      await expect(page).toHaveURL(/\/member\/depositv2$/);
      const form = page.getByTestId('deposit.page');
      await page.getByTestId('deposit.channel.bkash').click();
      await expectLocalized(form.getByTestId('deposit.limits'), lang, 'Min ৳200.00 · Max ৳25,000.00');

      // Refused before sending: more than two decimals, below the channel's minimum.
      const amount = form.getByTestId('deposit.amount');
      await amount.fill('1.505');
      await form.getByTestId('deposit.submit').click();
      await expectLocalized(form.getByTestId('deposit.amount-error'), lang, 'Enter an amount such as 500 or 1,250.50');
      await amount.fill('150');
      await form.getByTestId('deposit.submit').click();
      await expectLocalized(form.getByTestId('deposit.amount-error'), lang, "The amount is below this channel's minimum of ৳200.00");

      // A quick amount, then the order: pending, with its reference.
      await form.getByTestId('deposit.quick.100000').click();
      await expect(amount).toHaveValue('1,000.00');
      await form.getByTestId('deposit.submit').click();
      const order = page.getByTestId('deposit.order');
      await expect(order.getByTestId('deposit.reference')).toHaveText(/^D[A-Z2-7]{16}$/);
      const reference = (await order.getByTestId('deposit.reference').textContent())!;
      await expect(order.getByTestId('deposit.status')).toHaveAttribute('data-status', 'pending');
      await expectLocalized(order.getByTestId('deposit.status'), lang, 'Pending');
      // At 360 px nothing of the deposit page or of the logged-in header reaches past the screen's edge.
      const widest = await page.evaluate(() =>
        Math.max(
          ...Array.from(document.querySelectorAll('header, header *, [data-testid="deposit.page"], [data-testid="deposit.page"] *')).map(
            (e) => e.getBoundingClientRect().right,
          ),
        ),
      );
      expect(widest).toBeLessThanOrEqual(360);

      // The finance operator finds it among the pending deposits and approves it.
      await loginFinance(operator.page);
      const row = operator.page.locator(`[data-testid="operator.deposits.item"][data-reference="${reference}"]`);
      await expect(row).toContainText(DEMO.member.username);
      await row.getByTestId(`operator.deposits.approve.${reference}`).click();
      await expect(row).toHaveCount(0);

      // The member's page sees the order approved; the header shows the new balance.
      await expect(order.getByTestId('deposit.status')).toHaveAttribute('data-status', 'approved');
      await expect(page.getByTestId('header.balance')).toHaveText(taka(before + 100_000, lang));
      await expect(page.locator(`[data-testid="deposit.recent.item"][data-reference="${reference}"]`)).toBeVisible();
    });

    walkedIn('en', lang)('the simulated channel settles by itself; a second approval is not offered', async ({ home, page, operator }) => {
      await home.open('/');
      await switchLanguage(page, lang);
      await home.login(DEMO.member.username, DEMO.member.password);
      const before = await headerBalance(page, lang);
      await page.goto('/member/depositv2');
      const form = page.getByTestId('deposit.page');
      await form.getByTestId('deposit.channel.demo_instant').click();
      await form.getByTestId('deposit.amount').fill('150.25');
      await form.getByTestId('deposit.submit').click();
      const order = page.getByTestId('deposit.order');
      await expect(order).toContainText(lang === 'en' ? 'settles by itself' : BENGALI);
      const reference = (await order.getByTestId('deposit.reference').textContent())!;
      // Nobody approves it: the platform's settle job does, after the channel's seconds.
      await expect(order.getByTestId('deposit.status')).toHaveAttribute('data-status', 'approved', { timeout: 60_000 });
      await expect(page.getByTestId('header.balance')).toHaveText(taka(before + 15_025, lang));
      await loginFinance(operator.page);
      await expect(operator.page.locator(`[data-testid="operator.deposits.item"][data-reference="${reference}"]`)).toHaveCount(0);
    });
  });
}

test('the finance operator adjusts a balance; above the four-eyes amount the owner approves it', async ({ operator, home, page }) => {
  await home.open('/');
  await home.login(DEMO.member.username, DEMO.member.password);
  const before = await headerBalance(page, 'bn');

  await loginFinance(operator.page);
  const panel = operator.page.getByTestId('operator.adjustments');
  await panel.getByTestId('operator.adjust.username').fill(DEMO.member.username);
  await panel.getByTestId('operator.adjust.amount').fill('20,000');
  await panel.getByTestId('operator.adjust.submit').click();
  await expect(panel.getByTestId('operator.adjust.error')).toBeVisible();
  await panel.getByTestId('operator.adjust.reason').fill('e2e: bonus correction');
  await panel.getByTestId('operator.adjust.submit').click();
  await expect(panel.getByTestId('operator.adjust.notice')).toBeVisible();
  const pendingRow = panel.getByTestId('operator.adjustments.pending').getByTestId('operator.adjustments.item').filter({ hasText: 'e2e: bonus correction' });
  await expect(pendingRow).toBeVisible();
  // The requester is not offered the decision.
  await expect(pendingRow.getByRole('button')).toHaveCount(0);

  // A second operator (the owner) decides it in the same console after the finance operator leaves.
  await operator.page.getByTestId('operator.logout').click();
  // The console is back at its login form once the session has ended (not before the logout call returned).
  await expect(operator.page.getByTestId('operator.username')).toBeVisible();
  await operator.login(DEMO.operator.username, DEMO.operator.password);
  const ownerRow = operator.page
    .getByTestId('operator.adjustments.pending')
    .getByTestId('operator.adjustments.item')
    .filter({ hasText: 'e2e: bonus correction' });
  const id = await ownerRow.getAttribute('data-id');
  await ownerRow.getByTestId(`operator.adjustments.approve.${id}`).click();
  await expect(ownerRow).toHaveCount(0);
  await expect(
    operator.page.getByTestId('operator.adjustments.recent').getByTestId('operator.adjustments.item').filter({ hasText: 'e2e: bonus correction' }),
  ).toBeVisible();

  await page.getByTestId('header.balance-refresh').click();
  await expect(page.getByTestId('header.balance')).toHaveText(taka(before + 2_000_000, 'bn'));
});
