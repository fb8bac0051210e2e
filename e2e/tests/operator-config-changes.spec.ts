import { axeOn } from '../fixtures/axe.ts';
import { ANNOUNCEMENT_SEEN_KEYS, expect, test } from '../fixtures/test.ts';

/**
 * Configuration change sets (docs/0123): the owner drafts a switch, previews the site with it
 * (docs/0131), publishes it with a comment and finds the version; at 360 px, in BN then EN,
 * axe-clean. The switch is put back as found.
 */
test('the owner drafts a switch, previews the site with it, publishes it as a version, and the console shows it', async ({ operator }) => {
  const console = operator.page;
  try {
    await operator.inBothLanguagesAt360(async (lang) => {
      const panel = console.getByTestId('operator.config-changes');
      await expect(panel.getByRole('heading', { level: 2 })).toHaveText(lang === 'bn' ? 'কনফিগারেশনের পরিবর্তন' : 'Configuration changes');
      if (lang === 'bn') {
        await panel.getByTestId('operator.config-changes.new').click();
        const card = panel.locator('article[data-testid^="operator.config-changes.draft."]').first();
        const tid = (await card.getAttribute('data-testid'))!;
        await expect(panel.getByTestId(`${tid}.field`).locator('option[value="flag.FREEPLAY3"]')).toHaveCount(1);
        await panel.getByTestId(`${tid}.field`).selectOption('flag.FREEPLAY3');
        await panel.getByTestId(`${tid}.value`).selectOption('false');
        await panel.getByTestId(`${tid}.add`).click();
        await expect(card).toContainText('flag.FREEPLAY3');
        // The draft previewed on the site (docs/0131): the visitor's header without free play, under
        // the preview's bar, while the published site still offers it; then back to the console.
        // The site's announcement popup would cover the page as in every journey (fixtures/test.ts).
        await console.evaluate((keys) => keys.forEach((key) => sessionStorage.setItem(key, 'true')), [...ANNOUNCEMENT_SEEN_KEYS]);
        await panel.getByTestId(`${tid}.preview`).click();
        await expect(console.getByTestId('config-preview.bar')).toContainText('পূর্বরূপ');
        await expect(console.getByTestId('header.login')).toBeVisible();
        await expect(console.getByTestId('header.freeplay')).toHaveCount(0);
        await expect.poll(() => console.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        expect((await axeOn(console).analyze()).violations).toEqual([]);
        const published = await console.context().newPage();
        await published.goto('/');
        await expect(published.getByTestId('header.freeplay')).toBeVisible();
        await published.close();
        await console.getByTestId('config-preview.leave').click();
        await expect(console.getByTestId('operator.maintenance')).toBeVisible();
        await expect(card).toContainText('flag.FREEPLAY3');
        await panel.getByTestId(`${tid}.comment`).fill('journey switch');
        await panel.getByTestId(`${tid}.publish`).click();
        await expect(panel.getByTestId('operator.config-changes.notice')).toContainText('সংস্করণ');
        await expect(console.getByTestId('operator.flag.FREEPLAY3')).toBeChecked({ checked: false });
      }
      await expect(panel.getByTestId('operator.config-changes.versions')).toContainText('journey switch');
      await expect.poll(() => console.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      const axe = await axeOn(console).include('[data-testid="operator.config-changes"]').analyze();
      expect(axe.violations).toEqual([]);
    });
  } finally {
    await operator.setSwitch('operator.flag.FREEPLAY3', true);
  }
});
