import { axeOn } from '../fixtures/axe.ts';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';

/**
 * docs/0098: the operator makes a manual-apply promotion with a budget in the console and starts it; demo_member,
 * on a 360 px phone, applies to it with a comment and two images (a PDF named .png is refused under
 * its file); the operator approves an amount; the member sees it issued, the bonus in the bonus
 * wallet. It adds a promotion every page lists, so it runs with the shared-state journeys.
 */

test.use({ memberSignedIn: true, operatorSignedIn: true });

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
/** SOI, APP0 and a baseline frame header of 2 × 2: a JPEG header that decodes. */
const JPG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00,
  0x02, 0x00, 0x02, 0x01, 0x01, 0x11, 0x00, 0xff, 0xd9,
]);
const TITLE = `Share your win ${Date.now()}`;

async function expectNoAxeViolations(page: Page, where: string) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const result = await axeOn(page).analyze();
  expect(result.violations.map((v) => `${where} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('a member applies with two images, the operator approves, the member sees it issued', async ({ page, operator }) => {
  // The console: a new manual-apply promotion (its default terms: at most ৳1,000), then started.
  const console = operator.page;
  await operator.open();
  await console.getByTestId('operator.promotion-new').click();
  const form = console.getByTestId('operator.promotion-form');
  await form.getByTestId('operator.promotion-form.titleEn').fill(TITLE);
  await form.getByTestId('operator.promotion-form.titleBn').fill('আপনার জয় শেয়ার করুন');
  await form.getByTestId('operator.promotion-form.rulesEn').fill('Send a screenshot of your win.');
  await form.getByTestId('operator.promotion-form.rulesBn').fill('আপনার জয়ের একটি স্ক্রিনশট পাঠান।');
  // A paying promotion goes live only with a budget (docs/0100; the owner approves its own money).
  await form.getByTestId('operator.promotion-form.budget').fill('5000');
  await form.getByTestId('operator.promotion-form.save').click();
  await expect(form).toHaveCount(0);
  const row = console.locator('[data-testid^="operator.promotion."][data-status]').filter({ hasText: TITLE });
  await expect(row).toHaveAttribute('data-status', 'draft');
  const id = (await row.getAttribute('data-testid'))!.split('.')[2]!;
  await console.getByTestId(`operator.promotion.${id}.active`).click();
  await expect(row).toHaveAttribute('data-status', 'active');

  // The member, on a phone, opens it and applies.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/promotions?id=${id}`);
  const apply = page.getByTestId('apply.section');
  await expect(apply).toBeVisible();
  await apply.getByTestId('apply.comment').fill('Won big on the slot yesterday');
  await expect(apply.getByTestId('apply.count')).toContainText('২৯');
  const files = apply.getByTestId('apply.file');
  await files.setInputFiles({ name: 'statement.png', mimeType: 'image/png', buffer: Buffer.from('%PDF-1.7\n1 0 obj<<>>endobj\n%%EOF\n') });
  await expect(apply.getByTestId('apply.image.0.error')).toHaveText('এই ফাইলটি PNG বা JPG ছবি নয়।');
  await apply.getByTestId('apply.image.0.remove').click();
  await files.setInputFiles([
    { name: 'win.png', mimeType: 'image/png', buffer: PNG },
    { name: 'win.jpg', mimeType: 'image/jpeg', buffer: JPG },
  ]);
  await expect(apply.locator('.apply__image img')).toHaveCount(2);
  await expect(apply.locator('.apply__image .spinner')).toHaveCount(0);
  await expectNoAxeViolations(page, `/promotions?id=${id}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await apply.getByTestId('apply.submit').click();
  await expect(apply.getByTestId('apply.state')).toHaveAttribute('data-state', 'applying');

  // The operator sees the application with its two images and approves ৳250.
  await operator.open();
  const application = console.locator('[data-testid^="operator.application."][data-state="pending"]').filter({ hasText: TITLE });
  await expect(application).toContainText('Won big on the slot yesterday');
  await application.getByTestId('operator.application-image.2').click();
  await expect(application.locator('img.proof__image')).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  const applicationId = (await application.getAttribute('data-testid'))!.split('.')[2]!;
  await console.getByTestId(`operator.application.${applicationId}.amount`).fill('250');
  await console.getByTestId(`operator.application.${applicationId}.approve`).click();
  await expect(console.locator(`[data-testid="operator.application.${applicationId}"]`)).toHaveCount(0);

  // The member sees it issued, the bonus in the bonus wallet.
  await page.reload();
  const state = page.getByTestId('apply.state');
  await expect(state).toHaveAttribute('data-state', 'issued');
  await expect(state).toContainText('২৫০');
});
