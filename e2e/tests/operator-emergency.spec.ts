import type { Page } from '@playwright/test';
import { axeOn } from '../fixtures/axe.ts';
import { loginByUsername, registerAccount } from '../fixtures/accounts.ts';
import { BENGALI } from '../fixtures/pages.ts';
import { expect, test } from '../fixtures/test.ts';

/**
 * docs/0122: the owner stops all gaming with a reason (BN, 360 px) and a member's open page (EN,
 * desktop) shows it live; the owner lifts it and the notice goes. Then support (EN, 360 px) looks
 * the member up and sees the contact data masked. An operator-* file: it runs in the serial phase,
 * since the stop is site-wide, and the stop is lifted whatever happens.
 */
test.use({ memberSignedIn: false, operatorSignedIn: true });

const SUPPORT = { username: 'demo_support', password: 'Support1234' };

/** Nothing pans sideways at `width` and axe finds nothing. */
async function checkPage(page: Page, width: number): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  expect((await axeOn(page).analyze()).violations).toEqual([]);
}

test('the owner stops gaming and an open member page shows it; lifted, it goes; support looks the member up masked', async ({
  home,
  operator,
  request,
  browser,
}) => {
  const member = await registerAccount(request, 'emg');
  // EN, desktop: the member's centre is open before the stop.
  await home.open('/');
  await home.switchLanguage('en');
  await loginByUsername(home.page, member.username, member.password);
  await home.page.goto('/member');
  await expect(home.page.getByTestId('member.page')).toBeVisible();
  await expect(home.page.getByTestId('member.emergency.gaming')).toHaveCount(0);

  // BN, 360 px: the owner stops all gaming with a reason.
  await operator.page.setViewportSize({ width: 360, height: 740 });
  await operator.open();
  const gaming = operator.page.getByTestId('operator.emergency.gaming');
  try {
    await expect(gaming.getByTestId('operator.emergency.gaming.toggle')).toHaveText(BENGALI);
    await gaming.getByTestId('operator.emergency.gaming.reason').fill('Game server compromised');
    await gaming.getByTestId('operator.emergency.gaming.toggle').click();
    await expect(gaming).toHaveAttribute('data-stopped', 'true');
    await expect(gaming).toContainText('Game server compromised');
    await checkPage(operator.page, 360);

    // The member's open page shows it, with no reload.
    await expect(home.page.getByTestId('member.emergency.gaming')).toHaveText(/Gaming is paused for maintenance/);
    await checkPage(home.page, 1280);
  } finally {
    const lift = operator.page.getByTestId('operator.emergency.gaming');
    if ((await lift.getAttribute('data-stopped')) === 'true') {
      await lift.getByTestId('operator.emergency.gaming.reason').fill('Servers patched');
      await lift.getByTestId('operator.emergency.gaming.toggle').click();
    }
    await expect(lift).toHaveAttribute('data-stopped', 'false');
  }
  await expect(home.page.getByTestId('member.emergency.gaming')).toHaveCount(0);

  // EN, 360 px: support finds the member by username; the mobile and e-mail are masked.
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  try {
    const support = await context.newPage();
    await support.addInitScript(() => localStorage.setItem('language', 'en'));
    await support.goto('/operator');
    await support.getByTestId('operator.username').fill(SUPPORT.username);
    await support.getByTestId('operator.password').fill(SUPPORT.password);
    await support.getByTestId('operator.submit').click();
    await expect(support.getByTestId('operator.emergency.gaming')).toHaveCount(0);
    await support.getByTestId('operator.lookup.q').fill(member.username);
    await support.getByTestId('operator.lookup.find').click();
    await expect(support.getByTestId('operator.lookup.username')).toContainText(member.username);
    await expect(support.getByTestId('operator.lookup.masked')).toHaveText('Contact details are masked for your role.');
    await expect(support.getByTestId('operator.lookup.mobile')).toContainText(member.mobile.slice(-3));
    await expect(support.getByTestId('operator.lookup.mobile')).not.toContainText(member.mobile);
    await expect(support.getByTestId('operator.lookup.email')).not.toContainText(member.email);
    await expect(support.getByTestId('operator.lookup.audit')).toContainText('demo_support');
    await checkPage(support, 360);
  } finally {
    await context.close();
  }
});
