import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRedisUrl, uniqueKeyPrefix } from '../../test/redis.ts';
import { RateLimiterUnavailableError } from './rate-limiter.ts';
import { RedisRateLimiter, redactRedisUrl } from './redis-rate-limiter.ts';

const redisUrl = await testRedisUrl();

describe('redactRedisUrl', () => {
  it('hides the password', () => {
    expect(redactRedisUrl('redis://user:secret@host:6379/0')).toBe('redis://user:***@host:6379/0');
    expect(redactRedisUrl('not a url')).not.toContain('not a url');
  });
});

describe('RedisRateLimiter on an unreachable Redis', () => {
  it('refuses to connect with a clear message and fails hits as unavailable', async () => {
    const limiter = new RedisRateLimiter({ url: 'redis://:pw@127.0.0.1:1' });
    try {
      await expect(limiter.connect()).rejects.toThrow(/cannot reach Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:1/);
      await expect(limiter.hit('k', { limit: 1, windowMs: 1000 })).rejects.toBeInstanceOf(RateLimiterUnavailableError);
    } finally {
      await limiter.close();
    }
  });
});

// Runs here (this machine has Redis); REDIS_URL set but unreachable fails in beforeAll, never skips.
describe.skipIf(redisUrl === null)(`RedisRateLimiter on ${redisUrl ?? 'no Redis'}`, () => {
  const keyPrefix = uniqueKeyPrefix();
  let a: RedisRateLimiter;
  let b: RedisRateLimiter;

  beforeAll(async () => {
    a = new RedisRateLimiter({ url: redisUrl!, keyPrefix });
    b = new RedisRateLimiter({ url: redisUrl!, keyPrefix });
    await a.connect();
    await b.connect();
  });
  afterAll(async () => {
    await a?.clear();
    await a?.close();
    await b?.close();
  });

  it('allows up to the limit, then refuses with the window left', async () => {
    const rule = { limit: 2, windowMs: 60_000 };
    expect(await a.hit('one', rule)).toEqual({ allowed: true, retryAfterMs: 0 });
    expect(await a.hit('one', rule)).toEqual({ allowed: true, retryAfterMs: 0 });
    const refused = await a.hit('one', rule);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterMs).toBeGreaterThan(50_000);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
  });

  it('shares counts between limiters on the same Redis, atomically under concurrency', async () => {
    const rule = { limit: 10, windowMs: 60_000 };
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).hit('shared', rule)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });

  it('forgets a key on reset, for every limiter', async () => {
    const rule = { limit: 1, windowMs: 60_000 };
    await a.hit('reset', rule);
    expect((await b.hit('reset', rule)).allowed).toBe(false);
    await b.reset('reset');
    expect((await a.hit('reset', rule)).allowed).toBe(true);
  });

  it('keeps its keys under its prefix with an expiry, and clear removes them', async () => {
    const other = new RedisRateLimiter({ url: redisUrl!, keyPrefix: uniqueKeyPrefix() });
    try {
      await other.connect();
      await other.hit('mine', { limit: 5, windowMs: 60_000 });
      await other.clear();
      expect((await other.hit('mine', { limit: 1, windowMs: 60_000 })).allowed).toBe(true);
      await other.clear();
    } finally {
      await other.close();
    }
  });
});
