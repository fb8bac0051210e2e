import { rmSync } from 'node:fs';
import type { Server, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZMemberInfo } from '@wl/schemas/domain/member';
import { decryptBody, generateRsaKeyPair } from '@wl/schemas/wps/body-cipher';
import { expectTRPCError } from './errors.ts';
import { closedPort, fakeUpstream } from './fake-upstream.ts';
import { HARNESS_GATEWAY_SECRET, sessionOf, startGateway, type THarness } from './harness.ts';
import { sample } from './input-samples.ts';
import { writeWebDist } from './web-dist.ts';

describe('upstream down', () => {
  let h: THarness;
  beforeAll(async () => {
    h = await startGateway({ upstreamUrl: `http://127.0.0.1:${await closedPort()}`, upstreamTimeoutMs: 2000 });
  });
  afterAll(async () => {
    await h.close();
  });

  it('answers SERVICE_UNAVAILABLE with error_network, quickly', async () => {
    const c = h.client();
    const started = Date.now();
    await expectTRPCError(c.system.status.query(), 'SERVICE_UNAVAILABLE', 'error_network');
    expect(Date.now() - started).toBeLessThan(1000);
    await expectTRPCError(c.config.screen.query({ language: 'bn' }), 'SERVICE_UNAVAILABLE', 'error_network');
    await expectTRPCError(c.catalogue.games.query({ pageNo: 1, pageSize: 12, language: 'en' }), 'SERVICE_UNAVAILABLE', 'error_network');
    await expectTRPCError(c.session.login.mutate({ username: 'demo_member', password: 'x' }), 'SERVICE_UNAVAILABLE', 'error_network');
    await expectTRPCError(h.client({ token: 't' }).member.info.query(), 'SERVICE_UNAVAILABLE', 'error_network');
  });

  it('still refuses bad input before calling anyone', async () => {
    await expectTRPCError(h.client().catalogue.games.query({ pageNo: 0, pageSize: 12, language: 'en' }), 'BAD_REQUEST', 'error_bad_request');
  });

  it('answers the one door with a gateway error, not a 500', async () => {
    const res = await fetch(`${h.baseUrl}/wps/assets/game/G1.svg`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ success: false, value: null, message: 'error_network', code: 503 });
  });
});

