import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../fixtures/test.ts';

// The house rule: axe-core finds nothing, on a 360 px phone, signed in (the member's pages, the
// collapsed side menu, the two-row header). Read-only: it moves nothing.
test.use({ memberSignedIn: true });

const ROUTES = ['/', '/rng', '/lott', '/member/securityCenter', '/member/withdraw', '/member/transactionHistory'];

test('axe finds nothing on home, game centres and the money pages at 360 px (BN)', async ({ home, page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await home.open('/');
  for (const route of ROUTES) {
    await page.goto(route);
    await expect(page.getByTestId('header.balance')).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const result = await new AxeBuilder({ page }).analyze();
    expect(result.violations.map((v) => `${route} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }
});
