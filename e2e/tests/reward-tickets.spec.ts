import type { Page } from '@playwright/test';
import { axeOn } from '../fixtures/axe.ts';
import { loginByUsername, registerAccount } from '../fixtures/accounts.ts';
import { FINANCE } from '../fixtures/money-deposit.ts';
import { BENGALI } from '../fixtures/pages.ts';
import { expect, test } from '../fixtures/test.ts';

const CONTENT = { username: 'demo_content', password: 'Content1234' } as const;

/**
 * docs/0120: a newly registered member on a 360 px phone in Bengali finds the red envelope its
 * login day earned on the reward centre, with its commitment; opens it, sees the prize and verifies
 * the draw in the browser; then on a desktop in English the opened ticket shows the same prize and
 * verifies again, and cannot be opened twice. The account is the journey's own.
 */
test('a new member opens the red envelope of its login day and verifies the draw', async ({ home, page, request }) => {
  const account = await registerAccount(request, 'tickets');

  await page.setViewportSize({ width: 360, height: 740 });
  await home.open('/');
  await home.switchLanguage('bn');
  await loginByUsername(page, account.username, account.password);
  await page.goto('/member/rewardCenter');
  const card = page.getByTestId('tickets.card');
  const envelope = card.locator('[data-testid="tickets.ticket"][data-kind="red_envelope"]');
  await expect(envelope).toHaveCount(1);
  await expect(envelope.getByTestId('tickets.commitment')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(card.getByTestId('tickets.odds').first()).toContainText('%');
  await envelope.getByTestId('tickets.open').click();
  const prize = envelope.getByTestId('tickets.prize');
  await expect(prize).toContainText(BENGALI);
  const kind = await prize.getAttribute('data-kind');
  await envelope.getByTestId('tickets.verify').click();
  await expect(envelope.getByTestId('tickets.verified')).toHaveAttribute('data-ok', 'true');
  await expect(envelope.getByTestId('tickets.verified')).toContainText(BENGALI);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect((await axeOn(page).analyze()).violations.map((v) => v.id)).toEqual([]);

  await page.setViewportSize({ width: 1280, height: 800 });
  await home.switchLanguage('en');
  await page.reload();
  await expect(envelope.getByTestId('tickets.open')).toHaveCount(0);
  await expect(envelope.getByTestId('tickets.prize')).toHaveAttribute('data-kind', kind!);
  await expect(envelope.getByTestId('tickets.prize')).toContainText('You won');
  await envelope.getByTestId('tickets.verify').click();
  await expect(envelope.getByTestId('tickets.verified')).toHaveText('Verified: the seed matches the commitment and the roll gives this prize.');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  expect((await axeOn(page).analyze()).violations.map((v) => v.id)).toEqual([]);
});

/** A console role's sign-in (the content and finance roles have no system switches to wait for). */
async function consoleLogin(console: Page, account: { username: string; password: string }) {
  await console.goto('/operator');
  await console.getByTestId('operator.username').fill(account.username);
  await console.getByTestId('operator.password').fill(account.password);
  await console.getByTestId('operator.submit').click();
  await expect(console.getByTestId('operator.role')).toBeVisible();
  await expect(console.getByTestId('operator.tickets')).toBeVisible();
}

async function expectCleanAt360(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect((await axeOn(page).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * docs/0126: on a 360 px phone the content operator (in Bengali) writes a wheel that a login day
 * earns, which earns nothing until the finance operator (in English) gives it a prize; a member who
 * signs in afterwards finds the wheel on the reward centre, spins it in Bengali and sees its prize
 * in English (the draw's verification is the first journey's). The rule earns for every member of the server from then on, a wheel no other journey counts.
 */
test('the content operator writes a wheel, finance prices it, and a new member spins it', async ({ home, page, operator, request }) => {
  const title = `Journey wheel ${Date.now()}`;
  const console = operator.page;
  await console.setViewportSize({ width: 360, height: 740 });

  await consoleLogin(console, CONTENT);
  const panel = console.getByTestId('operator.tickets');
  await panel.getByTestId('operator.tickets.new-open').click();
  const form = panel.getByTestId('operator.tickets.new');
  await form.getByTestId('operator.tickets.new.kind').selectOption('wheel');
  await form.getByTestId('operator.tickets.new.earn').selectOption('login_day');
  await form.getByTestId('operator.tickets.new.title-en').fill(title);
  await form.getByTestId('operator.tickets.new.title-bn').fill('যাত্রার চাকা');
  await form.getByTestId('operator.tickets.new.submit').click();
  await expect(form.getByTestId('operator.tickets.new.saved')).toContainText(BENGALI);
  const written = panel.getByTestId('operator.tickets.rule').filter({ hasText: 'যাত্রার চাকা' });
  await expect(written).toHaveAttribute('data-priced', 'false');
  await expect(written.getByTestId('operator.tickets.state')).toContainText(BENGALI);
  // Prizes are finance's: content has no form for them.
  await expect(written.getByTestId('operator.tickets.save')).toHaveCount(0);
  await expectCleanAt360(console);

  await console.getByTestId('operator.logout').click();
  // Signed out once the console is back at its form: a page opened before the logout call returned
  // would still hold the session and show the content operator's console.
  await expect(console.getByTestId('operator.username')).toBeVisible();
  await console.evaluate(() => localStorage.setItem('language', 'en'));
  await consoleLogin(console, FINANCE);
  const rule = panel.getByTestId('operator.tickets.rule').filter({ hasText: title });
  await expect(rule.getByTestId('operator.tickets.state')).toHaveText("Waiting for finance's prizes: earns nothing yet");
  await expect(rule.getByTestId('operator.tickets.edit')).toHaveCount(0);
  await rule.getByTestId('operator.tickets.add-prize').click();
  await rule.getByTestId('operator.tickets.prize').getByTestId('operator.tickets.amount').fill('5');
  await expect(rule.getByTestId('operator.tickets.total')).toHaveText('Prizes: chances add up to 100.00%');
  await rule.getByTestId('operator.tickets.save').click();
  await expect(rule).toHaveAttribute('data-priced', 'true');
  await expect(rule.getByTestId('operator.tickets.prizes.saved')).toHaveText('Saved.');
  await expectCleanAt360(console);

  // A member who signs in now: its login day earns the wheel (a new member has no turnover for the seeded one).
  const account = await registerAccount(request, 'wheel');
  await page.setViewportSize({ width: 360, height: 740 });
  await home.open('/');
  await home.switchLanguage('bn');
  await loginByUsername(page, account.username, account.password);
  await page.goto('/member/rewardCenter');
  const wheel = page.getByTestId('tickets.card').locator('[data-testid="tickets.ticket"][data-kind="wheel"]');
  await expect(wheel).toHaveCount(1);
  await expect(wheel).toContainText('যাত্রার চাকা');
  await wheel.getByTestId('tickets.open').click();
  await expect(wheel.getByTestId('tickets.prize')).toHaveAttribute('data-kind', 'cash');
  await expect(wheel.getByTestId('tickets.prize')).toContainText(BENGALI);
  await expectCleanAt360(page);

  await page.setViewportSize({ width: 1280, height: 800 });
  await home.switchLanguage('en');
  await page.reload();
  await expect(wheel).toContainText(title);
  await expect(wheel.getByTestId('tickets.prize')).toHaveText('You won ৳5.00 cash.');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  expect((await axeOn(page).analyze()).violations.map((v) => v.id)).toEqual([]);
});
