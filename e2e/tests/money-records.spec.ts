import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { BENGALI_WITHOUT_ASCII_DIGITS, switchLanguage, trpc, walkedOnceIn } from '../fixtures/accounts.ts';
import { memberToken } from '../fixtures/money-withdraw.ts';
import { BENGALI } from '../fixtures/pages.ts';
import { expect, test } from '../fixtures/test.ts';

// docs/0031 journeys: the account record filtered by type, paged, and exported as CSV, in BN
// and EN. Rows to page through are made by real calls (transfers to the upline), not seeded.
test.use({ memberSignedIn: true });

const TRANSFERS = 23;

test.beforeAll(async ({ request }) => {
  const token = await memberToken(request);
  for (let i = 0; i < TRANSFERS; i += 1) {
    await trpc(request, 'mutation', 'transfer.toUpline', { amountMinor: 100 + i, key: `e2e-records-${randomUUID()}`, remark: '' }, token);
  }
});

for (const lang of walkedOnceIn('bn')) {
  test(`the account record: filtered, paged and exported as CSV (${lang})`, async ({ home, page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await home.open('/');
    await switchLanguage(page, lang);
    await page.goto('/member/transactionHistory');
    const rows = page.getByTestId('records.row');
    await expect(rows).toHaveCount(20);

    // Only transfers: at least the ones made above, over two pages.
    await page.getByTestId('records.type').selectOption('transfer');
    await expect(rows.first()).toHaveAttribute('data-type', 'transfer');
    await expect(page.getByTestId('records.totals')).toHaveText(lang === 'en' ? /^\d+ rows · in .* · out ৳[\d,]+\.\d{2}$/ : BENGALI_WITHOUT_ASCII_DIGITS);
    await expect(page.getByTestId('records.page-of')).toHaveText(lang === 'en' ? /^Page 1 of [2-9]$/ : BENGALI_WITHOUT_ASCII_DIGITS);
    const firstOnPage1 = await rows.first().textContent();
    await page.getByTestId('records.next').click();
    // BN digits are docs/0056's (the page number may show as 2 or ২ until then).
    await expect(page.getByTestId('records.page-of')).toHaveText(lang === 'en' ? /^Page 2 of / : /^[\u0980-\u09FF]+ ২ /);
    await expect(rows.first()).not.toHaveText(firstOnPage1 ?? '');
    await expect(page.getByTestId('records.prev')).toBeEnabled();

    // A range that ends before it starts is refused in the form, translated.
    await page.getByTestId('records.from').fill('2026-01-10');
    await page.getByTestId('records.to').fill('2026-01-01');
    await expect(page.getByTestId('records.range-error')).toHaveText(lang === 'en' ? 'The end date must not be before the start date.' : BENGALI);
    await page.getByTestId('records.quick.7').click();
    await expect(page.getByTestId('records.range-error')).toHaveCount(0);

    // The whole filter (every page) as CSV, with a header row in the page language.
    const download = page.waitForEvent('download');
    await page.getByTestId('records.export').click();
    const file = await (await download).path();
    const lines = readFileSync(file, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(lang === 'en' ? '"Time","Type","Vendor","Amount","Balance after"' : lines[0]);
    if (lang === 'bn') expect(lines[0]).toMatch(BENGALI);
    expect(lines.length - 1).toBeGreaterThanOrEqual(TRANSFERS);
    await expect(page.getByTestId('records.export-note')).toBeVisible();
    expect(await page.evaluate(() => document.querySelector('[data-testid="records.page"]')!.scrollWidth)).toBeLessThanOrEqual(360);
  });
}
