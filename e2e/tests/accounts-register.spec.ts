import type { Page } from '@playwright/test';
import { ACCOUNTS, LANGUAGES, captchaOf, expectLocalized, freshMobile, freshUsername, nextMessage, outboxMark, smsCode, switchLanguage, type TLang } from '../fixtures/accounts.ts';
import { expect, test } from '../fixtures/test.ts';

// Each journey is long real work (two human checks, an SMS round trip through the outbox, an argon2
// registration and login): on a loaded machine it needs more than the suite's 45 s.
test.describe.configure({ timeout: 120_000 });

/** Sends the SMS code (human verification first) and fills it in. */
async function fillSmsCode(page: Page, request: Parameters<typeof outboxMark>[0], mobile: string) {
  const seen = await outboxMark(request, 'sms', mobile);
  await page.getByTestId('register.send-code').click();
  await page.getByTestId('register.captcha').fill(await captchaOf(page.getByTestId('register.captcha-image')));
  await page.getByTestId('register.captcha-submit').click();
  await expect(page.getByTestId('register.send-code')).toBeDisabled();
  const code = smsCode(await nextMessage(request, 'sms', mobile, seen));
  await page.getByTestId('register.field.verificationCode').fill(code);
}

/** Terms, age, human verification and the register call; the new member lands on / logged in. */
async function finish(page: Page, lang: TLang) {
  await page.getByTestId('register.submit').click();
  await expectLocalized(page.getByTestId('register.error.termsAccepted'), lang, 'Please accept the terms and conditions.');
  await expectLocalized(page.getByTestId('register.error.ageConfirmed'), lang, 'Please confirm that you are at least 18 years old.');
  await page.getByTestId('register.terms').check();
  await page.getByTestId('register.age').check();
  await page.getByTestId('register.submit').click();
  await page.getByTestId('register.captcha').fill(await captchaOf(page.getByTestId('register.captcha-image')));
  await page.getByTestId('register.captcha-submit').click();
  await expect(page.getByTestId('register.modal')).toBeHidden();
  await expect(page.getByTestId('header.member')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}

for (const lang of LANGUAGES) {
  test.describe(`registration (${lang})`, () => {
    test('registers on the mobile tab (the default) after a rule violation', async ({ home, page, request }) => {
      await home.open('/');
      await switchLanguage(page, lang);
      await page.getByTestId('header.register').click();
      await expect(page.getByTestId('register.tab.mobile')).toHaveAttribute('aria-selected', 'true');
      const mobile = freshMobile();
      await page.getByTestId('register.field.mobileNum').fill('12345');
      await expectLocalized(page.getByTestId('register.error.mobileNum'), lang, 'Exactly 10 digits.');
      await page.getByTestId('register.field.mobileNum').fill(mobile);
      await expect(page.getByTestId('register.error.mobileNum')).toHaveCount(0);
      await page.getByTestId('register.field.password').fill('Fresh1234');
      await page.getByTestId('register.field.confirmPassword').fill('Fresh12345');
      await expectLocalized(page.getByTestId('register.error.confirmPassword'), lang, 'The two entries do not match.');
      await page.getByTestId('register.field.confirmPassword').fill('Fresh1234');
      await page.getByTestId('register.country').selectOption(ACCOUNTS.dialingCode);
      await fillSmsCode(page, request, mobile);
      await finish(page, lang);
    });

    test('registers on the username tab after a rule violation', async ({ home, page, request }) => {
      await home.open('/');
      await switchLanguage(page, lang);
      await page.getByTestId('header.register').click();
      await page.getByTestId('register.tab.username').click();
      await page.getByTestId('register.field.username').fill('1bad');
      await expectLocalized(page.getByTestId('register.error.username'), lang, '6–12 letters and digits, starting with a letter.');
      await page.getByTestId('register.field.password').fill('short');
      await expectLocalized(page.getByTestId('register.error.password'), lang, '6–20 characters with both digits and letters.');
      const username = freshUsername(`r${lang}`);
      const mobile = freshMobile();
      await page.getByTestId('register.field.username').fill(username);
      await page.getByTestId('register.field.password').fill('Fresh1234');
      await page.getByTestId('register.field.confirmPassword').fill('Fresh1234');
      await page.getByTestId('register.field.mobileNum').fill(mobile);
      // An unknown invitation code is refused by the affiliate check.
      await page.getByTestId('register.field.affiliateCode').fill('NOSUCHCODE');
      await page.getByTestId('register.terms').check();
      await page.getByTestId('register.age').check();
      await fillSmsCode(page, request, mobile);
      await page.getByTestId('register.submit').click();
      await expectLocalized(page.getByTestId('register.error.affiliateCode'), lang, 'Invalid invitation code.');
      await page.getByTestId('register.field.affiliateCode').fill('');
      await page.getByTestId('register.terms').uncheck();
      await page.getByTestId('register.age').uncheck();
      await finish(page, lang);
      await expect(page.getByTestId('header.member')).toContainText(username);
    });
  });
}
