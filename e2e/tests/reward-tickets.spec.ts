import { axeOn } from '../fixtures/axe.ts';
import { loginByUsername, registerAccount } from '../fixtures/accounts.ts';
import { BENGALI } from '../fixtures/pages.ts';
import { expect, test } from '../fixtures/test.ts';

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
