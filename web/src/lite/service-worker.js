/* The lite app's service worker (docs/0048). Served as /sw.js; the build
 * (lite-app-plugin.ts) puts `const VERSION = '…'` and `const SHELL = [...]` — the first load's
 * hashed scripts and stylesheets — in front of this file.
 *
 * - Install: the shell's files go into the cache of this version, so the app starts without the
 *   network once installed.
 * - Activate: caches of other versions are dropped; this worker takes the open pages.
 * - Navigations: network first (the gateway's HTML carries the language, the title and the first
 *   banner), the last answer kept as the fallback when offline.
 * - /assets/: content-hashed, never changing: cache first, filled as pages load them.
 * Nothing else is touched: the API (/trpc, /wps, /lgw, /live) always goes to the network.
 */
const CACHE = `lite-${VERSION}`;
const OFFLINE_PAGE = '/__lite-page';
/** Paths the gateway answers itself or passes to the platform: never the app's page. */
const NOT_APP = /^\/(?:trpc|wps|lgw|upload)(?:\/|$)|^\/live\/config(?:\/|$)/;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('lite-') && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

async function navigation(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && response.type === 'basic') await cache.put(OFFLINE_PAGE, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(OFFLINE_PAGE);
    if (cached) return cached;
    throw error;
  }
}

async function asset(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && !NOT_APP.test(url.pathname)) event.respondWith(navigation(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(asset(request));
});
