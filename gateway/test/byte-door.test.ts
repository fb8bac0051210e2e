import { describe, expect, it } from 'vitest';
import { ByteDoor } from '../src/edge/byte-door.ts';
import { rawGet, trpcUrl, type TRawAnswer } from './http-get.ts';
import { rawExchange } from './raw-http.ts';
import { ACCOUNTS, loginToken, useGateway, type THarness } from './harness.ts';
import { setFlagSeen } from './live-pages.ts';

/**
 * The byte door (docs/0019): a visitor's config.screen and public GETs answered from ready bytes
 * before Fastify routes them, once Fastify has answered the same kind from the same bytes. Its
 * answers must be Fastify's, byte for byte and header for header, and it must never answer what a
 * hook before the routes would refuse or treat otherwise.
 */

let h: THarness;
let operatorToken: string;
const door = new ByteDoor({ peerDecidesProtocol: true });

const setFlag = (modId: string, enabled: boolean) => setFlagSeen(h, operatorToken, modId, enabled);

// trustProxy on loopback: X-Forwarded-Proto decides https (HSTS), so the door must keep the two apart.
// Public answers outlive the test (no expiry between two requests on a slow machine).
useGateway(
  async (started) => {
    h = started;
    operatorToken = (await h.client().operator.login.mutate(ACCOUNTS.operator)).token;
    // Until the gateway has read a config version once, its first read drops what was composed before.
    await setFlag('GAME_LIVE', true);
  },
  { publicCacheMs: 600_000, byteDoor: door, trustProxy: 'loopback' },
);

const screenUrl = (language: 'bn' | 'en') => trpcUrl(h.baseUrl, ['config.screen'], [{ language }]);
const homeUrl = () =>
  trpcUrl(h.baseUrl, ['catalogue.hotGames', 'content.winnerBoard', 'content.announcements'], [{ language: 'bn' }, { language: 'bn' }, { language: 'bn' }], {
    batch: true,
  });

