import { axeOn } from '../fixtures/axe.ts';
import type { Browser, Page } from '@playwright/test';
import { agentLogin, freshUsername, switchLanguage, type TLang } from '../fixtures/accounts.ts';
import { digitClass, minorOf, taka } from '../fixtures/money-deposit.ts';
import { gameTile, openFromTile } from '../fixtures/game-tiles.ts';
import { BENGALI, DEMO } from '../fixtures/pages.ts';
import { ANNOUNCEMENT_SEEN_KEYS, expect, test } from '../fixtures/test.ts';

// docs/0051–4 (docs/0049), one journey: demo_agent2 (a top agent of its own with
// an operator real-time salary contract and no seeded team) registers a sub-agent in the register
// centre, transfers it money from team management (both accounts' records show it), and offers it a
// real-time salary (BN; one above its own rate is refused first). The sub-agent, in a browser context
// of its own, accepts and spins the built-in slot; once the window closes (REALTIME_SALARY_WINDOW_SECONDS
// is short in the journeys) the settlement job pays both: the sub-agent's income and bonus details,
// and demo_agent2's own income and its records of its downline show the payments (EN). Then both
// sides end the contract, and the sub-agent reads the offer's notice in its platform messages. Nobody else uses demo_agent2 or its fresh downline, and demo_agent2 is not
// in demo_agent's tree (the bet pays no other seeded account): it runs in the parallel project.
const AGENT = DEMO.contractAgent;
const SLOT = 'WLG_SLOT_BENGAL';
/** The transfer that funds the downline's spin (৳600.00) and the spin's stake (25 lines of ৳20). */
const FUNDS = 60_000;
const STAKE = 50_000;

/** Nothing pans sideways at 360 px, and axe finds nothing. */
async function checkPage(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect((await axeOn(page).analyze()).violations).toEqual([]);
}

