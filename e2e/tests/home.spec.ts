import { shownDigits } from '../fixtures/money-deposit.ts';
import { BENGALI, DEMO } from '../fixtures/pages.ts';
import { expect, test } from '../fixtures/test.ts';

test.describe('home page', () => {
  test('a visitor sees the home page in BN, then switches to EN', async ({ home, page }) => {
    await home.open('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    await expect(page.getByTestId('home.banner')).toBeVisible();
    await expect(page.getByTestId('home.banner.slide').first()).toBeAttached();
    await expect(page.getByTestId('home.marquee.item').first()).toBeVisible();
    await expect(page.getByTestId('home.menu.HOME')).toBeVisible();
    await expect(page.getByTestId('home.menu.FAV')).toBeVisible();
    // FISH is never in the menu; MXWIN is there because the seed has more than 10 RNG vendors.
    await expect(page.getByTestId('home.menu.FISH')).toHaveCount(0);
    await expect(page.getByTestId('home.menu.MXWIN')).toBeVisible();
    for (const row of ['HOT', 'RNG', 'FISH', 'LIVE', 'PVP', 'MXWIN', 'SPORTS']) {
      await expect(page.getByTestId(`home.row.${row}`)).toBeVisible();
    }
    await expect(home.tiles().first()).toBeVisible();
    // Top 3 highlighted, then the scrolling list (docs/rules/games.md#g-9 Home details).
    await expect(page.getByTestId('winner-board.top').getByTestId('winner-board.item')).toHaveCount(3);
    await expect(page.getByTestId('winner-board').getByTestId('winner-board.item').nth(3)).toBeAttached();
    await expect(page.getByTestId('header.login')).toHaveText(BENGALI);
    // docs/0077: the shipped Bengali face (CI's Chromium has no Bengali font of its own) is loaded
    // and renders the BN text: glyphs, not boxes. The face must be in the set, or check() is
    // vacuously true.
    const bengaliFont = await page.evaluate(async () => {
      await document.fonts.ready;
      const weights: string[] = [];
      document.fonts.forEach((face) => {
        if (face.family.replace(/"/g, '') === 'Noto Sans Bengali' && face.status === 'loaded') weights.push(face.weight);
      });
      return { weights, renders: document.fonts.check('16px "Noto Sans Bengali"', 'বাংলা') };
    });
    expect(bengaliFont.weights).toContain('400');
    expect(bengaliFont.renders).toBe(true);

    await home.switchLanguage('en');
    await expect(page.getByTestId('header.login')).not.toHaveText(BENGALI);
    await expect(page.getByTestId('header.login')).toHaveText(/[A-Za-z]/);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await home.switchLanguage('bn');
  });

  test('on a phone, rows and the winner board far below the first screen get their games as the visitor scrolls to them', async ({ home, page }) => {
    // docs/0060: the load renders what is within a screen of the viewport; the rest on approach.
    await page.setViewportSize({ width: 360, height: 740 });
    await home.open('/');
    await expect(page.getByTestId('home.row.HOT').getByTestId('game-tile').first()).toBeVisible();
    await expect(page.getByTestId('home.row.RNG').getByTestId('game-tile').first()).toBeAttached();
    const far = page.getByTestId('home.row.PVP');
    await expect(far.getByRole('heading', { level: 2 })).toBeAttached();
    await expect(far.getByTestId('game-tile')).toHaveCount(0);
    await expect(page.getByTestId('winner-board.item')).toHaveCount(0);

    await far.scrollIntoViewIfNeeded();
    await expect(far.getByTestId('game-tile').first()).toBeVisible();
    await page.getByTestId('winner-board').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('winner-board.top').getByTestId('winner-board.item')).toHaveCount(3);
  });

  test('a home row pages by groups with its buttons (2 in view on a phone) and shows all 12 at once on a desktop', async ({ home, page }) => {
    // docs/rules/content.md#c-6 (docs/0060: a scroll-snapping grid, no Swiper): groups of 2 / 4 / 6 games, 2 rows.
    await page.setViewportSize({ width: 360, height: 740 });
    await home.open('/');
    const row = page.getByTestId('home.row.HOT');
    const tiles = row.getByTestId('game-tile');
    await expect(tiles).toHaveCount(12);
    await row.scrollIntoViewIfNeeded();
    await expect(tiles.nth(0)).toBeInViewport();
    await expect(tiles.nth(3)).toBeInViewport();
    await expect(tiles.nth(4)).not.toBeInViewport();
    const previous = row.getByTestId('game-carousel.prev');
    const next = row.getByTestId('game-carousel.next');
    await expect(previous).toBeDisabled();
    await expect(previous).toHaveAccessibleName(BENGALI);
    await next.click();
    // The second group: games 5 and 6 on the first row, 7 and 8 below.
    await expect(tiles.nth(4)).toBeInViewport();
    await expect(tiles.nth(7)).toBeInViewport();
    await expect(tiles.nth(0)).not.toBeInViewport();
    await expect(previous).toBeEnabled();
    await previous.click();
    await expect(tiles.nth(0)).toBeInViewport();
    await expect(page.locator('html')).toHaveJSProperty('scrollWidth', 360);

    await page.setViewportSize({ width: 1280, height: 800 });
    await row.scrollIntoViewIfNeeded();
    await expect(tiles.nth(11)).toBeInViewport();
    await expect(next).toHaveCount(0);
  });

  test('a broken tile image shows the fallback image', async ({ home, page }) => {
    await page.route('**/wps/assets/game/**', (route) => route.abort());
    await home.open('/');
    const image = home.tiles().first().getByTestId('game-tile.image');
    await expect(image).toHaveAttribute('data-fallback', 'true');
    await expect(image).toHaveAttribute('src', /^data:image\//);
  });

  test('FAV while logged out opens the login popup', async ({ home, page }) => {
    await home.open('/');
    await page.getByTestId('home.menu.FAV').click();
    await expect(page.getByTestId('login.modal')).toBeVisible();
  });

  test('/login and /register show home with the popup open', async ({ home, page }) => {
    await home.open('/login');
    await expect(page.getByTestId('login.modal')).toBeVisible();
    await expect(page.getByTestId('home.banner')).toBeVisible();
    await home.open('/register');
    await expect(page.getByTestId('register.modal')).toBeVisible();
  });

  test('the demo member logs in and sees balance and VIP in the header', async ({ home, page }) => {
    await home.open('/');
    await home.login(DEMO.member.username, DEMO.member.password);
    await expect(page.getByTestId('header.balance')).toContainText(shownDigits('12,500.00', 'bn'));
    // The level's name as the operator wrote it in BN (docs/0091). The seed's level 3 has no deposits or
    // turnover behind it, so the daily review at 00:10 UTC takes it down one level (at most one a day):
    // a run across 00:10 UTC sees level 2.
    await expect(page.getByTestId('header.vip')).toContainText(/ভিআইপি [২৩]/);
    await page.getByTestId('header.balance-toggle').click();
    await expect(page.getByTestId('header.balance')).toContainText('***');
    // No password is kept in the page's storage.
    const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }));
    expect(stored).not.toContain(DEMO.member.password);
  });

  test('a member marks a favourite on a tile and finds it under FAV, then removes it', async ({ home, page }) => {
    // The heart takes one toggle per second (docs/rules/reach.md#r-17); the page clock lets the test move past it.
    await page.clock.install();
    await home.open('/');
    await home.login(DEMO.member.username, DEMO.member.password);
    const tile = page.getByTestId('home.row.RNG').getByTestId('game-tile').first();
    const nodeId = await tile.getAttribute('data-node-id');
    expect(nodeId).toBeTruthy();
    // Hovering shows the Play now overlay; the heart must stay clickable above it.
    await tile.hover();
    const heart = tile.getByTestId('game-tile.favourite');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');

    await page.clock.fastForward(1000);
    await page.getByTestId('home.menu.FAV').click();
    const favourite = page.locator(`[data-testid="game-tile"][data-node-id="${nodeId}"]`).first();
    await expect(favourite).toBeVisible();
    await favourite.hover();
    await favourite.getByTestId('game-tile.favourite').click();
    await expect(page.locator(`[data-testid="game-tile"][data-node-id="${nodeId}"] [aria-pressed="true"]`)).toHaveCount(0);
  });

  test('a wrong password shows the server message and keeps the visitor logged out', async ({ home, page }) => {
    await home.open('/');
    await page.getByTestId('header.login').click();
    await page.getByTestId('login.username').fill(DEMO.member.username);
    await page.getByTestId('login.password').fill('not-the-password');
    await page.getByTestId('login.submit').click();
    await expect(page.getByTestId('login.error')).toHaveText(BENGALI);
    await expect(page.getByTestId('header.balance')).toHaveCount(0);
  });
});
