import { axeOn } from '../fixtures/axe.ts';
import type { Page } from '@playwright/test';
import { BENGALI } from '../fixtures/pages.ts';
import { expect, test } from '../fixtures/test.ts';

/**
 * docs/rules/content.md#c-13 (docs/0084): a visitor on a 360 px phone reaches /promotions from the
 * side menu, sees the seeded promotions with banner, period and rules in BN (the default) and in
 * EN, filters them by category and opens one alone; axe finds nothing and nothing scrolls
 * sideways. Read-only: it changes no state, so it runs beside the other journeys.
 */

async function expectNoAxeViolations(page: Page, route: string) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const result = await axeOn(page).analyze();
  expect(result.violations.map((v) => `${route} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test('a visitor browses the promotions on a 360 px phone, in BN and EN', async ({ home, page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await home.open('/');
  await page.getByTestId('header.menu').click();
  await page.getByTestId('side-menu.entry.promotions').click();
  await expect(page).toHaveURL(/\/promotions$/);

  // Every seeded promotion, in Bengali, each with its banner and period; the cricket festival has not started.
  const cards = page.getByTestId('promotions.card');
  await expect(cards).toHaveCount(10);
  await expect(cards.first().getByRole('heading')).toHaveText(BENGALI);
  await expect(cards.first().locator('img')).toHaveAttribute('src', /\/wps\/assets\/banner\/p\d+\.bn\.svg$/);
  await expect(cards.first().getByTestId('promotions.period')).toHaveText(BENGALI);
  await expect(page.locator('[data-category="EVENT"]').getByTestId('promotions.coming-soon')).toBeVisible();

  // The rules open under the card; the page passes axe with them open, and nothing scrolls sideways.
  await cards.first().locator('summary').click();
  const rules = cards.first().getByTestId('promotions.rules');
  await expect(rules).toBeVisible();
  await expect(rules).toHaveText(BENGALI);
  await expectNoAxeViolations(page, '/promotions');
  expect(await pageWidth(page)).toBeLessThanOrEqual(360);

  // A category tab keeps only its promotions, and the address says which.
  await page.getByTestId('promotions.tab.DEPOSIT').click();
  await expect(page).toHaveURL(/\?category=DEPOSIT$/);
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toHaveAttribute('data-category', 'DEPOSIT');

  // Its title opens it alone, rules shown; back returns to the list.
  const id = await cards.first().getAttribute('data-id');
  await cards.first().getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`\\?id=${id}$`));
  const detail = page.getByTestId('promotions.detail');
  await expect(detail.getByTestId('promotions.rules')).toHaveText(BENGALI);
  await expectNoAxeViolations(page, `/promotions?id=${id}`);
  expect(await pageWidth(page)).toBeLessThanOrEqual(360);
  await page.getByTestId('promotions.back').click();
  await expect(cards).toHaveCount(10);

  // In English: the same promotions in English words.
  await home.switchLanguage('en');
  await expect(page.getByRole('link', { name: 'Welcome bonus' })).toBeVisible();
  await expect(page.getByTestId('promotions.tab.all')).toHaveText('All');
  await expect(cards.first().getByTestId('promotions.period')).toHaveText(/^From \d{2}\/\d{2}\/\d{4}, no end date$/);
  await expect(cards.first().locator('img')).toHaveAttribute('src', /\/wps\/assets\/banner\/p\d+\.svg$/);
  await expectNoAxeViolations(page, '/promotions (EN)');
});
