import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';

// Issue 11 item 1: no page pans sideways and no primary button is clipped or covered, on a 360 px
// phone and on a 1280 px desktop, on every route the site serves. The routes come from the
// composer's list (gateway/src/composer/built-routes.json), so a page added later is checked too.
// Read-only: it signs in and looks, it moves nothing. One page per role, the routes looped inside.

const BUILT_ROUTES = JSON.parse(fs.readFileSync(new URL('../../gateway/src/composer/built-routes.json', import.meta.url), 'utf8')) as string[];

/** Routes that need a member session (otherwise they open the login popup). */
const MEMBER_ONLY = /^\/(member|favorite|recent|lottery|seaLottery|vnLottery)(\/|$)/;
/** Agent-centre routes: an agent's session (others are sent to /agent). */
const AGENT_ONLY = /^\/agentHome(\/|$)/;

const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
] as const;

/** What must never be clipped: primary buttons, submit buttons, and the visitor header's login and register. */
const PRIMARY = '.btn--primary, button[type="submit"], [data-testid="header.login"], [data-testid="header.register"]';

/**
 * The page's layout faults: the document wider than the window (with the elements past its edge),
 * and primary buttons outside the window or under something else. A button inside a container that
 * scrolls or clips sideways (a carousel, a scrolling menu) and is scrolled out of it is that
 * container's business, not a fault. With a popup open, only the popup's buttons count.
 */
async function layoutFaults(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const faults: string[] = [];
    const width = window.innerWidth;
    const name = (el: Element) => {
      const testId = el.getAttribute('data-testid');
      return testId ? `[${testId}]` : `${el.tagName.toLowerCase()}${el.classList.length ? `.${Array.from(el.classList).join('.')}` : ''}`;
    };
    const scrollWidth = document.scrollingElement!.scrollWidth;
    if (scrollWidth > width) {
      const wide = Array.from(document.querySelectorAll('body *'))
        .filter((el) => el.getBoundingClientRect().right > width + 1 && getComputedStyle(el).position !== 'fixed')
        .slice(0, 5)
        .map((el) => `${name(el)} to ${Math.round(el.getBoundingClientRect().right)}`);
      faults.push(`document ${scrollWidth} px wide in a ${width} px window (${wide.join(', ')})`);
    }
    // An open popup (a native modal <dialog>, or an element marked aria-modal) is all that can be used: check inside it.
    const dialog = Array.from(document.querySelectorAll('dialog[open], [aria-modal="true"]')).at(-1);
    const scope = dialog ?? document;
    const clippedByScroller = (el: Element, box: DOMRect) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (style.overflowX !== 'visible') {
          const outer = up.getBoundingClientRect();
          if (box.left < outer.left - 1 || box.right > outer.right + 1) return true;
        }
      }
      return false;
    };
    for (const el of Array.from(scope.querySelectorAll(selector))) {
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || clippedByScroller(el, box)) continue;
      if (box.left < -1 || box.right > width + 1) {
        faults.push(`${name(el)} clipped: ${Math.round(box.left)}–${Math.round(box.right)} in ${width} px`);
        continue;
      }
      // Covered: what the window shows at the button's centre must be the button (only where it is on screen).
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (y < 0 || y > window.innerHeight) continue;
      const top = document.elementFromPoint(x, y);
      if (top && top !== el && !el.contains(top)) faults.push(`${name(el)} covered by ${name(top)}`);
    }
    return faults;
  }, PRIMARY);
}

