import { axeOn } from '../fixtures/axe.ts';
import type { Page } from '@playwright/test';
import { captchaOf, freshMobile, freshUsername, switchLanguage, trpc } from '../fixtures/accounts.ts';
import { expect, test } from '../fixtures/test.ts';

// docs/0115: what a member registers with is kept and shown on its profile (reached from the
// header's avatar), the avatar is chosen from a list, and the site's language is saved on the
// server. Accounts of their own; no shared flag changes (the flag-on fields are proved by
// platform/src/profile/profile.test.ts).
test.use({ announcementsSeen: true });

/** Nothing pans sideways at the page's width, and axe finds nothing. */
async function checkPage(page: Page): Promise<void> {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  expect((await axeOn(page).analyze()).violations).toEqual([]);
}

/** The language the server keeps for the page's member, read through the profile call as the page does. */
async function savedLanguage(page: Page): Promise<string> {
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  const profile = await trpc<{ language: string }>(page.request, 'query', 'profile.get', undefined, token ?? undefined);
  return profile.language;
}

// One journey in both languages: BN on a phone first, then EN on a desktop.
test('registers with the optional fields, sees them on the profile (BN, 360 px), changes the avatar, switches to EN (desktop): the server keeps it', async ({
  home,
  page,
}) => {
  await home.open('/');
  await switchLanguage(page, 'bn');
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByTestId('header.register').click();
  await page.getByTestId('register.tab.username').click();
  const username = freshUsername('prof');
  await page.getByTestId('register.field.username').fill(username);
  await page.getByTestId('register.field.password').fill('Fresh1234');
  await page.getByTestId('register.field.confirmPassword').fill('Fresh1234');
  const mobile = freshMobile();
  await page.getByTestId('register.field.mobileNum').fill(mobile);
  // The seed's optional fields: the e-mail and the payee name.
  await page.getByTestId('register.field.email').fill(`${username}@example.test`);
  await page.getByTestId('register.field.payeeName').fill('Profile Tester');
  await page.getByTestId('register.terms').check();
  await page.getByTestId('register.age').check();
  await page.getByTestId('register.submit').click();
  await page.getByTestId('register.captcha').fill(await captchaOf(page.getByTestId('register.captcha-image')));
  await page.getByTestId('register.captcha-submit').click();
  await expect(page.getByTestId('register.modal')).toBeHidden();
  await expect(page.getByTestId('header.member')).toBeVisible();

  // The avatar change in the avatar menu leads to the profile.
  await page.getByTestId('header.avatar').click();
  await page.getByTestId('header.avatar-change').click();
  await expect(page).toHaveURL(/\/member\/profile$/);
  await expect(page.getByTestId('profile.username')).toHaveText(username);
  await expect(page.getByTestId('profile.email')).toHaveText(`${username.slice(0, 2)}***@example.test`);
  await expect(page.getByTestId('profile.holder')).toHaveText('P****** T*****');
  await expect(page.getByTestId('profile.mobile')).toHaveText(`+880 ${mobile.slice(0, 2)}*****${mobile.slice(-3)}`);
  await expect(page.getByTestId('profile.withdraw-password')).toHaveAttribute('data-set', 'false');
  await expect(page.getByTestId('profile.language')).toHaveAttribute('data-language', 'bn');
  await expect(page.getByTestId('profile.language')).toHaveText('বাংলা');
  await checkPage(page);

  // A design from the list: the profile and the header show the new picture, kept by the server.
  const before = await page.getByTestId('header.avatar').locator('img').getAttribute('src');
  await page.getByTestId('profile.avatar-choice.5').click();
  await expect(page.getByTestId('profile.avatar-saved')).toBeVisible();
  await expect(page.getByTestId('profile.avatar')).toHaveAttribute('data-icon', '5');
  await expect(page.getByTestId('profile.avatar-choice.5')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('header.avatar').locator('img')).not.toHaveAttribute('src', before!);
  await page.reload();
  await expect(page.getByTestId('profile.avatar')).toHaveAttribute('data-icon', '5');

  // The language switch is told to the server: the profile shown (the server's answer) follows,
  // and the profile call asked apart from the page answers it too.
  await page.setViewportSize({ width: 1280, height: 800 });
  await switchLanguage(page, 'en');
  await expect(page.getByTestId('profile.language')).toHaveAttribute('data-language', 'en');
  await expect(page.getByTestId('profile.language')).toHaveText('English');
  expect(await savedLanguage(page)).toBe('en');
  await checkPage(page);
});
