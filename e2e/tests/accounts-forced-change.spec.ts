import { ACCOUNTS, expectLocalized, finishFirstLogin, logoutFromHeader, switchLanguage, walkedOnceIn } from '../fixtures/accounts.ts';
import { expect, test } from '../fixtures/test.ts';

/**
 * A member whose password is 123456 must change it (docs/rules/accounts.md#a-12). The language journeys check the forced
 * modal on demo_weak and leave without changing (which signs out again); the completing journey uses
 * demo_weak2, so no journey depends on another having run.
 */
for (const lang of walkedOnceIn('bn')) {
  test(`123456 opens the forced change-password modal; leaving it signs out (${lang})`, async ({ home, page }) => {
    await home.open('/');
    await switchLanguage(page, lang);
    await page.getByTestId('header.login').click();
    await page.getByTestId('login.username').fill(ACCOUNTS.weak.username);
    await page.getByTestId('login.password').fill(ACCOUNTS.weak.password);
    await page.getByTestId('login.submit').click();
    const modal = page.getByTestId('change-password.modal');
    await expect(modal).toBeVisible();
    await expect(modal.getByTestId('change-password.old')).toHaveCount(0);
    await modal.getByTestId('change-password.new').fill('abc');
    await modal.getByTestId('change-password.confirm').fill('abd');
    await modal.getByTestId('change-password.submit').click();
    await expectLocalized(modal.getByTestId('change-password.error.newPassword'), lang, '6–20 characters with both digits and letters.');
    await modal.getByTestId('change-password.new').fill('Better123');
    await modal.getByTestId('change-password.confirm').fill('Better124');
    await modal.getByTestId('change-password.submit').click();
    await expectLocalized(modal.getByTestId('change-password.error.confirmPassword'), lang, 'The two entries do not match.');
    await page.getByTestId('change-password.close').click();
    await expect(modal).toBeHidden();
    await expect(page.getByTestId('header.member')).toHaveCount(0);
    await expect(page.getByTestId('header.login')).toBeVisible();
  });
}

test('completes the forced change of 123456 and signs in with the new password', async ({ home, page }) => {
  await home.open('/');
  await switchLanguage(page, 'en');
  await page.getByTestId('header.login').click();
  await page.getByTestId('login.username').fill(ACCOUNTS.weak2.username);
  await page.getByTestId('login.password').fill(ACCOUNTS.weak2.password);
  await page.getByTestId('login.submit').click();
  const modal = page.getByTestId('change-password.modal');
  await modal.getByTestId('change-password.new').fill('Better123');
  await modal.getByTestId('change-password.confirm').fill('Better123');
  await modal.getByTestId('change-password.submit').click();
  await expect(modal).toBeHidden();
  await finishFirstLogin(page);
  await logoutFromHeader(page);
  await page.getByTestId('header.login').click();
  await page.getByTestId('login.username').fill(ACCOUNTS.weak2.username);
  await page.getByTestId('login.password').fill('Better123');
  await page.getByTestId('login.submit').click();
  await finishFirstLogin(page);
  await expect(page.getByTestId('change-password.modal')).toHaveCount(0);
});