/** Headers that differ between any two answers whoever makes them. */
const PER_ANSWER = new Set(['date', 'connection', 'keep-alive']);
function shape(answer: TRawAnswer) {
  const headers = Object.fromEntries(
    Object.entries(answer.headers)
      .filter(([name]) => !PER_ANSWER.has(name))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  return { status: answer.status, headers, body: answer.body.toString('base64') };
}

/** GETs `url` with `headers` and says whether the door answered it. */
async function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<{ answer: TRawAnswer; byDoor: boolean }> {
  const before = door.hits;
  const answer = await rawGet(url, headers, method);
  return { answer, byDoor: door.hits === before + 1 };
}

/** Fastify's answer (the door forgets its models first) and then the door's, for the same request. */
async function fastifyThenDoor(url: string, headers: Record<string, string>) {
  // A public answer is made by tRPC on its first request; Fastify serves it from bytes on the next.
  await get(url, headers);
  door.forget();
  const fastify = await get(url, headers);
  const byDoor = await get(url, headers);
  expect(fastify.byDoor).toBe(false);
  expect(byDoor.byDoor).toBe(true);
  return { fastify: fastify.answer, door: byDoor.answer };
}

describe('byte door', () => {
  for (const [what, url] of [
    ['a visitor’s config.screen', () => screenUrl('bn')],
    ['a public batch', homeUrl],
  ] as const) {
    it(`answers ${what} as Fastify does: every coding, 304, https and http apart`, async () => {
      const codings: Record<string, string>[] = [
        { 'accept-encoding': 'gzip, deflate, br' },
        { 'accept-encoding': 'gzip' },
        {},
        { 'accept-encoding': 'br', 'x-forwarded-proto': 'https' },
      ];
      for (const headers of codings) {
        const { fastify, door: fromDoor } = await fastifyThenDoor(url(), headers);
        expect(fastify.status).toBe(200);
        expect(shape(fromDoor)).toEqual(shape(fastify));
      }
      // HSTS only where Fastify judged the request https; the door keeps the two models apart.
      door.forget();
      await get(url(), { 'x-forwarded-proto': 'https' });
      await get(url(), {});
      const https = await get(url(), { 'x-forwarded-proto': 'https' });
      const http = await get(url(), {});
      expect([https.byDoor, http.byDoor]).toEqual([true, true]);
      expect(https.answer.headers['strict-transport-security']).toMatch(/max-age=63072000/);
      expect(http.answer.headers['strict-transport-security']).toBeUndefined();

      // A matching If-None-Match: Fastify's 304 and the door's are the same.
      const etag = String(https.answer.headers.etag);
      const notModified = await fastifyThenDoor(url(), { 'if-none-match': etag });
      expect(notModified.fastify.status).toBe(304);
      expect(shape(notModified.door)).toEqual(shape(notModified.fastify));
      expect(notModified.door.body.length).toBe(0);
    });
  }

  it('leaves to Fastify what a hook would refuse or treat otherwise', async () => {
    await get(screenUrl('bn'));
    await get(homeUrl());
    expect((await get(screenUrl('bn'))).byDoor).toBe(true);
    const token = await loginToken(h, ACCOUNTS.member);
    const cases: [string, Record<string, string>, string?][] = [
      ['a member', { authorization: token }],
      ['a foreign Origin', { origin: 'https://evil.example' }],
      ['the own Origin', { origin: h.baseUrl }],
      ['a streaming accept', { accept: 'text/event-stream' }],
      ['trpc-accept', { 'trpc-accept': 'application/jsonl' }],
      ['a HEAD', {}, 'HEAD'],
    ];
    for (const [what, headers, method] of cases) {
      for (const url of [screenUrl('bn'), homeUrl()]) {
        const { answer, byDoor } = await get(url, headers, method);
        expect({ what, url, byDoor }).toEqual({ what, url, byDoor: false });
        if (what === 'a foreign Origin') expect(answer.status).toBe(403);
        // One framing only (a streaming batch once came with both, which clients must refuse).
        expect(answer.headers['content-length'] !== undefined && answer.headers['transfer-encoding'] !== undefined).toBe(false);
        if (what === 'a GET with a body') expect(answer.status).toBe(400);
      }
    }
    // A GET that says it has a body is refused by Fastify's first hook, and the door leaves it to it.
    for (const url of [screenUrl('bn'), homeUrl()]) {
      const before = door.hits;
      const path = url.slice(h.baseUrl.length);
      const [refused] = await rawExchange(h.baseUrl, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\n\r\nhello`, ['GET']);
      expect(refused?.status).toBe(400);
      expect(door.hits).toBe(before);
    }
    // Not the fast path's shape, or not public: Fastify and tRPC answer.
    for (const url of [
      `${screenUrl('bn')}&x=1`,
      trpcUrl(h.baseUrl, ['config.screen'], [{ language: 'bn' }], { batch: true }),
      trpcUrl(h.baseUrl, ['member.info'], [undefined]),
    ]) {
      expect((await get(url)).byDoor).toBe(false);
    }
  });

  it('never answers with the bytes of a config the operator has changed', async () => {
    const first = await get(screenUrl('en'));
    const again = await get(screenUrl('en'));
    expect(again.byDoor).toBe(true);
    await setFlag('GAME_LIVE', false);
    try {
      // The ready answer went with the change: Fastify makes the new one, then the door serves it.
      const changed = await get(screenUrl('en'));
      expect(changed.byDoor).toBe(false);
      expect(changed.answer.headers.etag).not.toBe(first.answer.headers.etag);
      const fromDoor = await get(screenUrl('en'));
      expect(fromDoor.byDoor).toBe(true);
      expect(fromDoor.answer.headers.etag).toBe(changed.answer.headers.etag);
    } finally {
      await setFlag('GAME_LIVE', true);
    }
  });
});
