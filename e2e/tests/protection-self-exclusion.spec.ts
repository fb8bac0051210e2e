import { randomUUID } from 'node:crypto';
import { axeOn } from '../fixtures/axe.ts';
import type { Page } from '@playwright/test';
import { BENGALI_WITHOUT_ASCII_DIGITS, loginByUsername, registerAccount, trpc } from '../fixtures/accounts.ts';
import { gameTile } from '../fixtures/game-tiles.ts';
import { FINANCE } from '../fixtures/money-deposit.ts';
import { openWithdrawPage, readyToWithdraw, WITHDRAW_PASSWORD } from '../fixtures/money-withdraw.ts';
import { expect, test } from '../fixtures/test.ts';

/**
 * docs/0105: a member of its own (registered here, ৳500 deposited and approved) self-excludes for
 * 6 months on a 360 px phone in BN, after a confirmation step: it is signed out at once. Signing in
 * again opens only the restricted mode: the banner names the end; on the desktop in EN the deposit
 * page shows the banner and no form, a game refuses to launch, and the whole balance is withdrawn.
 */

const SLOT = 'WLG_SLOT_BENGAL';

/** Nothing pans sideways on a phone, and axe finds nothing. */
async function checkPage(page: Page, width: number): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  expect((await axeOn(page).analyze()).violations).toEqual([]);
}

test('a member self-excludes, is signed out, and signs in again to withdraw only', async ({ home, page, request }) => {
  const account = await registerAccount(request, 'sx');
  const { token, bankAccountId } = await readyToWithdraw(request, { ...account, holderName: 'Self Excluded' });
  expect(bankAccountId).toBeGreaterThan(0);
  const channels = await trpc<{ channels: { id: number; code: string }[] }>(request, 'query', 'deposit.channels', undefined, token);
  const bkash = channels.channels.find((c) => c.code === 'bkash')!;
  const order = await trpc<{ id: number }>(
    request,
    'mutation',
    'deposit.create',
    { channelId: bkash.id, amountMinor: 50_000, key: `sx-${randomUUID()}` },
    token,
  );
  const finance = (await trpc<{ token: string }>(request, 'mutation', 'operator.login', FINANCE)).token;
  await trpc(request, 'mutation', 'operator.approveDeposit', { depositId: order.id }, finance);

  // BN, phone: the choice, its confirmation step, and the sign-out.
  await page.setViewportSize({ width: 360, height: 740 });
  await home.open('/');
  await home.switchLanguage('bn');
  await loginByUsername(page, account.username, account.password);
  // docs/0104: the login tells the previous one (the registration's), in BN with Bengali digits.
  const lastLogin = page.getByTestId('last-login');
  await expect(lastLogin).toHaveText(/^শেষ লগইন: /);
  await expect(lastLogin).toHaveText(BENGALI_WITHOUT_ASCII_DIGITS);
  await checkPage(page, 360);
  await lastLogin.getByTestId('last-login.close').click();
  await expect(lastLogin).toHaveCount(0);
  await page.goto('/member/responsibleGaming');
  const section = page.getByTestId('protection.exclusion');
  await expect(section).toBeVisible();
  await section.getByText('স্ব-বর্জন', { exact: true }).click();
  await section.getByText('৬ মাস', { exact: true }).click();
  await section.getByTestId('protection.exclude.start').click();
  await expect(section.getByRole('alertdialog')).toHaveText(BENGALI_WITHOUT_ASCII_DIGITS);
  await checkPage(page, 360);
  await section.getByTestId('protection.exclude.confirm').click();
  await expect(page.getByTestId('header.login')).toBeVisible();
  // Home, not a reload of the member page: a visitor there gets the login popup by itself, and a
  // click on the header's login could meet it open.
  await page.goto('/');

  // Signed in again: restricted mode, the banner in BN with the end.
  await loginByUsername(page, account.username, account.password);
  await page.goto('/member/responsibleGaming');
  const banner = page.getByTestId('protection.restricted');
  await expect(banner).toBeVisible();
  await expect(banner).toHaveText(BENGALI_WITHOUT_ASCII_DIGITS);
  await expect(page.getByTestId('protection.exclude')).toHaveCount(0);
  await checkPage(page, 360);

  // EN, desktop: no deposit form, no game, but the withdrawal of the whole balance.
  await page.setViewportSize({ width: 1280, height: 800 });
  await home.switchLanguage('en');
  await page.goto('/member/depositv2');
  await expect(page.getByTestId('protection.restricted')).toContainText('Your account is self-excluded.');
  await expect(page.getByTestId('deposit.amount')).toHaveCount(0);
  await checkPage(page, 1280);

  await home.open('/rng?vassalage=WLG');
  const tile = gameTile(page, SLOT);
  await tile.hover();
  await tile.getByTestId('game-tile.play').click();
  const dialog = page.getByTestId('dialog.info');
  await expect(dialog).toContainText('Your account is closed for a break');
  await page.getByTestId('dialog.ok').click();

  await openWithdrawPage(page);
  await checkPage(page, 1280);
  await page.getByTestId('withdraw.amount').fill('500.00');
  await page.getByTestId('withdraw.password').fill(WITHDRAW_PASSWORD);
  await page.getByTestId('withdraw.submit').click();
  await expect(page.getByTestId('withdraw.done')).toBeVisible();
  await expect(page.getByTestId('withdraw.list').locator('li[data-status="pending"]')).toHaveCount(1);
  await checkPage(page, 1280);
});
