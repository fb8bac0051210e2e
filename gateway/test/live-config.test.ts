import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPlatform } from '@wl/platform/embedded';
import { createTestSchema } from '@wl/platform/test-support/pg-schema';
import { WPS_PATHS } from '@wl/schemas';
import { LIVE_CONFIG_PATH } from '../src/live/config-streams.ts';
import { testEnv } from './env.ts';
import { ACCOUNTS, CAPTCHA_TEST_KEY, HARNESS_GATEWAY_SECRET, startGateway, startHarnessPlatform, type THarness } from './harness.ts';
import { openPage, openPages, type TLivePage } from './live-pages.ts';

/** Enough for one test client to hold every page (the per-IP cap has its own test). */
const MANY = { perIp: 5000, total: 5000 };
/** No poll would see a change within a test's ceiling: only the upstream's watch can. */
const NO_POLL = 3_600_000;

async function operatorOf(h: THarness) {
  const { token } = await h.client().operator.login.mutate(ACCOUNTS.operator);
  return h.client({ token }).operator;
}

/** Flips MOBILENUMREG3 (it changes the visitor's registration form); answers the version it made. */
async function flip(h: THarness): Promise<{ version: number; enabled: boolean }> {
  const operator = await operatorOf(h);
  const hadMobileTab = (await h.client().config.screen.query({ language: 'en' })).forms.register.tabs.includes('mobile');
  const { version } = await operator.setFlag.mutate({ modId: 'MOBILENUMREG3', enabled: !hadMobileTab });
  return { version, enabled: !hadMobileTab };
}

async function everyPageReaches(pages: TLivePage[], version: number): Promise<void> {
  await Promise.all(pages.map((page) => page.reached(version)));
}

