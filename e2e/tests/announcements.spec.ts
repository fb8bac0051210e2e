import { axeOn } from '../fixtures/axe.ts';
import type { Page } from '@playwright/test';
import { agentLogin, registerAccount, switchLanguage } from '../fixtures/accounts.ts';
import { BENGALI, DEMO } from '../fixtures/pages.ts';
import { expect, test } from '../fixtures/test.ts';

/**
 * docs/0112 (docs/rules/content.md#c-15): a fresh member pages through the announcements on a 360 px
 * phone in BN (nine a page, the numbered pager), and demo_agent opens the agent centre's
 * announcements (with those for agents only) and its deposit entry on a desktop in EN. Read-only
 * for the seeded accounts (the agent only reads), so it runs beside the other journeys.
 */

async function expectNoAxeViolations(page: Page, route: string) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const result = await axeOn(page).analyze();
  expect(result.violations.map((v) => `${route} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('a member pages through the announcements on a 360 px phone (BN)', async ({ home, page, request }) => {
  const account = await registerAccount(request, 'ann');
  await page.setViewportSize({ width: 360, height: 740 });
  await home.open('/');
  await switchLanguage(page, 'bn');
  await home.login(account.username, account.password);
  await page.goto('/member/announcements');

  const rows = page.getByTestId('announcements.row');
  await expect(rows).toHaveCount(9);
  await expect(rows.first().getByTestId('announcements.name')).toHaveText(BENGALI);
  await expect(page.getByTestId('member.nav.announcements')).toHaveText(BENGALI);
  const current = page.getByTestId('announcements.page.1');
  await expect(current).toHaveAttribute('aria-current', 'page');
  await expect(current).toHaveText('১');
  await expectNoAxeViolations(page, '/member/announcements');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // Page two holds the last three; previous returns to the first nine.
  const firstTitle = await rows.first().getByTestId('announcements.name').textContent();
  await page.getByTestId('announcements.page.2').click();
  await expect(page.getByTestId('announcements.rows')).toHaveAttribute('data-page', '2');
  await expect(rows).toHaveCount(3);
  await expect(page.getByTestId('announcements.page.2')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('announcements.next')).toBeDisabled();
  await page.getByTestId('announcements.prev').click();
  await expect(rows).toHaveCount(9);
  await expect(rows.first().getByTestId('announcements.name')).toHaveText(firstTitle ?? '');
});

test('an agent opens the agent centre announcements and its deposit entry on a desktop (EN)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/agent');
  await switchLanguage(page, 'en');
  await agentLogin(page, DEMO.agent);

  await page.getByTestId('agent-home.nav.agentAnnouncement').click();
  await expect(page).toHaveURL(/\/agentHome\/agentAnnouncement$/);
  const list = page.getByTestId('agent-announcements');
  await expect(list.getByRole('heading', { level: 1 })).toHaveText('Announcements');
  await expect(page.getByTestId('agent-announcements.row')).toHaveCount(9);
  await expect(page.getByTestId('agent-announcements.agents-only')).toHaveCount(2);
  await expect(page.getByTestId('agent-announcements.agents-only').first()).toHaveText('For agents');
  await expectNoAxeViolations(page, '/agentHome/agentAnnouncement');
  await page.getByTestId('agent-announcements.next').click();
  await expect(page.getByTestId('agent-announcements.row')).toHaveCount(5);

  // Agents are members: the navigation's deposit entry opens the member's deposit page.
  await page.getByTestId('agent-home.nav.deposit').click();
  await expect(page).toHaveURL(/\/member\/depositv2$/);
  await expect(page.getByTestId('deposit.page')).toBeVisible();
  await expectNoAxeViolations(page, '/member/depositv2');
});