/** Opens a route and waits until its page has settled (no busy placeholders left). */
async function openSettled(page: Page, route: string): Promise<void> {
  await page.goto(route);
  await expect(page.locator('#root > *').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Visits each route at each viewport and collects every fault, so one run names them all. */
async function checkRoutes(page: Page, routes: readonly string[]): Promise<void> {
  expect(routes.length).toBeGreaterThan(0);
  const faults: string[] = [];
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    for (const route of routes) {
      await openSettled(page, route);
      for (const fault of await layoutFaults(page)) faults.push(`${viewport.width}px ${route}: ${fault}`);
    }
  }
  expect(faults).toEqual([]);
}

/** The element is entirely inside the window and nothing lies over its centre. */
async function expectInView(page: Page, target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  expect(box.height).toBeGreaterThanOrEqual(24);
  const onTop = await target.evaluate((el) => {
    const b = el.getBoundingClientRect();
    const top = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
    return top !== null && (top === el || el.contains(top));
  });
  expect(onTop).toBe(true);
}

test.describe.configure({ mode: 'parallel' });
// The layout as most visitors see it, with the marquee, the winner board and the banners moving (the
// other journeys ask for reduced motion, playwright.config.ts).
test.use({ reducedMotion: 'no-preference' });

test('every public route fits 360 px and 1280 px, primary buttons in view (visitor)', async ({ page }) => {
  await checkRoutes(page, BUILT_ROUTES.filter((r) => !MEMBER_ONLY.test(r) && !AGENT_ONLY.test(r)));
});

test.describe('signed in as a member', () => {
  test.use({ memberSignedIn: true });
  test('every member route and home fit 360 px and 1280 px, primary buttons in view', async ({ page }) => {
    await checkRoutes(page, ['/', ...BUILT_ROUTES.filter((r) => MEMBER_ONLY.test(r))]);
  });
});

test('every agent-centre route fits 360 px and 1280 px, primary buttons in view (sub-agent)', async ({ page }) => {
  // A seeded sub-agent of the demo team (docs/0046): read-only here, beside the journeys that use demo_agent.
  await page.goto('/agent');
  await page.getByTestId('agent.username').fill('demo_sub1');
  await page.getByTestId('agent.password').fill('Team1234');
  await page.getByTestId('agent.submit').click();
  const firstLogin = page.getByTestId('first-login.continue');
  await expect(page.getByTestId('agent-home.page').or(firstLogin)).toBeVisible();
  if (await firstLogin.isVisible()) await firstLogin.click();
  await expect(page.getByTestId('agent-home.page')).toBeVisible();
  await checkRoutes(page, BUILT_ROUTES.filter((r) => AGENT_ONLY.test(r)));
});

test('at 360 px the header keeps login and register, the menu is a drawer with labels, and the popups keep every step in view', async ({ home, page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await home.open('/');
  await expectInView(page, page.getByTestId('header.login'));
  await expectInView(page, page.getByTestId('header.register'));

  // The side menu: hidden until the menu button opens it as a drawer whose entries show their labels.
  const menu = page.getByTestId('side-menu');
  await expect(menu).toBeHidden();
  await page.getByTestId('header.menu').click();
  await expect(menu).toBeVisible();
  const firstLabel = menu.locator('.menu-link__text').first();
  await expect(firstLabel).toBeVisible();
  expect((await menu.boundingBox())!.width).toBeGreaterThan(200);
  // The app-download panel opens inside the window.
  await page.getByTestId('side-menu.entry.appDownload').focus();
  const panel = page.getByTestId('app-download.panel');
  await expect(panel).toBeVisible();
  const panelBox = (await panel.boundingBox())!;
  expect(panelBox.x).toBeGreaterThanOrEqual(0);
  expect(panelBox.x + panelBox.width).toBeLessThanOrEqual(360);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  // Login, and the forgot-password popup behind its link (24 px tall at least).
  await page.getByTestId('header.login').click();
  await expectInView(page, page.getByTestId('login.submit'));
  await expectInView(page, page.getByTestId('login.forgot'));
  await page.getByTestId('login.forgot').click();
  await expectInView(page, page.getByTestId('forgot.submit'));
  await page.getByTestId('forgot.close').click();

  // Register on the username tab: the rules show before any submit; a valid form goes to the human
  // check, whose confirm button is in view (the check is cancelled: nobody is registered here).
  await page.getByTestId('header.register').click();
  await expectInView(page, page.getByTestId('register.submit'));
  await page.getByTestId('register.tab.username').click();
  await page.getByTestId('register.field.username').fill('layout360');
  await page.getByTestId('register.field.password').fill('Layout1234');
  await page.getByTestId('register.field.confirmPassword').fill('Layout1234');
  await page.getByTestId('register.field.mobileNum').fill('1912345678');
  await page.getByTestId('register.terms').check();
  await page.getByTestId('register.age').check();
  await page.getByTestId('register.submit').click();
  await expectInView(page, page.getByTestId('register.captcha-submit'));
  await expectInView(page, page.getByTestId('register.captcha'));
  await page.getByTestId('register.captcha-cancel').click();
  // The mobile tab's SMS code asks for the human check first: that step is in view too.
  await page.getByTestId('register.tab.mobile').click();
  await page.getByTestId('register.field.mobileNum').fill('1912345679');
  await page.getByTestId('register.send-code').click();
  await expectInView(page, page.getByTestId('register.captcha-submit'));
  await page.getByTestId('register.captcha-cancel').click();
  expect(await layoutFaults(page)).toEqual([]);
});
