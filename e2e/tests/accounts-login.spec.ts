import {
  ACCOUNTS,
  LANGUAGES,
  expectLocalized,
  finishFirstLogin,
  logoutFromHeader,
  nextMessage,
  outboxMark,
  smsCode,
  switchLanguage,
} from '../fixtures/accounts.ts';
import { digitClass } from '../fixtures/money-deposit.ts';
import { DEMO } from '../fixtures/pages.ts';
import { expect, test, walkedIn } from '../fixtures/test.ts';

for (const lang of LANGUAGES) {
  test.describe(`login and logout (${lang})`, () => {
    walkedIn('en', lang)('logs in by username with remember me (username only), then logs out after confirming', async ({ home, page }) => {
      await home.open('/');
      await switchLanguage(page, lang);
      await page.getByTestId('header.login').click();
      await page.getByTestId('login.username').fill(` ${DEMO.member.username} `);
      await page.getByTestId('login.password').fill(DEMO.member.password);
      await page.getByTestId('login.remember').check();
      await page.getByTestId('login.submit').click();
      await finishFirstLogin(page);
      const remembered = await page.evaluate(() => localStorage.getItem('rememberedUsername'));
      expect(JSON.parse(remembered ?? '{}')).toMatchObject({ username: DEMO.member.username });
      const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage, cookie: document.cookie }));
      expect(stored).not.toContain(DEMO.member.password);

      // The session comes back on a new page load (httpOnly remember cookie, docs/rules/accounts.md#a-22 24 hours).
      await page.evaluate(() => sessionStorage.removeItem('token'));
      await page.reload();
      await expect(page.getByTestId('header.member')).toBeVisible();

      // Logout asks first: cancelling keeps the session.
      await page.getByTestId('header.avatar').click();
      await page.getByTestId('header.avatar.logout').click();
      await expectLocalized(page.getByTestId('dialog.confirm').locator('.dialog__text'), lang, 'Do you want to sign out?');
      await page.getByTestId('dialog.cancel').click();
      await expect(page.getByTestId('header.member')).toBeVisible();
      await logoutFromHeader(page);
      await expect(page).toHaveURL(/\/$/);
      // Logged out for good: a reload does not resume the session (the remember cookie is cleared).
      await page.reload();
      await expect(page.getByTestId('header.login')).toBeVisible();
      await page.getByTestId('header.login').click();
      await expect(page.getByTestId('login.username')).toHaveValue(DEMO.member.username);
    });

    walkedIn('bn', lang)('logs in by SMS code read from the outbox', async ({ home, page }) => {
      await home.open('/');
      await switchLanguage(page, lang);
      await page.getByTestId('header.login').click();
      await page.getByTestId('login.tab.sms').click();
      await page.getByTestId('login.submit').click();
      await expectLocalized(page.getByTestId('login.error.mobile'), lang, 'Please enter a valid phone number.');
      await page.getByTestId('login.country').selectOption(ACCOUNTS.dialingCode);
      await page.getByTestId('login.mobile').fill(ACCOUNTS.memberMobile);
      const seen = await outboxMark('sms', ACCOUNTS.memberMobile);
      await page.getByTestId('login.send-code').click();
      // The send button counts down while the code is valid.
      await expect(page.getByTestId('login.send-code')).toBeDisabled();
      await expect(page.getByTestId('login.send-code')).toHaveText(new RegExp(digitClass(lang)));
      const code = smsCode(await nextMessage('sms', ACCOUNTS.memberMobile, seen));
      await page.getByTestId('login.code').fill(code);
      await page.getByTestId('login.submit').click();
      await finishFirstLogin(page);
      // An SMS login never opens the forced password change.
      await expect(page.getByTestId('change-password.modal')).toHaveCount(0);
    });
  });
}
