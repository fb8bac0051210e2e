import { axeOn } from '../fixtures/axe.ts';
import type { Page } from '@playwright/test';
import { BENGALI_WITHOUT_ASCII_DIGITS, loginByUsername, registerAccount } from '../fixtures/accounts.ts';
import { taka } from '../fixtures/money-deposit.ts';
import { expect, test } from '../fixtures/test.ts';

/**
 * docs/0102: a new member on a 360 px phone, in BN, is asked before its first deposit whether to set
 * a deposit limit and sets ৳100 over 24 hours; a ৳200 deposit is then refused naming that limit.
 * In EN, from the deposit page's link, it raises the limit to ৳1,000: the raise waits (pending),
 * the ৳100 stays in force. An account of its own, so no other journey sees its limits.
 */

/** Nothing pans sideways at 360 px, and axe finds nothing. */
async function checkPage(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect((await axeOn(page).analyze()).violations).toEqual([]);
}

test('a new member sets a deposit limit before the first deposit, hits it, and raises it: the raise waits', async ({ home, page, request }) => {
  const account = await registerAccount(request, 'rg');
  await page.setViewportSize({ width: 360, height: 740 });
  await home.open('/');
  await home.switchLanguage('bn');
  await loginByUsername(page, account.username, account.password);

  // BN: the footer (it loads when near) links the page; the deposit page asks before the first deposit.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(page.getByTestId('footer.entry.responsibleGaming')).toHaveText(BENGALI_WITHOUT_ASCII_DIGITS);
  await page.goto('/member/depositv2');
  const prompt = page.getByTestId('deposit.protection-prompt');
  await expect(prompt).toBeVisible();
  await checkPage(page);
  await prompt.getByTestId('deposit.protection-amount').fill('100');
  await prompt.getByTestId('deposit.protection-set').click();
  await expect(prompt).toBeHidden();
  await expect(page.getByTestId('protection.room')).toHaveText(BENGALI_WITHOUT_ASCII_DIGITS);

  // ৳200 on bKash (its minimum) goes over the ৳100 limit: refused, naming the 24-hour limit.
  const form = page.getByTestId('deposit.page');
  await form.getByTestId('deposit.channel.bkash').click();
  await form.getByTestId('deposit.amount').fill('200');
  await form.getByTestId('deposit.submit').click();
  await expect(form.getByTestId('deposit.amount-error')).toHaveText('এটি আপনার ২৪ ঘণ্টার জমার সীমা ছাড়িয়ে যায়');
  await expect(page.getByTestId('deposit.order')).toHaveCount(0);

  // EN: the same refusal in words, then the page of limits through the deposit page's link.
  await home.switchLanguage('en');
  await form.getByTestId('deposit.channel.bkash').click();
  await form.getByTestId('deposit.amount').fill('200');
  await form.getByTestId('deposit.submit').click();
  await expect(form.getByTestId('deposit.amount-error')).toHaveText('This goes over your 24-hour deposit limit');
  await expect(page.getByTestId('protection.room')).toHaveText('You can still deposit ৳100.00');
  await page.getByTestId('deposit.protection-link').click();
  await expect(page).toHaveURL(/\/member\/responsibleGaming$/);
  const limit = page.getByTestId('protection.limit.deposit_24h');
  await expect(limit.getByTestId('protection.value.deposit_24h')).toHaveText(taka(10_000, 'en'));
  await limit.getByTestId('protection.input.deposit_24h').fill('1000');
  await limit.getByTestId('protection.save.deposit_24h').click();
  await expect(limit.getByTestId('protection.saved.deposit_24h')).toHaveText('Saved: it waits for the delay and your confirmation');
  await expect(limit.getByTestId('protection.pending.deposit_24h')).toContainText('Waiting: ৳1,000.00, can be confirmed from');
  await expect(limit.getByTestId('protection.value.deposit_24h')).toHaveText(taka(10_000, 'en'));
  await expect(page.getByTestId('protection.history').locator('tbody tr')).toHaveCount(3);
  await checkPage(page);
});
