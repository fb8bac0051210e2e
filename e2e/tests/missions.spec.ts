import { axeOn } from '../fixtures/axe.ts';
import { loginByUsername, registerAccount } from '../fixtures/accounts.ts';
import { BENGALI } from '../fixtures/pages.ts';
import { expect, test } from '../fixtures/test.ts';

/**
 * docs/0119: a newly registered member on a 360 px phone in Bengali finds the demo merchant's daily
 * "log in today" mission complete (the platform counted the login), claims it once and sees the cash
 * paid; on a desktop in English the mission reads claimed, the claim button is gone, and the
 * leaderboards show the member's rank. The account is the journey's own: nothing shared changes.
 */
test('a new member completes and claims a daily mission once', async ({ home, page, request }) => {
  const account = await registerAccount(request, 'missions');

  await page.setViewportSize({ width: 360, height: 740 });
  await home.open('/');
  await home.switchLanguage('bn');
  await loginByUsername(page, account.username, account.password);
  await page.goto('/member/missionLeaderboard');
  const daily = page.getByTestId('missions.item').filter({ hasText: 'আজ লগ ইন করুন' });
  await daily.getByTestId('missions.claim').click();
  const claimed = daily.getByTestId('missions.claimed');
  await expect(claimed).toContainText(BENGALI);
  await expect(claimed).toContainText('১০.০০');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect((await axeOn(page).analyze()).violations.map((v) => v.id)).toEqual([]);

  await page.setViewportSize({ width: 1280, height: 800 });
  await home.switchLanguage('en');
  await page.reload();
  const again = page.getByTestId('missions.item').filter({ hasText: 'Log in today' });
  await expect(again.getByTestId('missions.claimed')).toHaveText('Reward claimed for this period.');
  await expect(again.getByTestId('missions.claim')).toHaveCount(0);
  const points = page.getByTestId('leaderboards.board').filter({ hasText: 'Daily mission points' });
  await expect(points.getByTestId('leaderboards.mine')).toContainText('Your rank:');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  expect((await axeOn(page).analyze()).violations.map((v) => v.id)).toEqual([]);
});
