import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../fixtures/test.ts';

// The house rule: axe-core finds nothing, on a 360 px phone, signed in (the member's pages, the
// collapsed side menu, the two-row header). Read-only: it moves nothing.
test.use({ memberSignedIn: true });

const ROUTES = ['/', '/rng', '/lott', '/member/securityCenter', '/member/withdraw', '/member/transactionHistory'];

// One journey per route: each page's axe run has the journey's whole time ceiling on a busy machine.
for (const route of ROUTES) {
  test(`axe finds nothing on ${route} at 360 px (BN)`, async ({ home, page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await home.open(route);
    await expect(page.getByTestId('header.balance')).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const result = await new AxeBuilder({ page }).analyze();
    expect(result.violations.map((v) => `${route} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
