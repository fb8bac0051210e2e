import { DEMO } from '../fixtures/pages.ts';
import { expect, test } from '../fixtures/test.ts';

test.use({ announcementsSeen: false });

test.describe('announcement popup', () => {
  test('shows once per session for visitors, and again for the member after login', async ({ home, page }) => {
    await page.goto('/');
    const popup = page.getByTestId('popup.announcement');
    await expect(popup).toBeVisible();
    await page.getByTestId('popup.close').click();
    await expect(popup).toBeHidden();

    // Closed for this session: a reload does not bring it back.
    await page.reload();
    await expect(page.getByTestId('home.marquee.item').first()).toBeVisible();
    await expect(page.getByTestId('header.login')).toBeVisible();
    await expect(popup).toHaveCount(0);

    // Users are keyed separately from visitors: the member's popup (execution A) shows after login.
    await home.login(DEMO.member.username, DEMO.member.password);
    await expect(popup).toBeVisible();
    await page.getByTestId('popup.close').click();
    await expect(popup).toBeHidden();
  });
});
