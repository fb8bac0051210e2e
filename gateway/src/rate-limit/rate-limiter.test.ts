import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { deleteKeys, testRedisUrl, uniqueKeyPrefix } from '../../test/redis.ts';
import { MEMORY_KEYS_PER_LIMIT, RateLimiter, RateLimiterUnavailableError, ipBucket } from './rate-limiter.ts';
import { resolveRateLimits, type TRateLimitOverrides } from './rate-limits.ts';
import { closeRedis, connectRedis, redactRedisUrl, redisClient } from './redis-client.ts';
import type { Redis } from 'ioredis';

const redisUrl = await testRedisUrl();
const minute = 60_000;
const wide = { limit: 1_000_000, windowMs: minute };

type TLimiterApp = { app: FastifyInstance; limiter: RateLimiter; from(ip?: string): Promise<FastifyRequest> };

/** A Fastify app with the limiter registered, and real requests from the given client addresses. */
async function limiterApp(limits: TRateLimitOverrides, store: { redis: Redis; keyPrefix: string } | null = null): Promise<TLimiterApp> {
  const app = Fastify();
  const limiter = await RateLimiter.register(app, { limits: resolveRateLimits(limits), ...store });
  let last: FastifyRequest | null = null;
  app.get('/', (request) => {
    last = request;
    return 'ok';
  });
  await app.ready();
  return {
    app,
    limiter,
    async from(ip = '198.51.100.1') {
      await app.inject({ url: '/', remoteAddress: ip });
      return last!;
    },
  };
}

