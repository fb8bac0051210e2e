import { captchaOf, expectLocalized, freshUsername, switchLanguage, walkedOnceIn } from '../fixtures/accounts.ts';
import { expect, test } from '../fixtures/test.ts';

for (const lang of walkedOnceIn('en')) {
  test(`a captcha appears after failed logins and refreshes at most once a second (${lang})`, async ({ home, page }) => {
    await home.open('/');
    await switchLanguage(page, lang);
    // Unknown and known usernames get the same answers, so a fresh name leaves the demo accounts alone.
    const username = freshUsername(`c${lang}`);
    await page.getByTestId('header.login').click();
    await page.getByTestId('login.username').fill(username);
    await page.getByTestId('login.password').fill('Wrong1234');
    await page.getByTestId('login.submit').click();
    await expectLocalized(page.getByTestId('login.error'), lang, 'Wrong username or password.');
    await expect(page.getByTestId('login.captcha')).toHaveCount(0);
    await page.getByTestId('login.submit').click();
    const image = page.getByTestId('login.captcha-image');
    await expect(image).toBeVisible();
    await expect(page.getByTestId('login.error')).toBeVisible();

    // A captcha is now required: an empty one is refused before any call.
    await page.getByTestId('login.submit').click();
    await expectLocalized(page.getByTestId('login.error.captcha'), lang, 'This field must not be empty.');

    // The refresh control is held for a second after each new picture, then gives a new one.
    const first = await image.getAttribute('src');
    await expect(page.getByTestId('login.captcha-refresh')).toBeEnabled();
    await page.getByTestId('login.captcha-refresh').click();
    await expect(page.getByTestId('login.captcha-refresh')).toBeDisabled();
    await expect(image).not.toHaveAttribute('src', first ?? '');
    await expect(page.getByTestId('login.captcha-refresh')).toBeEnabled();

    // A right captcha with a wrong password still fails, with the server's message.
    await page.getByTestId('login.captcha').fill(await captchaOf(image));
    await page.getByTestId('login.submit').click();
    await expect(page.getByTestId('login.error')).toBeVisible();
    await expect(page.getByTestId('header.member')).toHaveCount(0);
  });
}
