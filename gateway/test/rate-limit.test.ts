import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectTRPCError } from './errors.ts';
import { ACCOUNTS, sessionOf, startGateway, type THarness, startHarnessPlatform, useGateway } from './harness.ts';
import { deleteKeys, testRedisUrl, uniqueKeyPrefix } from './redis.ts';
import { startRelay } from './relay.ts';

/** Rate limits per IP and per account (docs/rules/reach.md#r-17), in memory and shared through Redis by two gateways. */

const redisUrl = await testRedisUrl();
const minute = 60_000;
const wrong = { username: 'nobody_rate', password: 'wrong-password' };

// One platform for every gateway of this file (each start costs seconds).
let platform: Awaited<ReturnType<typeof startHarnessPlatform>>;
beforeAll(async () => {
  platform = await startHarnessPlatform();
});
afterAll(async () => {
  await platform?.close();
});

describe('rate limits in memory', () => {
  let h: THarness;
  useGateway(
    (started) => (h = started),
    () => ({
      upstreamUrl: platform.url,
      trustProxy: 'loopback',
      rateLimits: {
        login: { ip: { limit: 3, windowMs: minute }, subject: { limit: 2, windowMs: minute } },
        forgotByEmail: { ip: { limit: 1, windowMs: minute } },
      },
    }),
  );

  it('refuses the IP over its limit with retryAfterSeconds, and lets another IP through', async () => {
    const ip = { 'x-forwarded-for': '198.51.100.1' };
    for (const username of ['a_user_1', 'a_user_2', 'a_user_3']) {
      await expectTRPCError(h.client({ headers: ip }).session.login.mutate({ ...wrong, username }), 'BAD_REQUEST');
    }
    const refused = await expectTRPCError(h.client({ headers: ip }).session.login.mutate(ACCOUNTS.member), 'TOO_MANY_REQUESTS', 'error_too_many_requests');
    expect(refused.data?.upstream?.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.data?.upstream?.retryAfterSeconds).toBeLessThanOrEqual(60);
    // 127.0.0.1 (a known IP of the member) is another address with its own count.
    sessionOf(await h.client().session.login.mutate(ACCOUNTS.member));
  });

  it('refuses an account over its limit from any IP; a success clears its count', async () => {
    const from = (n: number) => ({ headers: { 'x-forwarded-for': `198.51.100.${10 + n}` } });
    sessionOf(await h.client().session.login.mutate(ACCOUNTS.agent));
    await expectTRPCError(h.client(from(1)).session.login.mutate({ ...ACCOUNTS.agent, password: 'nope-1' }), 'BAD_REQUEST');
    await expectTRPCError(h.client(from(2)).session.login.mutate({ ...ACCOUNTS.agent, password: 'nope-2' }), 'BAD_REQUEST');
    await expectTRPCError(h.client(from(3)).session.login.mutate(ACCOUNTS.agent), 'TOO_MANY_REQUESTS', 'error_too_many_requests');
  });

  it('limits forgot-by-email per IP', async () => {
    const c = h.client({ headers: { 'x-forwarded-for': '198.51.100.50' } });
    await c.account.forgotByEmail.mutate({ username: 'someone', email: 'someone@example.test' });
    await expectTRPCError(
      c.account.forgotByEmail.mutate({ username: 'someone', email: 'someone@example.test' }),
      'TOO_MANY_REQUESTS',
      'error_too_many_requests',
    );
  });

  it('ignores X-Forwarded-For when no proxy is trusted', async () => {
    const direct = await startGateway({ upstreamUrl: h.upstreamUrl, rateLimits: { login: { ip: { limit: 1, windowMs: minute } } } });
    try {
      await expectTRPCError(direct.client({ headers: { 'x-forwarded-for': '203.0.113.200' } }).session.login.mutate(wrong), 'BAD_REQUEST');
      // A new claimed address does not buy a new count: the socket address is what counts.
      await expectTRPCError(
        direct.client({ headers: { 'x-forwarded-for': '203.0.113.201' } }).session.login.mutate(wrong),
        'TOO_MANY_REQUESTS',
        'error_too_many_requests',
      );
    } finally {
      await direct.close();
    }
  });
});

// Runs here (this machine has Redis); REDIS_URL set but unreachable fails in beforeAll, never skips.
describe.skipIf(redisUrl === null)(`rate limits shared through Redis (${redisUrl ?? 'none'})`, () => {
  const keyPrefix = uniqueKeyPrefix();
  let a: THarness;
  let b: THarness;
  beforeAll(async () => {
    const rateLimits = { login: { ip: { limit: 4, windowMs: minute } } };
    a = await startGateway({ upstreamUrl: platform.url, redisUrl: redisUrl!, redisKeyPrefix: keyPrefix, rateLimits });
    b = await startGateway({ upstreamUrl: platform.url, redisUrl: redisUrl!, redisKeyPrefix: keyPrefix, rateLimits });
  });
  afterAll(async () => {
    await deleteKeys(redisUrl!, keyPrefix);
    await b?.close();
    await a?.close();
  });

  it('holds one limit across two gateways', async () => {
    await expectTRPCError(a.client().session.login.mutate({ ...wrong, username: 'r_user_1' }), 'BAD_REQUEST');
    await expectTRPCError(b.client().session.login.mutate({ ...wrong, username: 'r_user_2' }), 'BAD_REQUEST');
    await expectTRPCError(a.client().session.login.mutate({ ...wrong, username: 'r_user_3' }), 'BAD_REQUEST');
    await expectTRPCError(b.client().session.login.mutate({ ...wrong, username: 'r_user_4' }), 'BAD_REQUEST');
    const refused = await expectTRPCError(a.client().session.login.mutate(ACCOUNTS.member), 'TOO_MANY_REQUESTS', 'error_too_many_requests');
    expect(refused.data?.upstream?.retryAfterSeconds).toBeGreaterThan(0);
    await expectTRPCError(b.client().session.login.mutate(ACCOUNTS.member), 'TOO_MANY_REQUESTS', 'error_too_many_requests');
  });

  it('refuses to start when the Redis cannot be reached', async () => {
    await expect(startGateway({ upstreamUrl: a.upstreamUrl, redisUrl: 'redis://127.0.0.1:1' })).rejects.toThrow(/cannot reach Redis/);
  });

  it('refuses limited calls (503 error_network) once the Redis goes away, with no fallback to memory', async () => {
    const relay = await startRelay(redisUrl!);
    const gateway = await startGateway({ upstreamUrl: platform.url, redisUrl: relay.url.replace(/^http:/, 'redis:'), redisKeyPrefix: keyPrefix });
    try {
      await expectTRPCError(gateway.client().session.login.mutate({ ...wrong, username: 'r_gone_1' }), 'BAD_REQUEST');
      await relay.close();
      await expectTRPCError(gateway.client().session.login.mutate({ ...wrong, username: 'r_gone_2' }), 'SERVICE_UNAVAILABLE', 'error_network');
      await expectTRPCError(gateway.client().session.freePlay.mutate(), 'SERVICE_UNAVAILABLE', 'error_network');
      // Calls without a limit still go through.
      expect((await gateway.client().system.status.query()).status).toBe(0);
    } finally {
      await gateway.close();
      await relay.close();
    }
  });
});
