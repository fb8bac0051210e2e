import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logLines } from '@wl/platform/test-support/log-lines';
import { buildApp } from '../src/app.ts';
import { CSP_DIRECTIVES, helmetOptions, PERMISSIONS_POLICY } from '../src/edge/security-headers.ts';
import { closedPort } from './fake-upstream.ts';
import { ACCOUNTS, loginToken, startGateway, type THarness } from './harness.ts';

/** docs/0013: the security headers on every kind of answer, CORS closed, foreign Origins refused. */

let h: THarness;
let proxied: THarness;
let dist: string;
let nodeId = '';

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'gateway-headers-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>web</title><div id="root"></div><script type="module" src="/assets/x.js"></script>');
  writeFileSync(join(dist, 'assets', 'x.js'), 'console.log(1)');
  h = await startGateway({ webDistDir: dist });
  // The same platform behind a gateway that trusts its loopback proxy (TLS ends there).
  proxied = await startGateway({ upstreamUrl: h.upstreamUrl, trustProxy: 'loopback' });
  const page = await h.client().catalogue.games.query({ gameType: 'RNG', pageNo: 1, pageSize: 1, language: 'en' });
  nodeId = page.games[0]!.nodeId;
});
afterAll(async () => {
  await proxied?.close();
  await h?.close();
  rmSync(dist, { recursive: true, force: true });
});

function expectSecurityHeaders(res: Response, what: string): void {
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp, what).toContain("default-src 'self'");
  expect(csp, what).toContain("script-src 'self';");
  expect(csp, what).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(csp, what).toContain("img-src 'self' data:");
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("object-src 'none'");
  expect(csp, what).toContain("base-uri 'self'");
  expect(csp, what).toContain("form-action 'self'");
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('permissions-policy'), what).toBe(PERMISSIONS_POLICY);
  expect(res.headers.get('x-frame-options'), what).toBe('DENY');
  // Plain http here: no HSTS (a browser ignores it on http, and it must not pin a dev host).
  expect(res.headers.get('strict-transport-security'), what).toBeNull();
  expect(res.headers.get('access-control-allow-origin'), what).toBeNull();
}

