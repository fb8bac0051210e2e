import { axeOn } from '../fixtures/axe.ts';
import type { Page } from '@playwright/test';
import { BENGALI } from '../fixtures/pages.ts';
import { expect, test } from '../fixtures/test.ts';

/**
 * docs/0036 (docs/rules/games.md#g-11 /favorite and /recent, docs/rules/games.md#g-10 favourites): a member marks a game on home and
 * finds it on /favorite, takes it off there, launches a game and finds it on top of /recent; axe
 * finds nothing on either page at 360 px. Each language uses a downline account of its own, so
 * these lists are not touched by the journeys that use demo_member.
 */
const ACCOUNTS = {
  bn: { username: 'demo_down1', password: 'Down1234' },
  en: { username: 'demo_down2', password: 'Down1234' },
} as const;

async function expectNoAxeViolations(page: Page, route: string) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const result = await axeOn(page).analyze();
  expect(result.violations.map((v) => `${route} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** At 360 px the side menu is a drawer (docs/0053): the header's menu button opens it, a choice closes it. */
async function openMenuEntry(page: Page, key: string): Promise<void> {
  await page.getByTestId('header.menu').click();
  await page.getByTestId(`side-menu.entry.${key}`).click();
}

for (const lang of ['bn', 'en'] as const) {
  test(`favourite, unfavourite and recent launches on a 360 px phone (${lang.toUpperCase()})`, async ({ home, page }) => {
    // The heart takes one toggle per second (docs/rules/reach.md#r-17); the page clock lets the journey move past it.
    await page.clock.install();
    await page.setViewportSize({ width: 360, height: 740 });
    await home.open('/');
    if (lang === 'en') await home.switchLanguage('en');
    await home.login(ACCOUNTS[lang].username, ACCOUNTS[lang].password);

    // Nothing marked yet: /favorite says so, in the page's language.
    await openMenuEntry(page, 'favorite');
    await expect(page).toHaveURL(/\/favorite$/);
    const empty = page.getByTestId('account-games.empty');
    await expect(empty).toBeVisible();
    if (lang === 'bn') await expect(empty).toHaveText(BENGALI);
    else await expect(empty).toContainText('No favourites yet');

    // Mark the first RNG game on home.
    await home.open('/');
    const tile = page.getByTestId('home.row.RNG').getByTestId('game-tile').first();
    const nodeId = await tile.getAttribute('data-node-id');
    expect(nodeId).toBeTruthy();
    await tile.hover();
    await tile.getByTestId('game-tile.favourite').click();
    await expect(tile.getByTestId('game-tile.favourite')).toHaveAttribute('aria-pressed', 'true');
    await page.clock.fastForward(1000);

    // It is on /favorite, and axe finds nothing there.
    await openMenuEntry(page, 'favorite');
    const favourite = page.getByTestId('account-games.favorite').locator(`[data-testid="game-tile"][data-node-id="${nodeId}"]`);
    await expect(favourite).toBeVisible();
    await expectNoAxeViolations(page, '/favorite');

    // Taking the heart off there removes the tile at once and leaves the list empty.
    await favourite.hover();
    await favourite.getByTestId('game-tile.favourite').click();
    await expect(favourite).toHaveCount(0);
    await expect(page.getByTestId('account-games.empty')).toBeVisible();
    // The server agrees: a fresh load of the page still has nothing.
    await page.reload();
    await expect(page.getByTestId('account-games.empty')).toBeVisible();

    // Launch the game from a tile: the game opens in a new tab and the game is on top of /recent.
    await openMenuEntry(page, 'recent');
    await expect(page).toHaveURL(/\/recent$/);
    await expect(page.getByTestId('account-games.empty')).toBeVisible();
    await home.open('/');
    const playTile = page.getByTestId('home.row.RNG').locator(`[data-testid="game-tile"][data-node-id="${nodeId}"]`).first();
    await playTile.hover();
    const [game] = await Promise.all([page.waitForEvent('popup'), playTile.getByTestId('game-tile.play').click()]);
    await expect(game.getByTestId('demo-game.mode')).toContainText(lang === 'bn' ? 'আসল টাকা' : 'Real money');
    await game.close();

    await openMenuEntry(page, 'recent');
    const recent = page.getByTestId('account-games.recent').getByTestId('game-tile');
    await expect(recent.first()).toHaveAttribute('data-node-id', nodeId!);
    await expect(page.getByTestId('account-games.recent').getByRole('heading', { level: 2 })).toHaveText(lang === 'bn' ? BENGALI : 'Recently played');
    await expectNoAxeViolations(page, '/recent');
  });
}

for (const path of ['/favorite', '/recent']) {
  test(`a visitor on ${path} is asked to log in`, async ({ home, page }) => {
    await home.open(path);
    await expect(page.getByTestId('account-games.blocked')).toBeVisible();
    await expect(page.getByTestId('login.modal')).toBeVisible();
  });
}
