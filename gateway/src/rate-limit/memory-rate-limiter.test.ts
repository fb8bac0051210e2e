import { describe, expect, it } from 'vitest';
import { MemoryRateLimiter } from './memory-rate-limiter.ts';

const rule = { limit: 3, windowMs: 60_000 };

describe('MemoryRateLimiter', () => {
  it('allows up to the limit in a window, then refuses with the time left', async () => {
    let now = 1_000;
    const limiter = new MemoryRateLimiter({ now: () => now });
    for (let i = 0; i < 3; i++) expect(await limiter.hit('k', rule)).toEqual({ allowed: true, retryAfterMs: 0 });
    now += 15_000;
    expect(await limiter.hit('k', rule)).toEqual({ allowed: false, retryAfterMs: 45_000 });
  });

  it('starts a new window when the old one ended', async () => {
    let now = 0;
    const limiter = new MemoryRateLimiter({ now: () => now });
    for (let i = 0; i < 4; i++) await limiter.hit('k', rule);
    now = 60_000;
    expect((await limiter.hit('k', rule)).allowed).toBe(true);
  });

  it('keeps keys apart and forgets a key on reset', async () => {
    const limiter = new MemoryRateLimiter();
    for (let i = 0; i < 4; i++) await limiter.hit('a', rule);
    expect((await limiter.hit('a', rule)).allowed).toBe(false);
    expect((await limiter.hit('b', rule)).allowed).toBe(true);
    await limiter.reset('a');
    expect((await limiter.hit('a', rule)).allowed).toBe(true);
  });

  it('sweeps ended windows instead of growing without bound', async () => {
    let now = 0;
    const limiter = new MemoryRateLimiter({ now: () => now, sweepAbove: 100 });
    for (let i = 0; i < 100; i++) await limiter.hit(`ip-${i}`, { limit: 1, windowMs: 1000 });
    expect(limiter.size).toBe(100);
    now = 2000;
    await limiter.hit('fresh', { limit: 1, windowMs: 1000 });
    expect(limiter.size).toBe(1);
  });
});
