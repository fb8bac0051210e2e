import { expect, test } from '../fixtures/test.ts';

// The console opens signed in as demo_operator (fixtures/signed-in.ts): these journeys are not about its login.
test.use({ operatorSignedIn: true });

test.describe('operator changes reach open pages live', () => {
  test('flipping a flag re-renders an open page live, with no reload', async ({ home, operator, page }) => {
    await operator.open();
    await operator.setSwitch('operator.flag.FREEPLAY3', true);

    await home.open('/');
    await expect(page.getByTestId('game-tile.trial').first()).toBeVisible();
    await page.evaluate(() => ((window as unknown as { e2eMarker: number }).e2eMarker = 42));

    try {
      await operator.setSwitch('operator.flag.FREEPLAY3', false);
      await expect(page.getByTestId('game-tile.trial')).toHaveCount(0);
      // Same document: the marker set before the change is still there.
      expect(await page.evaluate(() => (window as unknown as { e2eMarker?: number }).e2eMarker)).toBe(42);

      await operator.setSwitch('operator.flag.FREEPLAY3', true);
      await expect(page.getByTestId('game-tile.trial').first()).toBeVisible();
    } finally {
      await operator.setSwitch('operator.flag.FREEPLAY3', true);
    }
  });

  test('switching maintenance on shows the maintenance page, and off brings the site back', async ({ home, operator, page }) => {
    await operator.open();
    await home.open('/');
    try {
      await operator.setSwitch('operator.maintenance', true);
      await expect(page.getByTestId('maintenance.page')).toBeVisible();
      await expect(page.getByTestId('home.banner')).toHaveCount(0);
    } finally {
      await operator.setSwitch('operator.maintenance', false);
    }
    await expect(page.getByTestId('home.banner')).toBeVisible();
  });

  test('region restriction shows the blocked page with the visitor IP', async ({ home, operator, page }) => {
    await operator.open();
    await home.open('/');
    try {
      await operator.setSwitch('operator.region', true);
      await expect(page.getByTestId('blocked.page')).toBeVisible();
      await expect(page.getByTestId('blocked.ip')).toContainText(/\d+\.\d+\.\d+\.\d+|::1/);
    } finally {
      await operator.setSwitch('operator.region', false);
    }
  });
});
