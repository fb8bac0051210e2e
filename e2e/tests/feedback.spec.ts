import { axeOn } from '../fixtures/axe.ts';
import type { Page } from '@playwright/test';
import { registerAccount, switchLanguage } from '../fixtures/accounts.ts';
import { BENGALI } from '../fixtures/pages.ts';
import { expect, test } from '../fixtures/test.ts';

/**
 * docs/0111: a member of its own sends feedback from the side menu's entry on a 360 px phone in BN
 * (a PDF named png refused under the file, a PNG taken), the operator answers it in the console
 * (the member's own feedback, found by username: no shared state changes), and the member reads the
 * answer on a desktop in EN. axe finds nothing on either member page.
 */
test.use({ operatorSignedIn: true });

/** A 1 × 1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const CONTENT = 'My withdrawal of 500 has not arrived after two days.';
const REPLY = 'We checked it: it was paid this morning. Please look again.';

async function expectNoAxeViolations(page: Page, where: string) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const result = await axeOn(page).analyze();
  expect(result.violations.map((v) => `${where} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('a member sends feedback, the operator replies, the member reads the reply', async ({ page, home, request, operator }) => {
  const member = await registerAccount(request, 'fdb');

  // BN, on a phone: the side menu's entry opens the page.
  await page.setViewportSize({ width: 360, height: 740 });
  await home.open('/');
  await home.login(member.username, member.password);
  await page.getByTestId('header.menu').click();
  await page.getByTestId('side-menu.entry.feedback').click();
  await expect(page).toHaveURL(/\/member\/feedback$/);
  const form = page.getByTestId('feedback.form');
  await expect(page.getByTestId('feedback.empty')).toHaveText(BENGALI);
  await form.getByTestId('feedback.type').selectOption('withdraw');
  await form.getByTestId('feedback.content').fill('too short');
  await expect(form.getByTestId('feedback.submit')).toBeDisabled();
  await form.getByTestId('feedback.content').fill(CONTENT);
  const files = form.getByTestId('feedback.file');
  await files.setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: Buffer.from('%PDF-1.7\n1 0 obj<<>>endobj\n%%EOF\n') });
  await expect(form.getByTestId('feedback.image.0.error')).toHaveText('এই ফাইলটি PNG বা JPG ছবি নয়।');
  await form.getByTestId('feedback.image.0.remove').click();
  await files.setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.locator('.apply__image img')).toHaveCount(1);
  await expect(form.locator('.apply__image .spinner')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page, '/member/feedback (BN, 360 px)');
  await form.getByTestId('feedback.submit').click();
  await expect(form.getByTestId('feedback.sent')).toHaveText(BENGALI);
  const item = page.locator('[data-testid^="feedback.item."][data-state]');
  await expect(item).toHaveCount(1);
  await expect(item).toHaveAttribute('data-state', 'open');
  const id = (await item.getAttribute('data-testid'))!.split('.')[2]!;

  // The operator finds the member's feedback by username, opens it (the image is there) and replies.
  await operator.open();
  const inbox = operator.page.getByTestId('operator.feedback');
  await inbox.getByTestId('operator.feedback.username').fill(member.username);
  await inbox.getByTestId('operator.feedback.filter').click();
  const row = inbox.getByTestId(`operator.feedback.${id}`);
  await row.getByTestId(`operator.feedback.${id}.toggle`).click();
  await expect(row.getByTestId(`operator.feedback.${id}.content`)).toHaveText(CONTENT);
  await row.getByTestId(`operator.feedback.${id}.image.1`).click();
  await expect(row.locator('img.proof__image')).toBeVisible();
  await row.getByTestId(`operator.feedback.${id}.reply`).fill(REPLY);
  await row.getByTestId(`operator.feedback.${id}.send`).click();
  await expect(row.getByTestId(`operator.feedback.${id}.opened`)).toHaveAttribute('data-state', 'replied');

  // EN, on a desktop: the member reads the reply from the support team.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  await switchLanguage(page, 'en');
  const answered = page.getByTestId(`feedback.item.${id}`);
  await expect(answered).toHaveAttribute('data-state', 'replied');
  await expect(page.getByTestId(`feedback.item.${id}.state`)).toHaveText('Answered');
  const reply = answered.locator('[data-testid$=".message"][data-from="operator"]');
  await expect(reply).toContainText('Support team');
  await expect(reply).toContainText(REPLY);
  await expectNoAxeViolations(page, '/member/feedback (EN, desktop)');
});
