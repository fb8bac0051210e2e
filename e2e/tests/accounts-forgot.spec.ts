import {
  LANGUAGES,
  expectLocalized,
  finishFirstLogin,
  loginByUsername,
  logoutFromHeader,
  nextMessage,
  outboxMark,
  registerAccount,
  resetLink,
  smsCode,
  switchLanguage,
} from '../fixtures/accounts.ts';
import { expect, test, walkedIn } from '../fixtures/test.ts';

for (const lang of LANGUAGES) {
  test.describe(`forgot password (${lang})`, () => {
    walkedIn('bn', lang)('by email: in_been_out, then the emailed link sets a new password', async ({ home, page, request }) => {
      const account = await registerAccount(request, `e${lang}`);
      await home.open('/');
      await switchLanguage(page, lang);
      await page.getByTestId('header.login').click();
      await page.getByTestId('login.forgot').click();
      const modal = page.getByTestId('forgot.modal');
      // CHNGPASSVERIF3 is on in the seed: the mobile tab is there and is the default.
      await expect(modal.getByTestId('forgot.tab.mobile')).toHaveAttribute('aria-selected', 'true');
      await modal.getByTestId('forgot.tab.email').click();
      await modal.getByTestId('forgot.username').fill(account.username);
      await modal.getByTestId('forgot.email').fill(account.email);
      const seen = await outboxMark('email', account.email);
      await modal.getByTestId('forgot.submit').click();
      await expectLocalized(modal.getByTestId('forgot.success'), lang, /reset link has been sent/);
      const link = resetLink(await nextMessage('email', account.email, seen));
      await page.getByTestId('forgot.close').click();

      await page.goto(link);
      await expect(page.getByTestId('reset.page')).toBeVisible();
      await page.getByTestId('reset.new-password').fill('Reset1234');
      await page.getByTestId('reset.confirm-password').fill('Reset12345');
      await page.getByTestId('reset.submit').click();
      await expectLocalized(page.getByTestId('reset.error.confirmPassword'), lang, 'The two entries do not match.');
      await page.getByTestId('reset.confirm-password').fill('Reset1234');
      await page.getByTestId('reset.submit').click();
      await expect(page.getByTestId('reset.success')).toBeVisible();
      // The link is single use.
      await page.goto(link);
      await page.getByTestId('reset.new-password').fill('Again1234');
      await page.getByTestId('reset.confirm-password').fill('Again1234');
      await page.getByTestId('reset.submit').click();
      await expectLocalized(page.getByTestId('reset.error'), lang, 'This reset link is not valid or has expired.');

      await home.open('/');
      await loginByUsername(page, account.username, 'Reset1234');
      await logoutFromHeader(page);
    });

    walkedIn('en', lang)('by mobile: SMS code, new password, logged in on /', async ({ home, page, request }) => {
      const account = await registerAccount(request, `m${lang}`);
      await home.open('/promotions');
      await switchLanguage(page, lang);
      await page.getByTestId('header.login').click();
      await page.getByTestId('login.forgot').click();
      const modal = page.getByTestId('forgot.modal');
      await modal.getByTestId('forgot.mobile').fill(account.mobile);
      const seen = await outboxMark('sms', account.mobile);
      await modal.getByTestId('forgot.send-code').click();
      await expect(modal.getByTestId('forgot.send-code')).toBeDisabled();
      const code = smsCode(await nextMessage('sms', account.mobile, seen));
      await modal.getByTestId('forgot.code').fill(code);
      await modal.getByTestId('forgot.new-password').fill('Mobile1234');
      await modal.getByTestId('forgot.confirm-password').fill('Mobile1234');
      await modal.getByTestId('forgot.submit').click();
      await expect(modal).toBeHidden();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByTestId('header.member')).toBeVisible();
      await logoutFromHeader(page);
      await loginByUsername(page, account.username, 'Mobile1234');
      await finishFirstLogin(page);
    });
  });
}
