import { axeOn } from '../fixtures/axe.ts';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import { DEMO, headerEntry } from '../fixtures/pages.ts';

// docs/0037: the operator switches categories and games; open pages follow live and
// a switched-off game cannot be launched. Every switch is put back in `finally`: other journeys share
// the server. The journeys log in themselves (demo_operator is an owner): a second tab of the member
// gets the first tab's session storage, as the signed-in fixture does.

/** Marks the document, so a later check proves the page was not reloaded. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { e2eMarker: number }).e2eMarker = 7));
const marker = (page: Page) => page.evaluate(() => (window as unknown as { e2eMarker?: number }).e2eMarker);

test.describe('operator game switches reach open pages live', () => {
  test('a category switched off leaves the header, the menu and the home rows of an open page, and comes back', async ({ home, operator, page }) => {
    await operator.login(DEMO.operator.username, DEMO.operator.password);
    await expect(operator.page.getByTestId('operator.category.LIVE')).toBeChecked();

    await home.open('/');
    await expect(await headerEntry(page, 'live')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('home.menu.LIVE')).toBeVisible();
    await expect(page.getByTestId('home.row.LIVE')).toBeVisible();
    await mark(page);

    try {
      await operator.setSwitch('operator.category.LIVE', false);
      await expect(page.getByTestId('header.entry.live')).toHaveCount(0);
      await expect(page.getByTestId('home.menu.LIVE')).toHaveCount(0);
      await expect(page.getByTestId('home.row.LIVE')).toHaveCount(0);
      expect(await marker(page)).toBe(7);
      // The console counts it in the audit log with before and after.
      // (Reads of the message outbox are audited too, docs/0067: the change is the newest item naming LIVE.)
      await expect(operator.page.getByTestId('operator.audit.item').filter({ hasText: 'LIVE' }).first()).toBeVisible();
    } finally {
      await operator.setSwitch('operator.category.LIVE', true);
    }
    await expect(page.getByTestId('home.row.LIVE')).toBeVisible();
    await expect(await headerEntry(page, 'live')).toBeVisible();
    expect(await marker(page)).toBe(7);
  });

  test('a game switched off leaves an open page live, and a page that still shows it is refused the launch', async ({ home, operator, page }) => {
    await home.open('/');
    await home.login(DEMO.member.username, DEMO.member.password);
    const tile = page.getByTestId('home.row.RNG').getByTestId('game-tile').first();
    const nodeId = (await tile.getAttribute('data-node-id'))!;
    const name = (await tile.locator('.tile__name').textContent())!;
    const tileOf = (p: Page) => p.getByTestId('home.row.RNG').locator(`[data-testid="game-tile"][data-node-id="${nodeId}"]`);

    // A second tab of the same member that hears nothing live: it keeps showing the game.
    const stale = await page.context().newPage();
    // The same member in a second tab: the first tab's session storage (token, popups seen).
    const session = await page.evaluate(() => Object.entries(sessionStorage));
    await stale.addInitScript((entries) => {
      for (const [key, value] of entries) sessionStorage.setItem(key, value);
    }, session);
    await stale.route('**/live/config**', (route) => route.abort());
    await stale.goto('/');
    await expect(stale.getByTestId('header.member')).toBeVisible();
    await expect(tileOf(stale)).toBeVisible();

    await operator.login(DEMO.operator.username, DEMO.operator.password);
    /** Lists the games named like the tile's, whatever their switch. */
    const findByName = async () => {
      await operator.page.getByTestId('operator.games.search').fill(name);
      await operator.page.getByTestId('operator.games.state').selectOption('all');
      await operator.page.getByTestId('operator.games.apply').click();
      await expect(operator.page.getByTestId(`operator.game.${nodeId}`)).toBeVisible();
    };
    await findByName();
    await expect(operator.page.getByTestId(`operator.game.${nodeId}`)).toBeChecked();

    try {
      await operator.setSwitch(`operator.game.${nodeId}`, false);
      await expect(tileOf(page)).toHaveCount(0);
      await expect(tileOf(stale)).toBeVisible();

      // Play now on the stale page: the platform refuses (543), the page says so and opens no game.
      await tileOf(stale).hover();
      await tileOf(stale).getByTestId('game-tile.play').click();
      const dialog = stale.getByTestId('dialog.info');
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText('এই ফাংশনটি চালু নেই');
      await stale.getByTestId('dialog.ok').click();

      await operator.page.getByTestId('operator.games.state').selectOption('off');
      await operator.page.getByTestId('operator.games.search').fill('');
      await operator.page.getByTestId('operator.games.apply').click();
      await expect(operator.page.getByTestId('operator.games.list').getByRole('switch')).toHaveCount(1);
      await expect(operator.page.getByTestId(`operator.game.${nodeId}`)).not.toBeChecked();
    } finally {
      await findByName();
      await operator.setSwitch(`operator.game.${nodeId}`, true);
    }
    await expect(tileOf(page)).toBeVisible();
    await stale.close();
  });

  test('the switches panel works at 360 px with no sideways scroll, and axe finds nothing in it (BN and EN)', async ({ operator }) => {
    const console = operator.page;
    await operator.inBothLanguagesAt360(async (lang) => {
      if (lang === 'en') await expect(console.locator('html')).toHaveAttribute('lang', 'en');
      const panel = console.getByTestId('operator.games');
      await expect(panel.getByTestId('operator.category.RNG')).toBeVisible();
      await expect(panel.getByTestId('operator.games.list').getByRole('switch').first()).toBeVisible();
      await expect(panel.getByRole('heading', { level: 2 })).toHaveText(lang === 'bn' ? 'গেম ও বিভাগ' : 'Games and categories');
      // The lottery's settings (docs/0041) are part of the panel: interval and payout table.
      await expect(panel.getByTestId('operator.lottery.interval')).toHaveValue(/^\d+$/);
      await expect(panel.getByTestId('operator.lottery.payout.exact3')).toHaveValue('900.00');
      expect(await console.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      const result = await axeOn(console).include('[data-testid="operator.games"]').analyze();
      expect(result.violations.map((v) => `${lang} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  });

  test('the rounds panel finds the round of a member with its provably fair data, at 360 px, and axe finds nothing in it (BN and EN)', async ({
    operator,
    request,
  }) => {
    // demo_down2 has no money: its spin is a round the wallet refused, and no balance any journey reads moves.
    const call = async <T>(path: string, input: unknown, token?: string): Promise<T> => {
      const res = await request.post(`/trpc/${path}`, { data: input ?? {}, headers: token ? { authorization: token } : {} });
      return ((await res.json()) as { result: { data: T } }).result.data;
    };
    const { token } = await call<{ token: string }>('session.login', { username: 'demo_down2', password: 'Down1234' });
    const { url } = await call<{ url: string }>('catalogue.launch', { nodeId: 'WLG_SLOT_BENGAL', freeTrial: false }, token);
    const game = await call<{ token: string; fair: { serverSeedHash: string } }>('games.open', { ticket: new URL(url, 'http://x').searchParams.get('ticket') });
    const refused = await request.post('/trpc/games.spin', { data: { token: game.token, betPerLineMinor: 10 } });
    expect(refused.status()).toBe(400);
    await call('games.close', { token: game.token });

    const console = operator.page;
    await operator.inBothLanguagesAt360(async (lang) => {
      const panel = console.getByTestId('operator.rounds');
      await panel.getByTestId('operator.rounds.account').fill('demo_down2');
      await panel.getByTestId('operator.rounds.apply').click();
      const round = panel.getByTestId('operator.rounds.list').locator('li').first();
      await expect(round.getByTestId('operator.round.state')).toHaveText(lang === 'bn' ? 'প্রত্যাখ্যাত' : 'Refused');
      await expect(round).toContainText(game.fair.serverSeedHash);
      await expect(panel.getByTestId('operator.rounds.totals')).toContainText(lang === 'bn' ? 'বাজি ৳০.০০' : 'bets ৳0.00');
      expect(await console.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      const result = await axeOn(console).include('[data-testid="operator.rounds"]').analyze();
      expect(result.violations.map((v) => `${lang} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  });
});
