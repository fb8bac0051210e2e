import type { Page } from '@playwright/test';
import type { TAnnouncements } from '@wl/schemas';
import { axeOn } from '../fixtures/axe.ts';
import { DEMO, OperatorConsole } from '../fixtures/pages.ts';
import { ANNOUNCEMENT_SEEN_KEYS, expect, test } from '../fixtures/test.ts';

/**
 * Configuration change sets (docs/0123) with the site's words (docs/0133): the content role drafts the
 * second home banner's and the visitors' popup's Bengali titles, takes the first home banner off the
 * site (docs/0139) and a switch (free play off) on a 360 px phone, previews the site with them (the popup, the banner with its artwork drawn with the new words,
 * the header without free play, docs/0131) while members still see the old ones, and publishes;
 * a member's home page open on a desktop shows the new banner first (the hidden one gone) without a
 * reload, and a new visitor the new popup. The owner then restores the version before in EN: the
 * open page shows the first banner again, and the site's announcements are as they were. Axe-clean, no sideways scroll at 360 px.
 */
test.use({ memberSignedIn: true });

const CONTENT = { username: 'demo_content', password: 'Content1234' };

async function noSidewaysScroll(page: Page) {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

test('content drafts the home banner, a popup and a switch, previews and publishes them to open pages; the owner restores the version before', async ({
  page,
  operator,
  request,
  browser,
}) => {
  const announcements = async () => {
    const published = await request.get(`/trpc/content.announcements?input=${encodeURIComponent(JSON.stringify({ language: 'bn' }))}`);
    return ((await published.json()) as { result: { data: TAnnouncements } }).result.data;
  };
  const found = await announcements();
  const [hidden, banner] = found.banners.filter((b) => b.groupName === 'w_home') as [TAnnouncements['banners'][number], TAnnouncements['banners'][number]];
  const popup = found.popup.find((p) => p.execution === 'B')!;
  const newTitle = `জার্নির অফার ${Date.now() % 100_000}`;
  const newPopupTitle = `নতুন ঘোষণা ${Date.now() % 100_000}`;

  // A member's home page, open on a desktop in BN, keeps showing the published banner meanwhile.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const memberBanner = page.getByTestId('home.banner.slide').first();
  await expect(memberBanner).toHaveAttribute('aria-label', hidden.title);

  const console = operator.page;
  await console.setViewportSize({ width: 360, height: 740 });
  // The content role has no maintenance switch, the console's usual sign of a finished login.
  await console.goto('/operator');
  await console.getByTestId('operator.username').fill(CONTENT.username);
  await console.getByTestId('operator.password').fill(CONTENT.password);
  await console.getByTestId('operator.submit').click();
  const panel = console.getByTestId('operator.config-changes');
  await expect(panel.getByTestId('operator.config-changes.new')).toBeVisible();
  const cards = panel.locator('article[data-testid^="operator.config-changes.draft."]');
  const before = await cards.evaluateAll((all) => all.map((a) => a.getAttribute('data-testid')));
  await panel.getByTestId('operator.config-changes.new').click();
  await expect(cards).toHaveCount(before.length + 1);
  const tid = (await cards.evaluateAll((all, known) => all.map((a) => a.getAttribute('data-testid')).find((id) => !known.includes(id)), before))!;
  const card = panel.getByTestId(tid);
  // The draft's saved changes are the card's list items (the field picker's options name every field).
  const saved = (text: string) => card.getByRole('listitem').filter({ hasText: text });

  // Each text starts as it is now and is edited in place.
  const field = panel.getByTestId(`${tid}.field`);
  const value = panel.getByTestId(`${tid}.value`);
  await field.selectOption(`content.banner.${banner.id}.titleBn`);
  await expect(value).toHaveValue(banner.title);
  await value.fill(newTitle);
  await panel.getByTestId(`${tid}.add`).click();
  await expect(saved(newTitle)).toBeVisible();
  await field.selectOption(`content.popup.${popup.id}.titleBn`);
  await expect(value).toHaveValue(popup.title);
  await value.fill(newPopupTitle);
  await panel.getByTestId(`${tid}.add`).click();
  await expect(saved(newPopupTitle)).toBeVisible();
  // The first home banner taken off the site (its row stays, docs/0139): the retitled one comes first.
  await field.selectOption(`content.banner.${hidden.id}.shown`);
  await value.selectOption('false');
  await panel.getByTestId(`${tid}.add`).click();
  await expect(saved(`content.banner.${hidden.id}.shown`)).toBeVisible();
  // And a switch in the same draft: free play off.
  await field.selectOption('flag.FREEPLAY3');
  await value.selectOption('false');
  await panel.getByTestId(`${tid}.add`).click();
  await expect(saved('flag.FREEPLAY3')).toBeVisible();
  await noSidewaysScroll(console);

  // The preview: the visitor's popup and the banner with the draft's words, for the author alone.
  await console.evaluate((keys) => keys.forEach((key) => sessionStorage.removeItem(key)), [...ANNOUNCEMENT_SEEN_KEYS]);
  await panel.getByTestId(`${tid}.preview`).click();
  await expect(console.getByTestId('config-preview.bar')).toBeVisible();
  const previewPopup = console.getByTestId('popup.announcement');
  await expect(previewPopup).toContainText(newPopupTitle);
  expect((await axeOn(console).analyze()).violations).toEqual([]);
  await console.getByTestId('popup.close').click();
  await expect(console.getByTestId('header.login')).toBeVisible();
  await expect(console.getByTestId('header.freeplay')).toHaveCount(0);
  const previewBanner = console.getByTestId('home.banner.slide').first();
  await expect(previewBanner).toHaveAttribute('aria-label', newTitle);
  await expect(previewBanner.locator('img')).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  await noSidewaysScroll(console);
  expect((await axeOn(console).analyze()).violations).toEqual([]);
  await expect(memberBanner).toHaveAttribute('aria-label', hidden.title);
  await console.getByTestId('config-preview.leave').click();
  await expect(card).toContainText(newPopupTitle);

  // Published: words need no second operator. The open page shows the new banner without a reload.
  await panel.getByTestId(`${tid}.comment`).fill('journey banner words');
  await panel.getByTestId(`${tid}.publish`).click();
  await expect(panel.getByTestId('operator.config-changes.notice')).toContainText('সংস্করণ');
  await expect(memberBanner).toHaveAttribute('aria-label', newTitle);
  await expect(memberBanner.locator('img')).toHaveAttribute('src', /\?v=/);
  const visitor = await browser.newContext({ viewport: { width: 360, height: 740 }, reducedMotion: 'reduce', serviceWorkers: 'block' });
  try {
    const fresh = await visitor.newPage();
    await fresh.goto('/');
    await expect(fresh.getByTestId('popup.announcement')).toContainText(newPopupTitle);
  } finally {
    await visitor.close();
  }

  // The owner restores the version before, in EN on a phone of their own: the open page shows the old banner again.
  const versions = panel.getByTestId('operator.config-changes.versions');
  const ours = versions.locator('li').filter({ hasText: 'journey banner words' }).first();
  const number = Number((await ours.getAttribute('data-testid'))!.split('.').pop());
  const ownerContext = await browser.newContext({ viewport: { width: 360, height: 740 }, reducedMotion: 'reduce', serviceWorkers: 'block' });
  try {
    const owner = new OperatorConsole(await ownerContext.newPage());
    await owner.login(DEMO.operator.username, DEMO.operator.password);
    await owner.page.evaluate(() => localStorage.setItem('language', 'en'));
    await owner.open();
    const ownerPanel = owner.page.getByTestId('operator.config-changes');
    await expect(ownerPanel.getByRole('heading', { level: 2 })).toHaveText('Configuration changes');
    await ownerPanel.getByTestId(`operator.config-changes.restore-comment.${number - 1}`).fill('the old banner back');
    await ownerPanel.getByTestId(`operator.config-changes.restore.${number - 1}`).click();
    await expect(ownerPanel.getByTestId('operator.config-changes.versions')).toContainText('the old banner back');
    await expect(memberBanner).toHaveAttribute('aria-label', hidden.title);
    await expect.poll(announcements).toEqual(found);
    await noSidewaysScroll(owner.page);
    expect((await axeOn(owner.page).include('[data-testid="operator.config-changes"]').analyze()).violations).toEqual([]);
  } finally {
    await ownerContext.close();
  }
});
