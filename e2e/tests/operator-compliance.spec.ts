import { axeOn } from '../fixtures/axe.ts';
import type { Page } from '@playwright/test';
import { loginByUsername } from '../fixtures/accounts.ts';
import { playOnPhone } from '../fixtures/game-tiles.ts';
import { BENGALI, DEMO } from '../fixtures/pages.ts';
import { expect, test } from '../fixtures/test.ts';

/**
 * docs/0106: an operator blocks a member's bets with a reason; the member's open slot then refuses
 * the spin, in words; the console shows the state, the member's protection history and the change
 * in the audit log. The operator works at 360 px in BN, the member in EN; then the operator, on a
 * desktop in EN, lifts the block. demo_player4 signs in here: the reality-check journey plays it
 * earlier in the run (and ends its game), so a session stored at the run's start is not relied on.
 */
test.use({ memberSignedIn: false });

const SLOT = 'WLG_SLOT_BENGAL';
const MEMBER = 'demo_player4';

/** Nothing pans sideways at `width` and axe finds nothing. */
async function checkPage(page: Page, width: number): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  expect((await axeOn(page).analyze()).violations).toEqual([]);
}

/** Finds the member in the console's compliance panel. */
async function findMember(console: Page) {
  const panel = console.getByTestId('operator.compliance');
  await panel.getByTestId('operator.compliance.username').fill(MEMBER);
  await panel.getByTestId('operator.compliance.find').click();
  await expect(panel.getByTestId('operator.compliance.member')).toBeVisible();
  return panel;
}

test('an operator blocks a member’s bets with a reason: the spin is refused, and the change is in the audit log', async ({ home, operator }) => {
  // The member's slot is open before the block (EN, phone).
  await home.open('/');
  await loginByUsername(home.page, MEMBER, DEMO.players.password);
  const { game } = await playOnPhone(home, 'en', SLOT);
  await expect(game.getByTestId('game.page')).toBeVisible();

  // BN, 360 px: the operator (an owner; finance holds compliance.write too) blocks bets with a reason.
  await operator.page.setViewportSize({ width: 360, height: 740 });
  await operator.login(DEMO.operator.username, DEMO.operator.password);
  let panel = await findMember(operator.page);
  await expect(panel.getByTestId('operator.compliance.save')).toHaveText(BENGALI);
  await panel.getByTestId('operator.compliance.betBlocked').check();
  await panel.getByTestId('operator.compliance.reason').fill('Affordability review');
  try {
    await panel.getByTestId('operator.compliance.save').click();
    await expect(panel.getByTestId('operator.compliance.saved')).toBeVisible();
    await expect(panel.getByTestId('operator.compliance.stateReason')).toContainText('Affordability review');
    await expect(panel.getByTestId('operator.compliance.history')).toContainText('Affordability review');
    await checkPage(operator.page, 360);
    // The audit log names the change with before and after.
    const item = operator.page.getByTestId('operator.audit.item').filter({ hasText: 'Affordability review' }).first();
    await expect(item).toBeVisible();
    await expect(item.getByTestId('operator.audit.item.action')).toHaveText(BENGALI);
    await expect(item.getByTestId('operator.audit.item.change')).toContainText('"betBlocked":true');

    // The member's spin is refused, in words.
    await game.getByTestId('slot.spin').click();
    await expect(game.getByTestId('slot.error')).toHaveText('Betting is blocked on your account. Please contact customer service.');
    await expect(game.getByTestId('fair.round')).toHaveCount(0);
  } finally {
    // EN, desktop: the operator lifts the block with a reason.
    await operator.page.setViewportSize({ width: 1280, height: 900 });
    await operator.page.evaluate(() => localStorage.setItem('language', 'en'));
    await operator.open();
    panel = await findMember(operator.page);
    await panel.getByTestId('operator.compliance.betBlocked').uncheck();
    await panel.getByTestId('operator.compliance.reason').fill('Review passed');
    await panel.getByTestId('operator.compliance.save').click();
    await expect(panel.getByTestId('operator.compliance.saved')).toHaveText('Saved.');
  }
  await expect(operator.page.getByTestId('operator.audit.item').filter({ hasText: 'Review passed' }).first()).toContainText('Member account state set');
  await checkPage(operator.page, 1280);
  // The spin goes through again: a round is played and the refusal is gone.
  await game.getByTestId('slot.spin').click();
  await expect(game.getByTestId('fair.round').first()).toBeVisible();
  await expect(game.getByTestId('slot.error')).toHaveCount(0);
});
