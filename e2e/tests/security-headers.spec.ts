import { freshUsername } from '../fixtures/accounts.ts';
import { expect, test } from '../fixtures/test.ts';

/** docs/0013: the real page runs under its strict Content-Security-Policy without a single violation. */
test('home, the login popup and its captcha run without CSP violations, under the security headers', async ({ home, page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) violations.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (/content security policy/i.test(error.message)) violations.push(error.message);
  });

  const document = await page.goto('/');
  const headers = document!.headers();
  // Scripts from the site itself, plus the inline theme script by its hash (docs/0022); never 'unsafe-inline'.
  expect(headers['content-security-policy']).toMatch(/(?:^|;)script-src 'self'(?: 'sha256-[A-Za-z0-9+/=]+')*;/);
  expect(/script-src [^;]*unsafe-inline/.test(headers['content-security-policy'] ?? '')).toBe(false);
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).toContain("img-src 'self' data:");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('camera=()');
  expect(headers['strict-transport-security']).toBeUndefined();
  await expect(page.getByTestId('header')).toBeVisible();
  // The theme script ran from its file before paint (an inline one would have been blocked).
  await expect(page.locator('html')).toHaveAttribute('data-theme', /^(dark|light)$/);
  await expect(home.tiles().first()).toBeVisible();

  // The login popup, then two failed logins bring the captcha (a data: image).
  await page.getByTestId('header.login').click();
  await page.getByTestId('login.username').fill(freshUsername('csp'));
  await page.getByTestId('login.password').fill('Wrong1234');
  await page.getByTestId('login.submit').click();
  await expect(page.getByTestId('login.error')).toBeVisible();
  await page.getByTestId('login.submit').click();
  const captcha = page.getByTestId('login.captcha-image');
  await expect(captcha).toBeVisible();
  await expect.poll(() => captcha.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

  expect(violations).toEqual([]);
});
