import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { axeOn } from '../fixtures/axe.ts';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config.ts';
import { switchLanguage } from '../fixtures/accounts.ts';
import { BENGALI } from '../fixtures/pages.ts';
import { expect, test } from '../fixtures/test.ts';

// docs/0048: the installable lite app. Service workers are blocked in every other
// journey (playwright.config.ts); this one lets the site's worker run.
test.use({ serviceWorkers: 'allow' });

test('the lite app: manifest, a worker that caches the shell, the home page offline, and the side menu entry (BN, EN)', async ({ home, page, context }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await home.open('/');
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = (await (await page.request.get(manifestHref!)).json()) as { name: string; display: string };
  await expect(page).toHaveTitle(manifest.name);
  expect(manifest.display).toBe('standalone');

  // The worker installs after the load and holds the first load's files in its cache.
  const cached = await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    const keys = (await caches.keys()).filter((k) => k.startsWith('lite-'));
    const cache = await caches.open(keys[0]!);
    return { keys, urls: (await cache.keys()).map((r) => new URL(r.url).pathname) };
  });
  expect(cached.keys).toHaveLength(1);
  expect(cached.urls.some((u) => /^\/assets\/boot-.*\.js$/.test(u))).toBe(true);
  // The worker controls the page after a reload, which also keeps this page's HTML as the offline fallback.
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // The worker may have claimed the page after that reload's request went to the network (a slow
  // activation): one more reload passes through it, and it keeps the page before answering.
  await page.reload();
  expect(await page.evaluate(async () => (await caches.match('/__lite-page')) !== undefined)).toBe(true);

  // Offline, home still opens: the HTML and scripts come from the worker's cache.
  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('[data-testid="header"], [data-testid="home-shell"]').first()).toBeVisible();
  await context.setOffline(false);
  await page.reload();

  // The side menu's app download panel offers the lite app (headless Chromium makes no install offer:
  // the entry then says where the browser's own menu installs it).
  await page.setViewportSize({ width: 1280, height: 800 });
  const entry = page.getByTestId('side-menu.entry.appDownload');
  await entry.hover();
  const lite = page.getByTestId('app-download.lite');
  await expect(lite).toBeVisible();
  await expect(lite).toContainText(BENGALI);
  expect((await axeOn(page).include('[data-testid="app-download.panel"]').analyze()).violations).toEqual([]);
  await switchLanguage(page, 'en');
  await page.getByTestId('side-menu.entry.appDownload').hover();
  await expect(page.getByTestId('app-download.lite')).toContainText('Lite app');
});

// Installable by Chromium's own criteria: the check Lighthouse's PWA "installable manifest" audit ran
// (Lighthouse 12 dropped its PWA category; the browser still answers the same question). In a browser
// profile of its own: Chromium never offers installation in an incognito context, which every
// Playwright context is.
test('home is installable (Chromium installability criteria, no errors)', async ({ baseURL }) => {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'wl-lite-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    baseURL,
  });
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    await page.goto('/');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    const cdp = await browser.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await browser.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});