describe('RateLimiter in memory (@fastify/rate-limit LocalStore)', () => {
  let t: TLimiterApp;
  beforeAll(async () => {
    t = await limiterApp({
      login: { ip: { limit: 3, windowMs: minute }, subject: { limit: 2, windowMs: minute } },
      forgotByEmail: { ip: wide, subject: { limit: 2, windowMs: minute } },
      register: { ip: { limit: 3, windowMs: minute } },
      sendSms: { ip: wide, subject: { limit: 3, windowMs: 15 * minute } },
    });
  });
  afterAll(async () => {
    await t?.app.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('allows up to the limit in a window, then refuses with the time left; a new window starts afresh', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_000_000);
    const request = await t.from('198.51.100.10');
    for (let i = 0; i < 3; i++) expect(await t.limiter.attempt(request, 'login', null)).toEqual({ allowed: true, retryAfterMs: 0 });
    vi.setSystemTime(1_015_000);
    expect(await t.limiter.attempt(request, 'login', null)).toEqual({ allowed: false, retryAfterMs: 45_000 });
    vi.setSystemTime(1_060_000);
    expect(await t.limiter.attempt(request, 'login', null)).toEqual({ allowed: true, retryAfterMs: 0 });
  });

  it('keeps actions, clients and subjects apart, and counts an IPv6 client by its /64', async () => {
    const one = await t.from('2001:db8:5:1::1');
    for (let i = 0; i < 3; i++) expect((await t.limiter.attempt(one, 'register', null)).allowed).toBe(true);
    // A new address of the same /64 is the same client.
    expect((await t.limiter.attempt(await t.from('2001:db8:5:1::ffff'), 'register', null)).allowed).toBe(false);
    // Another /64, or another action of the same client, has its own count.
    expect((await t.limiter.attempt(await t.from('2001:db8:5:2::1'), 'register', null)).allowed).toBe(true);
    expect((await t.limiter.attempt(one, 'login', null)).allowed).toBe(true);
    // Subjects: per action, and by their trimmed lower-case form.
    const other = await t.from('198.51.100.20');
    expect((await t.limiter.attempt(other, 'forgotByEmail', 'Someone')).allowed).toBe(true);
    expect((await t.limiter.attempt(other, 'forgotByEmail', ' someone ')).allowed).toBe(true);
    expect((await t.limiter.attempt(other, 'forgotByEmail', 'SOMEONE')).allowed).toBe(false);
    expect((await t.limiter.attempt(other, 'forgotByEmail', 'someone_else')).allowed).toBe(true);
    expect((await t.limiter.attempt(other, 'sendSms', 'someone')).allowed).toBe(true);
  });

  it('does not count the subject when the client is over its own limit', async () => {
    const request = await t.from('198.51.100.30');
    for (let i = 0; i < 3; i++) await t.limiter.attempt(request, 'login', `user_${i}`);
    expect((await t.limiter.attempt(request, 'login', 'victim')).allowed).toBe(false);
    // The refused call did not touch the victim's count: two attempts from elsewhere still pass.
    expect((await t.limiter.attempt(await t.from('198.51.100.31'), 'login', 'victim')).allowed).toBe(true);
    expect((await t.limiter.attempt(await t.from('198.51.100.32'), 'login', 'victim')).allowed).toBe(true);
    expect((await t.limiter.attempt(await t.from('198.51.100.33'), 'login', 'victim')).allowed).toBe(false);
  });

  it('lets the subject count afresh after a success of a RESET_ON_SUCCESS action, not of others', async () => {
    const from = (n: number) => t.from(`198.51.100.${40 + n}`);
    expect((await t.limiter.attempt(await from(1), 'login', 'member_a')).allowed).toBe(true);
    expect((await t.limiter.attempt(await from(2), 'login', 'member_a')).allowed).toBe(true);
    await t.limiter.succeeded(await from(2), 'login', 'member_a');
    expect((await t.limiter.attempt(await from(3), 'login', 'member_a')).allowed).toBe(true);
    expect((await t.limiter.attempt(await from(4), 'login', 'member_a')).allowed).toBe(true);
    expect((await t.limiter.attempt(await from(5), 'login', 'member_a')).allowed).toBe(false);
    // Another member's success moves nothing of member_a's.
    await t.limiter.succeeded(await from(5), 'login', 'member_b');
    expect((await t.limiter.attempt(await from(6), 'login', 'member_a')).allowed).toBe(false);
    // forgotByEmail counts every attempt: a success forgets nothing.
    expect((await t.limiter.attempt(await from(7), 'forgotByEmail', 'member_c')).allowed).toBe(true);
    await t.limiter.succeeded(await from(7), 'forgotByEmail', 'member_c');
    expect((await t.limiter.attempt(await from(8), 'forgotByEmail', 'member_c')).allowed).toBe(true);
    expect((await t.limiter.attempt(await from(9), 'forgotByEmail', 'member_c')).allowed).toBe(false);
  });

  it(`keeps a victim's refused count through a flood of ${MEMORY_KEYS_PER_LIMIT - 1} new keys of the same limit`, async () => {
    // An SMS bomber at the victim's number's limit tries to push its count out of the LRU with new numbers
    // (20 times the plugin's default store of 5,000 keys, which would have lost it).
    const request = await t.from('198.51.100.60');
    for (let i = 0; i < 3; i++) expect((await t.limiter.attempt(request, 'sendSms', '+880 1711 000000')).allowed).toBe(true);
    expect((await t.limiter.attempt(request, 'sendSms', '+880 1711 000000')).allowed).toBe(false);
    for (let i = 1; i < MEMORY_KEYS_PER_LIMIT; i++) await t.limiter.attempt(request, 'sendSms', `+880 1${i}`);
    const after = await t.limiter.attempt(request, 'sendSms', '+880 1711 000000');
    expect(after.allowed).toBe(false);
    expect(after.retryAfterMs).toBeGreaterThan(0);
  });
});

