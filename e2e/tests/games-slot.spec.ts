import { axeOn } from '../fixtures/axe.ts';
import { switchLanguage, walkedOnceIn } from '../fixtures/accounts.ts';
import { minorOf, taka } from '../fixtures/money-deposit.ts';
import { gameTile, openFromTile, playOnPhone } from '../fixtures/game-tiles.ts';
import { BENGALI } from '../fixtures/pages.ts';
import { expect, test } from '../fixtures/test.ts';

// docs/0035: the built-in slot takes real bets through the seamless wallet. It plays on a funded
// account of its own (docs/0045), so it runs beside the other journeys without moving demo_member's
// balance. Signed in once per run (fixtures/signed-in.ts).
test.use({ memberSignedIn: 'demo_player1' });

const SLOT = 'WLG_SLOT_BENGAL';

for (const lang of walkedOnceIn('en')) {
  test(`spin the slot for real money, see the header balance follow, and verify the round (${lang})`, async ({ home, page }) => {
    const { balance: before, game } = await playOnPhone(home, lang, SLOT);
    await expect(game.getByTestId('game.mode')).toHaveText(lang === 'en' ? 'Real money' : 'আসল টাকা');
    await expect(game.getByTestId('game.title')).toHaveText(lang === 'en' ? 'Bengal Fortune' : 'বাংলার ভাগ্য');
    await expect(game.getByTestId('game.balance')).toContainText(taka(before, lang));
    // The launch ticket left the address bar: a reload resumes the same game from this tab's token.
    expect(new URL(game.url()).searchParams.get('ticket')).toBeNull();
    const hash = await game.getByTestId('fair.hash').textContent();

    await game.getByTestId('slot.bet').selectOption('10');
    await expect(game.getByTestId('slot.total')).toContainText(taka(250, lang));
    await game.getByTestId('slot.spin').click();
    await expect(game.getByTestId('fair.nonce')).toHaveText('1');
    const round = game.getByTestId('fair.round').first();
    await expect(round).toBeVisible();
    const [, paid] = (await round.locator('span').nth(1).textContent())!.split('→');
    const after = before - 250 + minorOf(paid!, lang);
    await expect(game.getByTestId('game.balance')).toContainText(taka(after, lang));
    // The lobby's header follows the game window.
    await expect(page.getByTestId('header.balance')).toHaveText(taka(after, lang));

    // Turning to a new seed reveals the one the round was drawn from; the verify view recomputes it.
    await game.reload();
    await expect(game.getByTestId('fair.nonce')).toHaveText('1');
    await game.getByTestId('fair.new-seed').fill(`journey-${lang}`);
    await game.getByTestId('fair.rotate').click();
    await expect(game.getByTestId('fair.revealed')).toBeVisible();
    await expect(game.getByTestId('fair.client-seed')).toHaveText(`journey-${lang}`);
    await game.getByTestId('fair.round.verify').first().click();
    await expect(game.getByTestId('fair.verify.expectedHash')).toHaveValue(hash!);
    await game.getByTestId('fair.verify.run').click();
    await expect(game.getByTestId('fair.verify.hash')).toHaveText(lang === 'en' ? 'The server seed matches its hash.' : BENGALI);
    await expect(game.getByTestId('fair.verify.win')).toContainText(taka(minorOf(paid!, lang), lang));

    // Nothing pans sideways at 360 px and axe finds nothing on the game page.
    expect(await game.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await game.getByTestId('slot.paytable').locator('summary').click();
    expect((await axeOn(game).analyze()).violations).toEqual([]);

    await game.getByTestId('game.close').click();
    await expect(game.getByTestId('game.ended')).toBeVisible();
  });
}

test('a second real-money game while one is open: the site offers to close it, then starts the new one', async ({ home, page }) => {
  await home.open('/rng?vassalage=WLG');
  await switchLanguage(page, 'en');
  const tile = gameTile(page, SLOT);
  const first = await openFromTile(tile);
  await expect(first.getByTestId('game.page')).toBeVisible();
  await tile.hover();
  await tile.getByTestId('game-tile.play').click();
  await expect(page.getByTestId('dialog.confirm')).toContainText('A game is still open in another window');
  const [second] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('dialog.confirm.ok').click()]);
  await expect(second.getByTestId('game.page')).toBeVisible();
  // The first window's game is over.
  await first.reload();
  await expect(first.getByTestId('game.ended')).toBeVisible();
  await second.getByTestId('game.close').click();
});

test.describe('as a visitor', () => {
  test.use({ memberSignedIn: false });
  test('a visitor plays the slot free with play money that has no cash value', async ({ home, page }) => {
    await home.open('/rng?vassalage=WLG');
    await switchLanguage(page, 'en');
    const game = await openFromTile(gameTile(page, SLOT), 'trial');
    await expect(game.getByTestId('game.mode')).toHaveText('Play money — no cash value');
    await expect(game.getByTestId('game.balance')).toContainText(taka(200_000, 'en'));
    await game.getByTestId('slot.spin').click();
    await expect(game.getByTestId('fair.nonce')).toHaveText('1');
  });
});