describe('security headers', () => {
  it('are on every kind of answer', async () => {
    const token = await loginToken(h, ACCOUNTS.member);
    const { url: gamePage } = await h.client({ token }).catalogue.launch.mutate({ nodeId, freeTrial: false });
    const kinds: [string, string, RequestInit?][] = [
      ['tRPC answer', '/trpc/system.status'],
      ['tRPC error', '/trpc/nope.nothing'],
      ['tRPC refused input', `/trpc/catalogue.games?input=${encodeURIComponent('{"pageNo":0}')}`],
      ['wps 404', '/wps/session/login', { method: 'POST', body: '{}' }],
      ['missing file', '/assets/missing.js'],
      ['static file', '/assets/x.js'],
      ['index.html', '/'],
      ['SPA fallback', '/member/securityCenter'],
      ['proxied artwork', `/wps/assets/game/${nodeId}.svg`],
      ['game page', gamePage],
      ['spent game page', gamePage],
      ['refused method', '/wps/assets/game/x.svg', { method: 'DELETE' }],
    ];
    const statuses: number[] = [];
    for (const [what, path, init] of kinds) {
      const res = await fetch(`${h.baseUrl}${path}`, init);
      statuses.push(res.status);
      expectSecurityHeaders(res, what);
    }
    expect(statuses).toEqual([200, 404, 400, 404, 404, 200, 200, 200, 200, 200, 403, 404]);
    expect(Object.keys(CSP_DIRECTIVES)).toContain('frameAncestors');
  });

  it('are on a proxied answer when the upstream is down, and on gateway errors', async () => {
    const down = await startGateway({ upstreamUrl: `http://127.0.0.1:${await closedPort()}` });
    try {
      const asset = await fetch(`${down.baseUrl}/wps/assets/game/G1.svg`);
      expect(asset.status).toBe(503);
      expectSecurityHeaders(asset, 'proxy 503');
      const trpc = await fetch(`${down.baseUrl}/trpc/system.status`);
      expect(trpc.status).toBe(503);
      expectSecurityHeaders(trpc, 'tRPC 503');
    } finally {
      await down.close();
    }
  });

  it("are @fastify/helmet's own, header for header, though helmet is built once (docs/0038)", async () => {
    // The plugin as the docs register it (global), with the gateway's options, on a bare server.
    const reference = Fastify({ logger: false });
    await reference.register(fastifyHelmet, { ...helmetOptions(), global: true });
    reference.get('/x', async () => ({ ok: true }));
    try {
      const theirs = await reference.inject({ url: '/x' });
      const ours = await fetch(`${h.baseUrl}/trpc/system.status`);
      const names = Object.keys(theirs.headers).filter((name) => !['content-type', 'content-length', 'date', 'connection', 'keep-alive'].includes(name));
      expect(names).toEqual(expect.arrayContaining(['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'x-content-type-options']));
      for (const name of names) expect(ours.headers.get(name), name).toBe(theirs.headers[name]);
    } finally {
      await reference.close();
    }
  });

  it('adds HSTS only when the request came over https', async () => {
    const overHttps = await fetch(`${proxied.baseUrl}/trpc/system.status`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(overHttps.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
    expect(overHttps.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(overHttps.headers.get('permissions-policy')).toBe(PERMISSIONS_POLICY);
    const overHttp = await fetch(`${proxied.baseUrl}/trpc/system.status`);
    expect(overHttp.headers.get('strict-transport-security')).toBeNull();
    // Without a trusted proxy the claim is ignored.
    const claimed = await fetch(`${h.baseUrl}/trpc/system.status`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('foreign origins', () => {
  it('get no CORS grant, not even on a preflight', async () => {
    const preflight = await fetch(`${h.baseUrl}/trpc/session.login`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('are refused on tRPC (CSRF), while the site itself and Origin-less callers pass', async () => {
    const login = (origin?: string) =>
      fetch(`${h.baseUrl}/trpc/session.login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
        body: JSON.stringify(ACCOUNTS.member),
      });
    for (const origin of ['https://evil.example', 'null', `${h.baseUrl}.evil.example`, h.baseUrl.replace('http:', 'https:')]) {
      const res = await login(origin);
      expect(res.status, origin).toBe(403);
      expectSecurityHeaders(res, `refused ${origin}`);
    }
    expect((await login(h.baseUrl)).status).toBe(200);
    expect((await login()).status).toBe(200);
    expect((await fetch(`${h.baseUrl}/trpc/system.status`, { headers: { origin: 'https://evil.example' } })).status).toBe(403);
  });
});

/** A gateway in front of a closed port (every upstream call fails), logging at `logLevel` into `lines`. */
async function loggingDownGateway(logLevel?: 'warn') {
  const { lines, stream } = logLines();
  const app = await buildApp({
    upstreamUrl: `http://127.0.0.1:${await closedPort()}`,
    merchantCode: 'DEMO',
    logger: true,
    ...(logLevel ? { logLevel } : {}),
    logStream: stream,
    configPollMs: 3_600_000,
  });
  return { app, lines };
}

describe('5xx logging', () => {
  it('logs every 5xx with its cause and never a body', async () => {
    const { app, lines } = await loggingDownGateway();
    try {
      const asset = await app.inject({ url: '/wps/assets/game/G1.svg' });
      expect(asset.statusCode).toBe(503);
      const login = await app.inject({ method: 'POST', url: '/trpc/session.login', payload: { username: 'demo_member', password: 'Secret-Pass-42' } });
      expect(login.statusCode).toBe(503);
      const logged = lines.map((l) => JSON.parse(l) as { level: number; msg: string; err?: { message?: string }; reason?: string });
      const proxy = logged.find((l) => l.msg === 'proxy to upstream failed');
      expect(proxy?.level).toBe(50);
      expect(proxy?.err?.message).toBeTruthy();
      expect(logged.some((l) => l.reason === 'network' && l.level >= 40)).toBe(true);
      expect(lines.join('\n')).not.toContain('Secret-Pass-42');
    } finally {
      await app.close();
    }
  });
  it("at the start's default level (LOG_LEVEL=warn) logs the failure and not the requests around it", async () => {
    const { app, lines } = await loggingDownGateway('warn');
    try {
      expect((await app.inject({ url: '/trpc/no.such.procedure' })).statusCode).toBe(404);
      // Only failures: the start's own (the brands could not be read, docs/0131), never the request.
      expect(lines.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => l.level < 40 || !/brands could not be read/.test(l.msg))).toEqual(
        [],
      );
      expect((await app.inject({ url: '/wps/assets/game/G1.svg' })).statusCode).toBe(503);
      const logged = lines.map((l) => JSON.parse(l) as { level: number; msg: string });
      expect(logged.some((l) => l.msg === 'proxy to upstream failed')).toBe(true);
      expect(logged.every((l) => l.level >= 40)).toBe(true);
    } finally {
      await app.close();
    }
  });
});