describe('upstream misbehaving', () => {
  const servers: Server[] = [];
  afterAll(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('gives up after the timeout when the upstream never answers', async () => {
    const silent = await fakeUpstream(() => {
      // Never answers.
    });
    servers.push(silent.server);
    const h = await startGateway({ upstreamUrl: silent.url, upstreamTimeoutMs: 200 });
    try {
      const started = Date.now();
      await expectTRPCError(h.client().system.status.query(), 'SERVICE_UNAVAILABLE', 'error_network');
      // One attempt only: a timeout is not retried.
      expect(Date.now() - started).toBeLessThan(900);
    } finally {
      await h.close();
    }
  });

  it('reports a broken contract as BAD_GATEWAY, and a 503 page as unavailable', async () => {
    const html = await fakeUpstream((req, res) => {
      const down = req.url?.startsWith('/wps/system/status');
      res.writeHead(down ? 503 : 200, { 'content-type': 'text/html' }).end('<html>oops</html>');
    });
    servers.push(html.server);
    const h = await startGateway({ upstreamUrl: html.url });
    try {
      await expectTRPCError(h.client().catalogue.gameMenus.query(), 'BAD_GATEWAY', 'error_unknown');
      await expectTRPCError(h.client().system.status.query(), 'SERVICE_UNAVAILABLE', 'error_network');
    } finally {
      await h.close();
    }
  });

  it('reports a value that breaks its schema as BAD_GATEWAY', async () => {
    const wrong = await fakeUpstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, value: { status: 7 }, message: null }));
    });
    servers.push(wrong.server);
    const h = await startGateway({ upstreamUrl: wrong.url });
    try {
      await expectTRPCError(h.client().system.status.query(), 'BAD_GATEWAY');
    } finally {
      await h.close();
    }
  });

  it('retries a GET once when the connection drops, never a POST', async () => {
    const seen: string[] = [];
    const flaky = await fakeUpstream((req, res) => {
      seen.push(`${req.method} ${req.url?.split('?')[0]}`);
      // Every first attempt of a path loses its connection; the second one is answered.
      if (seen.filter((s) => s === seen.at(-1)).length === 1) {
        req.socket.destroy();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, value: { status: 0, ip: '1.2.3.4' }, message: null }));
    });
    servers.push(flaky.server);
    const h = await startGateway({ upstreamUrl: flaky.url });
    try {
      expect(await h.client().system.status.query()).toEqual({ status: 0, ip: '1.2.3.4' });
      expect(seen.filter((s) => s === 'GET /wps/system/status')).toHaveLength(2);
      await expectTRPCError(h.client().operator.login.mutate({ username: 'op', password: 'pw' }), 'SERVICE_UNAVAILABLE', 'error_network');
      expect(seen.filter((s) => s === 'POST /wps/operator/session/login')).toHaveLength(1);
    } finally {
      await h.close();
    }
  });

  it('encrypts the login body and refetches the RSA key once when the upstream cannot decrypt it', async () => {
    let keys = generateRsaKeyPair();
    let keyFetches = 0;
    const logins: unknown[] = [];
    // Any member info the contract allows; only the name is looked at.
    const member = { ...(sample(ZMemberInfo).value as object), userName: 'demo_member' };
    const send = (res: ServerResponse, status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const upstream = await fakeUpstream((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        const path = req.url?.split('?')[0];
        if (path === '/wps/session/key/rsa') {
          keyFetches++;
          return send(res, 200, { success: true, value: { publicKey: keys.publicKeyPem }, message: null });
        }
        if (path === '/wps/session/login') {
          try {
            logins.push(decryptBody(JSON.parse(raw), req.headers, keys.privateKeyPem));
          } catch {
            return send(res, 400, { success: false, value: null, message: 'error_bad_request', code: 400 });
          }
          return send(res, 200, {
            success: true,
            value: { kind: 'session', token: 'tok', firstTimeLogin: false, passwordExpired: false, mustChangePassword: false, rememberToken: null },
            message: null,
          });
        }
        if (path === '/wps/member/info') return send(res, 200, { success: true, value: member, message: null });
        return send(res, 404, { success: false, value: null, message: 'error_not_found', code: 404 });
      });
    });
    servers.push(upstream.server);
    const h = await startGateway({ upstreamUrl: upstream.url });
    try {
      const credentials = { username: 'demo_member', password: 'Demo1234' };
      expect(sessionOf(await h.client().session.login.mutate(credentials)).token).toBe('tok');
      expect(logins).toEqual([{ ...credentials, type: 'username' }]);
      // The upstream restarted with a new key: the cached one no longer decrypts.
      keys = generateRsaKeyPair();
      expect(sessionOf(await h.client().session.login.mutate(credentials)).member.userName).toBe('demo_member');
      expect(keyFetches).toBe(2);
      expect(logins).toHaveLength(2);
    } finally {
      await h.close();
    }
  });

  it('sends the wps headers with the browser address and language', async () => {
    let seen: Record<string, string | string[] | undefined> = {};
    const echo = await fakeUpstream((req, res) => {
      // Only the calls this test makes: the config poller's own requests must not overwrite them.
      if (req.url?.startsWith('/wps/system/status') || req.url?.startsWith('/wps/assets/')) seen = req.headers;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, value: { status: 0, ip: '1.2.3.4' }, message: null }));
    });
    servers.push(echo.server);
    const h = await startGateway({ upstreamUrl: echo.url, merchantCode: 'ACME' });
    try {
      await h.client({ token: 'tok123', language: 'en' }).system.status.query();
      expect(seen).toMatchObject({
        merchant: 'ACME',
        device: 'WEB',
        language: 'en',
        moduleid: 'STATUS',
        'x-gateway-version': '3',
        authorization: 'tok123',
        'x-wl-client-ip': '127.0.0.1',
        'x-wl-gateway-secret': HARNESS_GATEWAY_SECRET,
      });
      // A browser cannot claim another address, neither through tRPC nor through the one door.
      const claims = { 'x-forwarded-for': '6.6.6.6', 'x-wl-client-ip': '6.6.6.6', 'x-wl-gateway-secret': 'mine' };
      await fetch(`${h.baseUrl}/trpc/system.status`, { headers: claims });
      expect(seen).toMatchObject({ 'x-wl-client-ip': '127.0.0.1', 'x-wl-gateway-secret': HARNESS_GATEWAY_SECRET });
      seen = {};
      await fetch(`${h.baseUrl}/wps/assets/game/G1.svg`, { headers: { ...claims, merchant: 'OTHER', authorization: 'tok123' } });
      expect(seen).toMatchObject({ 'x-wl-client-ip': '127.0.0.1', 'x-wl-gateway-secret': HARNESS_GATEWAY_SECRET, merchant: 'ACME' });
      expect(seen['x-forwarded-for']).toBeUndefined();
      expect(seen.authorization).toBeUndefined();
    } finally {
      await h.close();
    }
  });
});

describe('web app', () => {
  let h: THarness;
  let dist: string;
  beforeAll(async () => {
    dist = writeWebDist('gateway-dist-', {
      'index.html': '<!doctype html><title>web</title><div id="root"></div>',
      'assets/index-AbC123.js': 'console.log(1)',
      'favicon.svg': '<svg/>',
    });
    h = await startGateway({ upstreamUrl: `http://127.0.0.1:${await closedPort()}`, webDistDir: dist });
  });
  afterAll(async () => {
    await h.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/', '/login', '/promotions', '/rng?vassalage=JL', '/member/securityCenter'])('serves index.html for %s', async (path) => {
    const res = await fetch(`${h.baseUrl}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toContain('<div id="root">');
  });

  it('serves hashed assets with a long cache and other files without', async () => {
    const asset = await fetch(`${h.baseUrl}/assets/index-AbC123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const icon = await fetch(`${h.baseUrl}/favicon.svg`);
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  it('never falls back for API paths, missing files or other methods', async () => {
    expect((await fetch(`${h.baseUrl}/trpc/nope`)).status).toBe(404);
    expect((await fetch(`${h.baseUrl}/assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${h.baseUrl}/`, { method: 'POST' })).status).toBe(404);
    const wps = await fetch(`${h.baseUrl}/wps/anything`);
    expect(await wps.text()).not.toContain('<div id="root">');
  });
});