describe('live config stream, one instance', () => {
  let h: THarness;
  beforeAll(async () => {
    h = await startGateway({ configPollMs: NO_POLL, liveStreams: MANY });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('a flag change reaches 1,000 open pages, and their refetch sees it', async () => {
    const pages = await openPages(h.baseUrl + LIVE_CONFIG_PATH, 1000);
    expect(pages.every((p) => p.status === 200)).toBe(true);
    const before = await h.client().config.screen.query({ language: 'en' });
    await everyPageReaches(pages, before.configVersion);

    const change = await flip(h);
    expect(change.version).toBeGreaterThan(before.configVersion);
    await everyPageReaches(pages, change.version);
    expect(pages.every((p) => p.versions.at(-1) === change.version)).toBe(true);

    const after = await h.client().config.screen.query({ language: 'en' });
    expect(after.configVersion).toBe(change.version);
    expect(after.forms.register.tabs.includes('mobile')).toBe(change.enabled);
    for (const page of pages) page.close();
  });

  it('keeps the security headers and speaks text/event-stream, uncompressed', async () => {
    const page = await openPage(h.baseUrl + LIVE_CONFIG_PATH, { 'accept-encoding': 'gzip, br' });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache, no-transform');
    expect(page.headers['content-encoding']).toBeUndefined();
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['permissions-policy']).toContain('camera=()');
    expect(page.headers['access-control-allow-origin']).toBeUndefined();
    page.close();
  });

  it('resumes with Last-Event-ID: the current version only to a page that lacks it', async () => {
    const { configVersion: current } = await h.client().config.screen.query({ language: 'en' });
    const missed = await openPage(h.baseUrl + LIVE_CONFIG_PATH, { 'last-event-id': String(current - 1) });
    const upToDate = await openPage(h.baseUrl + LIVE_CONFIG_PATH, { 'last-event-id': String(current) });
    const firstVisit = await openPage(`${h.baseUrl}${LIVE_CONFIG_PATH}?since=${current}`);
    await missed.reached(current);
    const change = await flip(h);
    await everyPageReaches([missed, upToDate, firstVisit], change.version);
    expect(missed.versions).toEqual([current, change.version]);
    // Told nothing on connect: the first version they hear is the change.
    expect(upToDate.versions).toEqual([change.version]);
    expect(firstVisit.versions).toEqual([change.version]);
    for (const page of [missed, upToDate, firstVisit]) page.close();
  });

  it('is not served as the web app, and refuses other methods', async () => {
    const res = await fetch(`${h.baseUrl}${LIVE_CONFIG_PATH}`, { method: 'POST' });
    expect(res.status).toBe(404);
  });
});

describe('live config stream limits and shutdown', () => {
  it('refuses a client over its cap of open streams (429), and everyone over the total (503)', async () => {
    const h = await startGateway({ liveStreams: { perIp: 3, total: 1000 } });
    try {
      const held = await openPages(h.baseUrl + LIVE_CONFIG_PATH, 3);
      expect(held.map((p) => p.status)).toEqual([200, 200, 200]);
      const refused = await openPage(h.baseUrl + LIVE_CONFIG_PATH);
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe('30');
      for (const page of held) page.close();
    } finally {
      await h.close();
    }
    const full = await startGateway({ liveStreams: { perIp: 10, total: 2 } });
    try {
      const held = await openPages(full.baseUrl + LIVE_CONFIG_PATH, 2);
      expect((await openPage(full.baseUrl + LIVE_CONFIG_PATH)).status).toBe(503);
      for (const page of held) page.close();
    } finally {
      await full.close();
    }
    // Two gateways, each on an embedded platform of its own (on PostgreSQL each migrates and seeds a
    // schema): a ceiling for a loaded machine, as in beforeAll.
  });

  it('ends every open stream when the gateway closes, so shutdown never hangs', async () => {
    const h = await startGateway({ liveStreams: MANY });
    const pages = await openPages(h.baseUrl + LIVE_CONFIG_PATH, 50);
    await h.close();
    await Promise.all(pages.map((p) => p.ended));
  });
});

/**
 * A proxy in front of the platform that can hold the gateway's reads of the whitelabel tree: the
 * gateway reads its inputs again before it tells pages of a change, so while the gate is shut no
 * page can hear of it.
 */
async function gatedUpstream(target: string) {
  const held: (() => void)[] = [];
  const outgoing = new Set<http.ClientRequest>();
  let shut = false;
  let onHeld: (() => void) | null = null;
  const server = http.createServer((req, res) => {
    const forward = () => {
      const upstream = http.request(new URL(req.url ?? '/', target), { method: req.method, headers: req.headers, agent: false }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      outgoing.add(upstream);
      upstream.on('close', () => outgoing.delete(upstream));
      upstream.on('error', () => res.destroy());
      // The gateway gave up (its own close): so does the proxy, as a real one would.
      res.on('close', () => upstream.destroy());
      req.pipe(upstream);
    };
    if (shut && req.method === 'GET' && req.url?.split('?')[0] === WPS_PATHS.whitelabel) {
      held.push(forward);
      onHeld?.();
    } else forward();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    shut: () => (shut = true),
    /** Resolves once a whitelabel read is held. */
    holding: () => (held.length > 0 ? Promise.resolve() : new Promise<void>((resolve) => (onHeld = resolve))),
    open: () => {
      shut = false;
      for (const forward of held.splice(0)) forward();
    },
    close: () => {
      for (const request of outgoing) request.destroy();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('the operator call', () => {
  it('returns once the change is committed, before any page has heard of it', async () => {
    const platform = await startHarnessPlatform();
    const gate = await gatedUpstream(platform.url);
    const h = await startGateway({ upstreamUrl: gate.url, configPollMs: NO_POLL, liveStreams: MANY });
    try {
      const before = await h.client().config.screen.query({ language: 'en' });
      const pages = await openPages(h.baseUrl + LIVE_CONFIG_PATH, 100);
      await everyPageReaches(pages, before.configVersion);
      const operator = await operatorOf(h);

      gate.shut();
      const { version } = await operator.setFlag.mutate({ modId: 'MOBILENUMREG3', enabled: !before.forms.register.tabs.includes('mobile') });

      await gate.holding();
      expect(version).toBeGreaterThan(before.configVersion);
      expect(pages.some((p) => p.versions.includes(version))).toBe(false);

      gate.open();
      await everyPageReaches(pages, version);
      await operator.setFlag.mutate({ modId: 'MOBILENUMREG3', enabled: before.forms.register.tabs.includes('mobile') });
      for (const page of pages) page.close();
    } finally {
      await h.close();
      await gate.close();
      await platform.close();
    }
  });

  it('its own instance reads the change back at once, with no watch and no poll (read-your-writes)', async () => {
    const h = await startGateway({ configPollMs: NO_POLL, configWatchMs: 0 });
    try {
      const operator = await operatorOf(h);
      for (let round = 0; round < 3; round += 1) {
        const before = await h.client().config.screen.query({ language: 'en' });
        const enabled = !before.forms.register.tabs.includes('mobile');
        const { version } = await operator.setFlag.mutate({ modId: 'MOBILENUMREG3', enabled });
        const after = await h.client().config.screen.query({ language: 'en' });
        expect(after.configVersion).toBe(version);
        expect(after.forms.register.tabs.includes('mobile')).toBe(enabled);
      }
    } finally {
      await h.close();
    }
  });
});

/**
 * Pages on one gateway, the change made through another. On PostgreSQL (CI runs this file with
 * DATABASE_URL): two platforms on one schema, so the news crosses processes by LISTEN/NOTIFY. On
 * PGlite (one process per data folder): two gateways on one platform. Gateway B never polls.
 */
describe(`a change through a second instance (${testEnv.databaseUrl ? 'two platforms on PostgreSQL' : 'two gateways on one PGlite platform'})`, () => {
  const closers: (() => Promise<void>)[] = [];
  let a: THarness;
  let b: THarness;
  beforeAll(async () => {
    if (testEnv.databaseUrl) {
      const { schema, drop } = await createTestSchema(testEnv.databaseUrl);
      closers.push(drop);
      const common = { databaseUrl: testEnv.databaseUrl, schema, captchaTestKey: CAPTCHA_TEST_KEY, gatewaySecret: HARNESS_GATEWAY_SECRET, jobs: false };
      const first = await startEmbeddedPlatform(common);
      closers.unshift(() => first.close());
      const second = await startEmbeddedPlatform(common);
      closers.unshift(() => second.close());
      a = await startGateway({ upstreamUrl: first.url, liveStreams: MANY });
      b = await startGateway({ upstreamUrl: second.url, configPollMs: NO_POLL, liveStreams: MANY });
    } else {
      a = await startGateway({ liveStreams: MANY });
      closers.unshift(() => a.close());
      b = await startGateway({ upstreamUrl: a.upstreamUrl, configPollMs: NO_POLL, liveStreams: MANY });
    }
    closers.unshift(() => b.close());
    if (testEnv.databaseUrl) closers.unshift(() => a.close());
  });
  afterAll(async () => {
    for (const close of closers) await close();
  });

  it('reaches 1,000 open pages of the other instance', async () => {
    const before = await b.client().config.screen.query({ language: 'en' });
    const pages = await openPages(b.baseUrl + LIVE_CONFIG_PATH, 1000);
    await everyPageReaches(pages, before.configVersion);
    const change = await flip(a);
    await everyPageReaches(pages, change.version);
    const after = await b.client().config.screen.query({ language: 'en' });
    expect(after.configVersion).toBe(change.version);
    expect(after.forms.register.tabs.includes('mobile')).toBe(change.enabled);
    for (const page of pages) page.close();
  });
});

describe('an upstream without the config watch', () => {
  it('is polled instead (404 on the watch path)', async () => {
    const platform = await startGateway();
    // Every call passes, but the watch path is not there, as on a real upstream that lacks it.
    const server = http.createServer((req, res) => {
      if (req.url?.split('?')[0] === WPS_PATHS.configWatch) {
        res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not Found</h1>');
        return;
      }
      const upstream = http.request(new URL(req.url ?? '/', platform.upstreamUrl), { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const h = await startGateway({ upstreamUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}`, configPollMs: 50 });
    try {
      const page = await openPage(h.baseUrl + LIVE_CONFIG_PATH);
      const change = await flip(platform);
      await page.reached(change.version);
      await flip(platform);
      page.close();
    } finally {
      await h.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await platform.close();
    }
  });
});
