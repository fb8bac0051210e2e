import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ACCOUNT_PATHS, WPS_PATHS } from '@wl/schemas';
import { UpstreamClient } from '../src/upstream/upstream.client.ts';
import { UpstreamError, toTRPCError } from '../src/upstream/upstream.errors.ts';
import { ACCOUNTS, HARNESS_GATEWAY_SECRET, loginToken, startGateway, type THarness, startHarnessPlatform } from './harness.ts';
import { rawExchange } from './raw-http.ts';
import { requestLines, startRelay, type TRelay } from './relay.ts';

/**
 * docs/0009: the gateway is the one door. A relay in front of the real platform keeps every
 * byte the platform received; requests a browser causes carry the gateway's client-IP header, the
 * config poller's do not (and it polls once an hour here).
 */

let platform: Awaited<ReturnType<typeof startHarnessPlatform>>;
let relay: TRelay;
let h: THarness;
let nodeId = '';
let vendor = '';

/** Requests the platform received on behalf of a browser (carrying the gateway's client IP). */
const browserRequests = () =>
  relay
    .received()
    .split(/(?=(?:GET|HEAD|POST|PUT|DELETE|PATCH|OPTIONS) \/)/)
    .filter((r) => /\r\nx-wl-client-ip: /i.test(r));

beforeAll(async () => {
  platform = await startHarnessPlatform();
  relay = await startRelay(platform.url);
  h = await startGateway({ upstreamUrl: relay.url, configPollMs: 3_600_000, publicCacheMs: 0 });
});
afterAll(async () => {
  await h?.close();
  await relay?.close();
  await platform?.close();
});

