import type { Page } from '@playwright/test';
import { axeOn } from '../fixtures/axe.ts';
import { registerAccount, switchLanguage } from '../fixtures/accounts.ts';
import { DEMO } from '../fixtures/pages.ts';
import { ANNOUNCEMENT_SEEN_KEYS, expect, test } from '../fixtures/test.ts';
import { HomePage } from '../fixtures/pages.ts';

// docs/0117: two members registered here chat in the lobby room, one in BN at 360 px (reaching the points
// mall and then the chat room's modal through the side menu, docs/0121), the other in EN on a desktop
// (the chat page's deep link); each sees the other's line arrive live.
// An operator mutes the second (a fresh member: no shared state changes) and its next send is refused
// with the mute's end.
test.use({ announcementsSeen: true });

/** Nothing pans sideways at the page's width, and axe finds nothing. */
async function checkPage(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  expect((await axeOn(page).analyze()).violations).toEqual([]);
}

test('two members chat live; an operator mutes one and its next send is refused with the mute’s end', async ({ page, home, browser, request, operator }) => {
  const [a, b] = await Promise.all([registerAccount(request, 'chta'), registerAccount(request, 'chtb')]);

  // A: BN at 360 px. The side menu names the points mall and the chat room in words (the config carries
  // them, docs/0121): the first opens the mall, the second the chat room's modal over the page.
  await page.setViewportSize({ width: 360, height: 740 });
  await home.open('/');
  await home.login(a.username, a.password);
  await page.getByTestId('header.menu').click();
  await expect(page.getByTestId('side-menu.entry.pointMall')).toHaveText('পয়েন্ট মল');
  await page.getByTestId('side-menu.entry.pointMall').click();
  await expect(page).toHaveURL(/\/pointMall$/);
  await expect(page.getByTestId('points.balance')).toBeVisible();
  await page.getByTestId('header.menu').click();
  await expect(page.getByTestId('side-menu.entry.chatRoom')).toHaveText('চ্যাট রুম');
  await page.getByTestId('side-menu.entry.chatRoom').click();
  await expect(page.getByTestId('chat-modal')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'চ্যাট রুম' })).toBeVisible();
  await expect(page).toHaveURL(/\/pointMall$/);
  const hello = `নমস্কার <b>${a.username}</b>`;
  await page.getByTestId('chat.text').fill(hello);
  await page.getByTestId('chat.send').click();
  await expect(page.getByTestId('chat.message').filter({ hasText: hello })).toBeVisible();
  await expect(page.getByTestId('chat.text')).toHaveValue('');
  await checkPage(page, 360);

  // B: EN on a desktop, in a browser of its own; sees A's line as text, answers, and A sees it live.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript((keys) => keys.forEach((k) => sessionStorage.setItem(k, 'true')), [...ANNOUNCEMENT_SEEN_KEYS]);
  const pageB = await context.newPage();
  const homeB = new HomePage(pageB);
  await homeB.open('/');
  await switchLanguage(pageB, 'en');
  await homeB.login(b.username, b.password);
  await pageB.goto('/member?page=chatRoom');
  await expect(pageB.getByRole('heading', { name: 'Chat room' })).toBeVisible();
  await expect(pageB.getByTestId('chat.message').filter({ hasText: hello })).toBeVisible();
  await pageB.getByTestId('chat.text').fill('Hello from B');
  await pageB.getByTestId('chat.send').click();
  await expect(page.getByTestId('chat.message').filter({ hasText: 'Hello from B' })).toBeVisible();
  await checkPage(pageB, 1280);

  // The operator mutes B for ten minutes, with a reason.
  await operator.login(DEMO.operator.username, DEMO.operator.password);
  const panel = operator.page.getByTestId('operator.chat');
  await panel.getByTestId('operator.chat.reason').fill('Journey: mute a fresh member');
  await panel.getByTestId('operator.chat.username').fill(b.username);
  await panel.getByTestId('operator.chat.minutes').fill('10');
  await panel.getByTestId('operator.chat.mute').click();
  await expect(panel.getByTestId('operator.chat.muted').filter({ hasText: b.username })).toBeVisible();

  // B's next send is refused with the time the mute ends; nothing is stored.
  await pageB.getByTestId('chat.text').fill('Am I muted?');
  await pageB.getByTestId('chat.send').click();
  await expect(pageB.getByTestId('chat.muted')).toContainText('You are muted in the chat room until');
  await expect(page.getByTestId('chat.message').filter({ hasText: 'Am I muted?' })).toHaveCount(0);
  await checkPage(pageB, 1280);
  await context.close();
});
