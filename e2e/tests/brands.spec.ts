import { LANGUAGES, expectLocalized, switchLanguage } from '../fixtures/accounts.ts';
import { axeOn } from '../fixtures/axe.ts';
import { DEMO, finishFirstLogin } from '../fixtures/pages.ts';
import { expect, test } from '../fixtures/test.ts';

/**
 * Two brands on one site (docs/0131): the demo's second brand, "Shapla Play" (palette emerald), is
 * claimed by the host name `localhost`; the journeys' own address, 127.0.0.1, is the default brand.
 * A member of the second brand signs in there and is an unknown login on the first.
 */
const SECOND_BRAND = { name: 'Shapla Play', palette: 'emerald', member: 'demo2_member' } as const;

/** The journeys' site on another host name: the same server, the port of the project's baseURL. */
function onHost(host: string): string {
  const url = new URL(test.info().project.use.baseURL ?? '');
  url.hostname = host;
  return url.origin;
}

for (const lang of LANGUAGES) {
  test.describe(`two brands on one site (${lang})`, () => {
    // BN on a phone, EN on a desktop.
    if (lang === 'bn') test.use({ viewport: { width: 360, height: 740 } });

    test('the second host name shows the second brand; its member signs in there and not on the first', async ({ page }) => {
      await page.goto(`${onHost('localhost')}/`);
      await switchLanguage(page, lang);
      await expect(page.locator('html')).toHaveAttribute('data-brand', SECOND_BRAND.palette);
      await expect(page).toHaveTitle(SECOND_BRAND.name);
      await expect(page.getByTestId('header').getByRole('link', { name: SECOND_BRAND.name })).toBeVisible();
      // No sideways scroll on a phone, and nothing axe finds in the brand's colours.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect((await axeOn(page).analyze()).violations).toEqual([]);

      await page.getByTestId('header.login').click();
      await page.getByTestId('login.username').fill(SECOND_BRAND.member);
      await page.getByTestId('login.password').fill(DEMO.member.password);
      await page.getByTestId('login.submit').click();
      await finishFirstLogin(page);
      expect((await axeOn(page).analyze()).violations).toEqual([]);

      // The first brand, on the journeys' own address: its look, and no such member.
      await page.goto('/');
      await switchLanguage(page, lang);
      await expect(page.locator('html')).not.toHaveAttribute('data-brand', SECOND_BRAND.palette);
      await expect(page).not.toHaveTitle(SECOND_BRAND.name);
      await page.getByTestId('header.login').click();
      await page.getByTestId('login.username').fill(SECOND_BRAND.member);
      await page.getByTestId('login.password').fill(DEMO.member.password);
      await page.getByTestId('login.submit').click();
      await expectLocalized(page.getByTestId('login.error'), lang, 'Wrong username or password.');
      await expect(page.getByTestId('header.member')).toHaveCount(0);
    });
  });
}