describe('ipBucket', () => {
  it('is the IPv4 address, or the first address of the IPv6 /64', () => {
    expect(ipBucket('203.0.113.9')).toBe('203.0.113.9');
    expect(ipBucket('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(ipBucket('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::');
  });
});

describe('redactRedisUrl', () => {
  it('hides the password', () => {
    expect(redactRedisUrl('redis://user:secret@host:6379/0')).toBe('redis://user:***@host:6379/0');
    expect(redactRedisUrl('not a url')).not.toContain('not a url');
  });
});

describe('RateLimiter on an unreachable Redis', () => {
  it('refuses to connect with a clear message', async () => {
    await expect(connectRedis('redis://:pw@127.0.0.1:1')).rejects.toThrow(/cannot reach Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:1/);
  });

  it('fails every count as unavailable (fail closed, no fallback to memory)', async () => {
    const redis = redisClient('redis://127.0.0.1:1');
    const t = await limiterApp({}, { redis, keyPrefix: uniqueKeyPrefix() });
    try {
      const request = await t.from();
      await expect(t.limiter.attempt(request, 'freePlay', null)).rejects.toBeInstanceOf(RateLimiterUnavailableError);
      await expect(t.limiter.attempt(request, 'login', 'someone')).rejects.toBeInstanceOf(RateLimiterUnavailableError);
      await expect(t.limiter.succeeded(request, 'login', 'someone')).rejects.toBeInstanceOf(RateLimiterUnavailableError);
    } finally {
      await t.app.close();
      await closeRedis(redis);
    }
  });
});

// Runs here (this machine has Redis); REDIS_URL set but unreachable fails in beforeAll, never skips.
describe.skipIf(redisUrl === null)(`RateLimiter on ${redisUrl ?? 'no Redis'} (@fastify/rate-limit RedisStore)`, () => {
  const keyPrefix = uniqueKeyPrefix();
  const limits: TRateLimitOverrides = {
    login: { ip: wide, subject: { limit: 1, windowMs: minute } },
    register: { ip: { limit: 2, windowMs: minute } },
    freePlay: { ip: { limit: 2, windowMs: minute } },
    forgotByEmail: { ip: { limit: 10, windowMs: minute } },
  };
  let redisA: Redis;
  let redisB: Redis;
  let a: TLimiterApp;
  let b: TLimiterApp;

  beforeAll(async () => {
    redisA = await connectRedis(redisUrl!);
    redisB = await connectRedis(redisUrl!);
    a = await limiterApp(limits, { redis: redisA, keyPrefix });
    b = await limiterApp(limits, { redis: redisB, keyPrefix });
  });
  afterAll(async () => {
    await a?.app.close();
    await b?.app.close();
    await deleteKeys(redisUrl!, keyPrefix);
    if (redisA) await closeRedis(redisA);
    if (redisB) await closeRedis(redisB);
  });

  it('allows up to the limit, then refuses with the window left', async () => {
    const request = await a.from('198.51.100.70');
    expect(await a.limiter.attempt(request, 'register', null)).toEqual({ allowed: true, retryAfterMs: 0 });
    expect(await a.limiter.attempt(request, 'register', null)).toEqual({ allowed: true, retryAfterMs: 0 });
    const refused = await a.limiter.attempt(request, 'register', null);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterMs).toBeGreaterThan(50_000);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(minute);
    // Every checker shares the plugin's one Redis namespace: the key keeps actions apart.
    expect((await a.limiter.attempt(request, 'freePlay', null)).allowed).toBe(true);
  });

  it('shares counts between two apps on the same Redis, atomically under concurrency', async () => {
    const [ra, rb] = [await a.from('198.51.100.71'), await b.from('198.51.100.71')];
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? a.limiter.attempt(ra, 'forgotByEmail', null) : b.limiter.attempt(rb, 'forgotByEmail', null))),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });

  it('lets a subject count afresh after a success, for every app', async () => {
    expect((await a.limiter.attempt(await a.from(), 'login', 'member_r')).allowed).toBe(true);
    expect((await b.limiter.attempt(await b.from(), 'login', 'member_r')).allowed).toBe(false);
    await b.limiter.succeeded(await b.from(), 'login', 'member_r');
    expect((await a.limiter.attempt(await a.from(), 'login', 'member_r')).allowed).toBe(true);
    expect((await b.limiter.attempt(await b.from(), 'login', 'member_r')).allowed).toBe(false);
  });

  it('keeps its keys under its prefix with an expiry, hashed subjects only', async () => {
    await a.limiter.attempt(await a.from('198.51.100.72'), 'login', 'visible_name');
    const keys = await redisA.keys(`${keyPrefix}*`);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.join(' ')).not.toContain('visible_name');
    for (const key of keys) expect(await redisA.pttl(key)).toBeGreaterThan(0);
  });
});