describe('one door', () => {
  it('refuses every platform path with every method, without asking the platform', async () => {
    const paths = [
      ...Object.values(WPS_PATHS),
      ...Object.values(ACCOUNT_PATHS),
      '/wps/operator/anything',
      '/wps/operator/session/login',
      '/lgw/anything',
      '/wps',
      '/lgw',
      '/wps/assets/game/',
      '/wps/assets/other/G1.svg',
      '/wps/assets/game/G1.png',
      '/wps/assets/game/G1.svg/more',
      '/wps/assets/game/G1.en.svg',
      '/wps/assets/game/G1.bn.bn.svg',
      '/wps/game/demo/',
      '/wps/game/demo/a/b',
    ];
    const methods = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];
    for (const path of paths) {
      for (const method of methods) {
        const res = await fetch(`${h.baseUrl}${path}`, {
          method,
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
          ...(method === 'GET' || method === 'HEAD' ? {} : { body: '{"username":"demo_member","password":"x"}' }),
        });
        expect(res.status, `${method} ${path}`).toBe(404);
        if (method !== 'HEAD') expect(await res.json(), `${method} ${path}`).toEqual({ success: false, value: null, message: 'error_not_found', code: 404 });
      }
    }
    // Allowed paths with any other method are refused too.
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      expect((await fetch(`${h.baseUrl}/wps/assets/game/G1.svg`, { method })).status).toBe(404);
      expect((await fetch(`${h.baseUrl}/wps/game/demo/G1?ticket=x`, { method })).status).toBe(404);
    }
    expect(browserRequests()).toEqual([]);
  });

  it('passes artwork and the launched game page through, with the gateway naming the client', async () => {
    const page = await h.client().catalogue.games.query({ gameType: 'RNG', pageNo: 1, pageSize: 1, language: 'en' });
    nodeId = page.games[0]!.nodeId;
    vendor = page.games[0]!.vassalage;
    const icon = await fetch(`${h.baseUrl}/wps/assets/game/${nodeId}.svg`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect(await icon.text()).toContain('<svg');
    // The Bengali artwork BN answers link (<id>.bn.svg) passes the door too; a BN home showed none.
    const bnIcon = await fetch(`${h.baseUrl}/wps/assets/game/${nodeId}.bn.svg`);
    expect(bnIcon.status).toBe(200);
    expect(await bnIcon.text()).toMatch(/<svg[^]*[\u0980-\u09FF]/);
    const bnBanner = await fetch(`${h.baseUrl}/wps/assets/banner/1.bn.svg`);
    expect(bnBanner.status).toBe(200);
    expect(bnBanner.headers.get('content-type')).toBe('image/svg+xml');
    const head = await fetch(`${h.baseUrl}/wps/assets/vendor/${vendor}.svg`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/svg+xml');
    expect((await fetch(`${h.baseUrl}/wps/assets/game/NO_SUCH_GAME.svg`)).status).toBe(404);

    const token = await loginToken(h, ACCOUNTS.member);
    const { url } = await h.client({ token }).catalogue.launch.mutate({ nodeId, freeTrial: false });
    expect(url).toMatch(/^\/wps\/game\/demo\//);
    const game = await fetch(`${h.baseUrl}${url}`);
    expect(game.status).toBe(200);
    expect(await game.text()).toContain('data-testid="demo-game.title"');
    // Used once: the ticket is spent (the platform's rule, reached through the door).
    expect((await fetch(`${h.baseUrl}${url}`)).status).toBe(403);

    const seen = browserRequests();
    expect(seen.length).toBeGreaterThan(0);
    for (const request of seen) {
      expect(request).toMatch(/\r\nx-wl-client-ip: 127\.0\.0\.1\r\n/i);
      expect(request).not.toMatch(/203\.0\.113\.9/);
    }
  });

  it('refuses a GET or HEAD with a body, and the next request on the connection is answered as sent', async () => {
    const smuggled = [
      'POST /wps/session/login HTTP/1.1',
      'Host: 127.0.0.1',
      'X-Forwarded-For: 198.51.100.77',
      'x-wl-client-ip: 198.51.100.77',
      'Content-Type: application/json',
      'Content-Length: 45',
      '',
      '{"username":"demo_member","password":"nope1"}',
    ].join('\r\n');
    const asset = `/wps/assets/game/${nodeId}.svg`;
    const withBody = (method: string, path = asset) =>
      `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ${Buffer.byteLength(smuggled)}\r\n\r\n${smuggled}`;
    const chunked = `GET ${asset} HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n${Buffer.byteLength(smuggled).toString(16)}\r\n${smuggled}\r\n0\r\n\r\n`;
    const normal = `GET ${asset} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
    const before = relay.received().length;

    const cases = [
      ['GET', withBody('GET')],
      ['HEAD', withBody('HEAD')],
      ['GET', chunked],
      ['GET', withBody('GET', '/trpc/system.status')],
    ] as const;
    for (const [method, first] of cases) {
      const [refused, next] = await rawExchange(h.baseUrl, first + normal, [method, 'GET']);
      expect(refused?.status).toBe(400);
      expect(next?.status, 'the request after the refused one').toBe(200);
      expect(next?.headers['content-type']).toBe('image/svg+xml');
      expect(next?.body).toContain('<svg');
    }
    const after = relay.received().slice(before);
    expect(requestLines(after)).toEqual(Array(cases.length).fill(`GET ${asset}`));
    expect(after).not.toContain('/wps/session/login');
    expect(relay.received()).not.toContain('198.51.100.77');
  });

  it('refuses dot segments as a game id on the raw socket: the proxy would resolve them into another upstream path (attack review)', async () => {
    const before = browserRequests().length;
    for (const id of ['.', '..', '%2e', '%2E%2E', '.%2e']) {
      const [res] = await rawExchange(h.baseUrl, `GET /wps/game/demo/${id} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`, ['GET']);
      expect(res?.status, id).toBe(404);
      expect(JSON.parse(res!.body), id).toEqual({ success: false, value: null, message: 'error_not_found', code: 404 });
    }
    expect(browserRequests().length).toBe(before);
  });

  it('refuses a batch of 50 procedures at once and calls nobody', async () => {
    const token = await loginToken(h, ACCOUNTS.member);
    const before = browserRequests().length;
    const calls = 50;
    const input = Object.fromEntries(
      Array.from({ length: calls }, (_, i) => [
        String(i),
        { oldPassword: ACCOUNTS.member.password, newPassword: `Changed${i}99`, confirmPassword: `Changed${i}99` },
      ]),
    );
    const res = await fetch(`${h.baseUrl}/trpc/${Array(calls).fill('account.changePassword').join(',')}?batch=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify(input),
    });
    expect(res.status).toBe(400);
    expect(browserRequests().length).toBe(before);
    // The password is what it was.
    expect(await loginToken(h, ACCOUNTS.member)).toBeTruthy();
  });

  it('answers a body over the gateway limit with 413 and sends nothing on', async () => {
    const before = browserRequests().length;
    const res = await fetch(`${h.baseUrl}/trpc/session.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'x'.repeat(300_000), password: 'x' }),
    });
    expect(res.status).toBe(413);
    expect(browserRequests().length).toBe(before);
  });

  it('turns the platform answering 413 into PAYLOAD_TOO_LARGE, not an unavailable upstream', async () => {
    const client = new UpstreamClient({ baseUrl: platform.url, merchantCode: 'DEMO', gatewaySecret: HARNESS_GATEWAY_SECRET });
    const call = client.call(
      { method: 'POST', path: WPS_PATHS.login, moduleId: 'LOGIN', value: z.unknown(), body: { username: 'x'.repeat(100_000) } },
      { language: 'en', ip: '127.0.0.1' },
    );
    const error = await call.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).code).toBe(413);
    expect((toTRPCError(error) as { code: string }).code).toBe('PAYLOAD_TOO_LARGE');
  });
});
