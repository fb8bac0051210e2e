import { randomUUID } from 'node:crypto';
import { axeOn } from '../fixtures/axe.ts';
import { loginByUsername, registerAccount } from '../fixtures/accounts.ts';
import { loginFinance } from '../fixtures/money-deposit.ts';
import { BENGALI } from '../fixtures/pages.ts';
import { expect, test } from '../fixtures/test.ts';

/**
 * docs/0118: the finance operator creates a bonus code in the console; a new member on a 360 px
 * phone in Bengali redeems it on the reward centre, sees the bonus on the bonus page (English,
 * desktop), and a second redemption of the code is refused with its message. The code is the
 * journey's own: nothing shared changes.
 */
test('a member redeems a bonus code once, and sees the bonus', async ({ home, page, request, operator }) => {
  const code = `E2E${randomUUID().replaceAll('-', '').slice(0, 12).toUpperCase()}`;
  const account = await registerAccount(request, 'codes');

  await loginFinance(operator.page);
  const panel = operator.page.getByTestId('operator.reward-codes');
  await panel.getByTestId('operator.reward-codes.code').fill(code);
  await panel.getByTestId('operator.reward-codes.amount').fill('150');
  await panel.getByTestId('operator.reward-codes.submit').click();
  await expect(panel.locator(`[data-testid="operator.reward-codes.item"][data-code="${code}"]`)).toBeVisible();

  await page.setViewportSize({ width: 360, height: 740 });
  await home.open('/');
  await home.switchLanguage('bn');
  await loginByUsername(page, account.username, account.password);
  await page.goto('/member/rewardCenter');
  const card = page.getByTestId('codes.card');
  await card.getByTestId('codes.input').fill(code.toLowerCase());
  await card.getByTestId('codes.submit').click();
  const done = card.getByTestId('codes.done');
  await expect(done).toHaveAttribute('data-kind', 'bonus');
  await expect(done).toContainText(BENGALI);
  await expect(done).toContainText('১৫০.০০');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect((await axeOn(page).analyze()).violations.map((v) => v.id)).toEqual([]);

  await done.getByTestId('codes.bonus-link').click();
  await expect(page).toHaveURL(/\/member\/bonusDetails$/);
  await page.setViewportSize({ width: 1280, height: 800 });
  await home.switchLanguage('en');
  await expect(page.getByTestId('bonus.balance')).toContainText('150.00');
  await expect(page.getByTestId('bonus.active')).toBeVisible();
  expect((await axeOn(page).analyze()).violations.map((v) => v.id)).toEqual([]);

  await page.goto('/member/rewardCenter');
  await card.getByTestId('codes.input').fill(code);
  await card.getByTestId('codes.submit').click();
  await expect(card.getByTestId('codes.error')).toHaveText('You have already used this code.');
  await expect(card.getByTestId('codes.done')).toHaveCount(0);
});
