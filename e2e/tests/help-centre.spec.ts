import { axeOn } from '../fixtures/axe.ts';
import type { Page } from '@playwright/test';
import { BENGALI } from '../fixtures/pages.ts';
import { expect, test } from '../fixtures/test.ts';

/**
 * The help centre (docs/0109, docs/rules/content.md#c-12): a visitor on a desktop in BN (the
 * default) finds every game picture named in Bengali, opens the app-download panel inside the
 * window, follows the footer's "about us" to its section of /help, opens the help-centre modal;
 * then on a 360 px phone in EN reads the beginner guide from the contents list and the phone's own
 * installation guide. axe finds nothing, nothing scrolls sideways. Read-only: it runs beside the
 * other journeys (the console's editing is proved in platform/src/content/help.test.ts).
 */

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };

async function expectNoAxeViolations(page: Page, where: string) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const result = await axeOn(page).analyze();
  expect(result.violations.map((v) => `${where} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** The section is on screen (its top inside the window): the page scrolled to the hash. */
async function expectScrolledTo(page: Page, testId: string) {
  const section = page.getByTestId(testId);
  await expect(section).toBeVisible();
  await expect.poll(async () => (await section.boundingBox())!.y).toBeLessThan(page.viewportSize()!.height / 2);
}

test('a visitor reads the help centre in BN on a desktop and in EN on a phone', async ({ home, page }) => {
  await page.setViewportSize(DESKTOP);
  await home.open('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(home.tiles().first()).toBeVisible();

  // Every picture of the BN home is named in Bengali or is decorative (alt ""): a game's or a
  // vendor's Latin name ("Kickoff X" on the sports entrance) once named a picture on the BN page.
  const alts = await page.locator('main img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt')));
  expect(alts.length).toBeGreaterThan(5);
  expect(alts.filter((alt) => alt === null || (alt !== '' && !/[\u0980-\u09FF]/.test(alt)))).toEqual([]);

  // The app-download panel opens inside the 1280×800 window, all of it (it once opened below it).
  await expect(page.getByTestId('side-menu.toggle')).toHaveAttribute('aria-expanded', 'true');
  await page.getByTestId('side-menu.entry.appDownload').hover();
  const panel = page.getByTestId('app-download.panel');
  await expect(panel.getByTestId('app-download.qr').first()).toBeVisible();
  const box = (await panel.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(DESKTOP.height);
  expect(box.x + box.width).toBeLessThanOrEqual(DESKTOP.width);
  await page.mouse.move(900, 300);
  await expect(panel).toBeHidden();

  // The footer's "about us" leads to its section of /help, in Bengali.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const about = page.getByTestId('footer.entry.aboutUs');
  await expect(about).toHaveText(BENGALI);
  await about.click();
  await expect(page).toHaveURL(/\/help#about$/);
  await expectScrolledTo(page, 'help.section.about');
  await expect(page.getByTestId('help.section.about').locator('h3')).toHaveText('আমাদের সম্পর্কে');
  await expect(page.getByTestId('help.section.about').locator('p').first()).toHaveText(BENGALI);
  await expect(page.getByTestId('help.section.guide').locator('h4').first()).toHaveText(BENGALI);
  await expectNoAxeViolations(page, '/help (BN)');

  // The footer's help centre opens the help-centre modal over the page: its sections behind tabs.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByTestId('footer.entry.helpCentre').click();
  const modal = page.getByTestId('help-modal');
  await expect(modal.getByTestId('help-modal.section.about')).toHaveText(BENGALI);
  await modal.getByTestId('help-modal.tab.guide').click();
  await expect(modal.getByTestId('help-modal.section.guide').locator('h3').first()).toHaveText(BENGALI);
  await expectNoAxeViolations(page, 'help-centre modal (BN)');
  await page.getByTestId('help-modal.close').click();
  await expect(modal).toBeHidden();

  // On a phone, in English: the beginner guide from the contents list, and the phone's own
  // installation guide (the help-centre call's device), with nothing wider than the window.
  await page.setViewportSize(PHONE);
  await page.goto('/help');
  await home.switchLanguage('en');
  await page.getByTestId('help.contents').getByRole('link', { name: 'Beginner guide' }).click();
  await expect(page).toHaveURL(/\/help#guide$/);
  await expectScrolledTo(page, 'help.section.guide');
  await expect(page.getByTestId('help.section.guide').locator('h4').first()).toHaveText('1. Open an account');
  await expect(page.getByTestId('help.section.install')).toContainText('home screen');
  await expect(page.getByTestId('help.section.install')).not.toContainText('scan the iOS code');
  await expectNoAxeViolations(page, '/help (EN, 360 px)');
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
});
