import { axeOn } from '../fixtures/axe.ts';
import type { Page } from '@playwright/test';
import { agentLogin, expectLocalized, switchLanguage, walkedOnceIn } from '../fixtures/accounts.ts';
import { countOf, digitClass, minorOf, taka } from '../fixtures/money-deposit.ts';
import { DEMO } from '../fixtures/pages.ts';
import { expect, test } from '../fixtures/test.ts';

// docs/0046: demo_agent logs in on /agent, reads its team overview, finds a downline of a sub-agent's
// branch and transfers to it; the downline's balance and the agent's go up and down by the amount.
// Each language moves money to its own seeded downline (docs/0046); nothing else moves demo_agent's
// money while the journeys run (the upline transfer journey runs later, in the shared-state project).
const DOWNLINE = { bn: 'team_a01', en: 'team_b01' } as const;

/** Nothing pans sideways at 360 px, and axe finds nothing. */
async function checkPage(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect((await axeOn(page).analyze()).violations).toEqual([]);
}

for (const lang of walkedOnceIn('bn')) {
  test(`an agent reads its team overview, finds a downline and transfers to it (${lang})`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/agent');
    await switchLanguage(page, lang);
    // demo_agent's first login may show the first-login step once (accounts-trial-agent.spec.ts too).
    await agentLogin(page, DEMO.agent);
    await expect(page).toHaveURL(/\/agentHome$/);

    // Team overview: the seeded team (three levels under demo_agent) with a week of play.
    await page.getByTestId('agent-home.nav.agentTeamOverview').click();
    await expect(page).toHaveURL(/\/agentHome\/agentTeamOverview$/);
    await expectLocalized(page.locator('.agent-content__title'), lang, 'Team overview');
    await expect(page.getByTestId('agent-overview.period.thisWeek')).toHaveAttribute('aria-pressed', 'true');
    await page.getByTestId('agent-overview.period.custom').click();
    await expect(page.getByTestId('agent-overview.team')).toHaveText(new RegExp(`^${digitClass(lang)}+$`));
    expect(countOf((await page.getByTestId('agent-overview.team').textContent()) ?? '', lang)).toBeGreaterThanOrEqual(19);
    await expect(page.getByTestId('agent-overview.bets')).not.toHaveText(taka(0, lang));
    await expect(page.getByTestId('agent-overview.bar')).toHaveCount(7);
    await checkPage(page);

    // Team management: search the downline, open it, transfer ৳12.34 to it.
    await page.getByTestId('agent-home.nav.downlineManagmentView').click();
    await expectLocalized(page.locator('.agent-content__title'), lang, 'Team management');
    await page.getByTestId('agent-downline.search').fill(DOWNLINE[lang]);
    await page.getByTestId('agent-downline.search-submit').click();
    const row = page.getByTestId('agent-downline.row');
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute('data-username', DOWNLINE[lang]);
    await row.getByTestId('agent-downline.open').click();
    const detailBalance = page.getByTestId('agent-downline.detail-balance');
    await expect(detailBalance).toHaveText(new RegExp(`${digitClass(lang)}\\.${digitClass(lang)}{2}$`));
    const downBefore = minorOf((await detailBalance.textContent())!, lang);
    const available = page.getByTestId('agent-downline.available');
    await expect(available).not.toContainText(taka(0, lang));
    const agentBefore = minorOf((await available.textContent())!, lang);
    await page.getByTestId('agent-downline.amount').fill('12.34');
    await page.getByTestId('agent-downline.submit').click();
    await expect(page.getByTestId('agent-downline.done')).toContainText(taka(1_234, lang));
    await expect(detailBalance).toHaveText(taka(downBefore + 1_234, lang));
    await expect(available).toContainText(taka(agentBefore - 1_234, lang));
    await expect(row.getByTestId('agent-downline.row-balance')).toHaveText(taka(downBefore + 1_234, lang));
    await expect(page.getByTestId('agent-downline.transfers').locator('li').first()).toContainText(taka(1_234, lang));
    // More than the agent has is refused with a translated message, and nothing moves.
    await page.getByTestId('agent-downline.amount').fill('99999999');
    await page.getByTestId('agent-downline.submit').click();
    await expectLocalized(page.getByTestId('agent-downline.amount-error'), lang, /balance/i);
    await expect(detailBalance).toHaveText(taka(downBefore + 1_234, lang));
    await checkPage(page);

    // Agents are members: the navigation's deposit entry opens the member's deposit page.
    await page.getByTestId('agent-home.nav.deposit').click();
    await expect(page.getByTestId('deposit.page')).toBeVisible();
  });
}