/** A phone-sized context of its own, signed in on /agent in `lang`. */
async function agentSession(browser: Browser, lang: TLang, account: { username: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  // The announcement popup is announcement.spec.ts's: closed here as in every other journey.
  await context.addInitScript(
    (keys) => {
      for (const key of keys) if (sessionStorage.getItem(key) === null) sessionStorage.setItem(key, 'true');
    },
    [...ANNOUNCEMENT_SEEN_KEYS],
  );
  const page = await context.newPage();
  // Ending or rejecting asks for a confirmation first.
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto('/agent');
  await switchLanguage(page, lang);
  // A first login shows the first-login step once (accounts-trial-agent.spec.ts too).
  await agentLogin(page, account);
  await expect(page).toHaveURL(/\/agentHome$/);
  return page;
}

/** The newest row of the account record (transactionHistory) is a transfer of `signedMinor`. */
async function expectNewestTransfer(page: Page, signedMinor: number, lang: TLang): Promise<void> {
  await page.goto('/member/transactionHistory');
  // A ceiling for a loaded machine (the member frame and the records page are chunks of their own).
  await expect(page.getByTestId('records.page')).toBeVisible({ timeout: 30_000 });
  const newest = page.getByTestId('records.row').first();
  await expect(newest).toHaveAttribute('data-type', 'transfer');
  await expect(newest).toContainText(`${signedMinor < 0 ? '-' : ''}${taka(Math.abs(signedMinor), lang)}`);
}

/** Reloads `page` until the amount in `testId` is `minor` (the settlement job runs on its own). */
async function pollAmount(page: Page, testId: string, minor: number, lang: TLang): Promise<void> {
  const d = digitClass(lang);
  const amount = page.getByTestId(testId);
  await expect
    .poll(
      async () => {
        await page.reload();
        await expect(amount).toHaveText(new RegExp(`${d}\\.${d}{2}$`));
        return minorOf((await amount.textContent())!, lang);
      },
      // Ceiling: the 20 s window, the 5 s settle delay and the job's next run, on a loaded machine.
      { timeout: 90_000, intervals: [2_000] },
    )
    .toBe(minor);
}

test('an agent registers a downline, funds it and offers it a real-time salary; it accepts, plays and both are paid after the window closes (BN, EN)', async ({
  browser,
}) => {
  // Two logins, a registration (argon2), a spin and a salary window of 20 s: a ceiling on a busy core.
  test.setTimeout(240_000);
  const agent = await agentSession(browser, 'bn', AGENT);

  // Register centre: a fresh sub-agent under demo_agent2 (BN).
  const sub = { username: freshUsername('ct'), password: 'Fresh1234' };
  await agent.getByTestId('agent-home.nav.registerCenter').click();
  await expect(agent).toHaveURL(/\/agentHome\/registerCenter$/);
  await agent.getByTestId('agent-register.username').fill(sub.username);
  await agent.getByTestId('agent-register.password').fill(sub.password);
  await agent.getByTestId('agent-register.confirmPassword').fill(sub.password);
  await agent.getByTestId('agent-register.role').selectOption('agent');
  await agent.getByTestId('agent-register.submit').click();
  await expect(agent.getByTestId('agent-register.done')).toContainText(sub.username);

  // Team management: the new sub-agent is there with nothing; demo_agent2 transfers it ৳600.00.
  await agent.getByTestId('agent-home.nav.downlineManagmentView').click();
  await agent.getByTestId('agent-downline.search').fill(sub.username);
  await agent.getByTestId('agent-downline.search-submit').click();
  const downRow = agent.getByTestId('agent-downline.row');
  await expect(downRow).toHaveCount(1);
  await expect(downRow).toHaveAttribute('data-username', sub.username);
  await downRow.getByTestId('agent-downline.open').click();
  await expect(agent.getByTestId('agent-downline.detail-balance')).toHaveText(taka(0, 'bn'));
  await agent.getByTestId('agent-downline.amount').fill(String(FUNDS / 100));
  await agent.getByTestId('agent-downline.submit').click();
  await expect(agent.getByTestId('agent-downline.done')).toContainText(taka(FUNDS, 'bn'));
  await expect(agent.getByTestId('agent-downline.detail-balance')).toHaveText(taka(FUNDS, 'bn'));
  // The agent's account record shows the transfer out.
  await expectNewestTransfer(agent, -FUNDS, 'bn');

  // The agent's own contract comes from the operator; it offers the new sub-agent a share (BN).
  await agent.goto('/agentHome/agentRealtimeSalary');
  await expect(agent.getByTestId('contract.mine')).toHaveAttribute('data-state', 'accepted');
  await expect(agent.getByTestId('contract.mine-state')).toHaveText(BENGALI);
  const option = agent.getByTestId('contract.offer-member').locator('option', { hasText: sub.username });
  await agent.getByTestId('contract.offer-member').selectOption((await option.getAttribute('value'))!);
  // Above its own 0.30 % profit-salary rate: the platform refuses it, in Bengali.
  await agent.getByTestId('contract.profit-rate').fill('0.31');
  await agent.getByTestId('contract.loss-rate').fill('0.40');
  await agent.getByTestId('contract.min-single').fill('1');
  await agent.getByTestId('contract.offer-submit').click();
  await expect(agent.getByTestId('contract.offer-error')).toHaveText(BENGALI);
  await agent.getByTestId('contract.profit-rate').fill('0.20');
  await agent.getByTestId('contract.offer-submit').click();
  await expect(agent.getByTestId('contract.offer-done')).toBeVisible();
  const offered = agent.locator(`[data-testid="contract.offered"][data-username="${sub.username}"]`);
  await expect(offered).toHaveAttribute('data-state', 'new');
  await checkPage(agent);

  // The sub-agent logs in on /agent in a browser context of its own: the transfer is in its account
  // record; it accepts the offer (BN).
  const down = await agentSession(browser, 'bn', sub);
  await expectNewestTransfer(down, FUNDS, 'bn');
  await down.goto('/agentHome/agentRealtimeSalary');
  await expect(down.getByTestId('contract.offer-in')).toHaveAttribute('data-state', 'new');
  await checkPage(down);
  await down.getByTestId('contract.offer-in-accept').click();
  await expect(down.getByTestId('contract.mine')).toHaveAttribute('data-state', 'accepted');
  await expect(down.getByTestId('contract.offer-in')).toHaveCount(0);
  await agent.reload();
  await expect(offered).toHaveAttribute('data-state', 'accepted');

  // The sub-agent spins the built-in slot once for ৳500 (a single bet above the ৳1 single bet amount).
  await down.goto('/rng?vassalage=WLG');
  const game = await openFromTile(gameTile(down, SLOT));
  await game.getByTestId('slot.bet').selectOption('2000');
  await expect(game.getByTestId('slot.total')).toContainText(taka(STAKE, 'bn'));
  await game.getByTestId('slot.spin').click();
  const round = game.getByTestId('fair.round').first();
  await expect(round).toBeVisible();
  const [, paidText] = (await round.locator('span').nth(1).textContent())!.split('→');
  await game.getByTestId('game.close').click();
  await expect(game.getByTestId('game.ended')).toBeVisible();
  await game.close();
  // The agent frame has no language switch: the site's header has (the language is kept).
  await switchLanguage(down, 'en');
  // Both teams (only the sub-agent played) won the window when the spin paid more than its stake:
  // then the profit-salary rates (0.20 % and demo_agent2's 0.30 %), else the loss-salary rates (0.40 %, 0.50 %).
  // Payment is differential along the chain (docs/0064): demo_agent2's operator contract pays its
  // chain on its holders' own bets (seed), so the sub-agent is paid its rate and demo_agent2 its own
  // rate less what it passed down (0.10 % either way); together the operator's rate, never more.
  const won = minorOf(paidText!, 'bn') > STAKE;
  const subSalary = (STAKE * (won ? 20 : 40)) / 10_000;
  const agentSalary = (STAKE * (won ? 30 : 50)) / 10_000 - subSalary;

  // After the window closes the job pays it: the sub-agent's income shows it (EN).
  await down.goto('/agentHome/agentRevenueReport');
  await expect(down.locator('.agent-content__title')).toHaveText('My income');
  await pollAmount(down, 'income.kind.realtime', subSalary, 'en');
  await expect(down.getByTestId('income.row').first()).toHaveAttribute('data-kind', 'realtime');
  await expect(down.getByTestId('income.row').first()).toContainText(taka(subSalary, 'en'));
  await checkPage(down);

  // The same payment is a bonus in the sub-agent's bonus details.
  await down.goto('/member/bonusDetails');
  const bonus = down.getByTestId('records.row').first();
  await expect(bonus).toContainText('Salary');
  await expect(bonus).toContainText(taka(subSalary, 'en'));

  // demo_agent2 is paid on its operator contract for the same bet, its share of the chain: its income shows it (EN) …
  await agent.goto('/');
  await switchLanguage(agent, 'en');
  await agent.goto('/agentHome/agentRevenueReport');
  await expect(agent.locator('.agent-content__title')).toHaveText('My income');
  await pollAmount(agent, 'income.kind.realtime', agentSalary, 'en');
  await expect(agent.getByTestId('income.row').first()).toContainText(taka(agentSalary, 'en'));

  // … and its records of its downlines' settlements show the sub-agent's payment.
  await agent.goto('/agentHome/agentRealtimeSalary');
  await agent.getByTestId('contract.scope.team').click();
  await agent.getByTestId('contract.period.today').click();
  const row = agent.locator(`[data-testid="contract.record-row"][data-username="${sub.username}"]`).first();
  await expect(row.getByTestId('contract.record-amount')).toHaveText(taka(subSalary, 'en'));
  await expect(agent.getByTestId('contract.records-totals')).toContainText('payments');
  await checkPage(agent);

  // The sub-agent asks to end it; demo_agent2 confirms.
  await down.goto('/agentHome/agentRealtimeSalary');
  await down.getByTestId('contract.mine-terminate').click();
  await expect(down.getByTestId('contract.mine')).toHaveAttribute('data-state', 'termination');
  await expect(down.getByTestId('contract.mine-state')).toHaveText('Termination requested by you');
  await agent.reload();
  await offered.getByTestId('contract.offered-confirmTermination').click();
  await expect(agent.locator(`[data-testid="contract.offered"][data-username="${sub.username}"]`)).toHaveCount(0);
  await down.reload();
  await expect(down.getByTestId('contract.mine')).toHaveAttribute('data-state', 'terminated');

  // The offer left the sub-agent a notice (docs/0049): the agent centre's messages entry, with its
  // badge, opens the member centre's messages page (messageV2); opening the notice reads it and the
  // badge is gone.
  await down.goto('/agentHome');
  const messagesEntry = down.getByTestId('agent-home.nav.messages');
  await expect(messagesEntry.locator('.badge')).toHaveText('1');
  await messagesEntry.click();
  await expect(down).toHaveURL(/\/member\/messageV2$/);
  const notice = down.getByTestId('messages.row').first();
  await expect(notice).toHaveAttribute('data-read', 'false');
  await expect(notice.getByTestId('messages.title')).toContainText('New real-time salary contract offer');
  const centreBadge = down.getByTestId('member.nav.messageV2').locator('.badge');
  await expect(centreBadge).toHaveText('1');
  await checkPage(down);
  await notice.getByTestId('messages.open').click();
  await expect(notice.getByTestId('messages.body')).toContainText('Your upline offered you a real-time salary contract');
  await expect(notice).toHaveAttribute('data-read', 'true');
  await expect(centreBadge).toHaveCount(0);
  await expect(down.getByTestId('messages.read-all')).toBeDisabled();
  await agent.context().close();
  await down.context().close();
});
