import { describe, expect, it } from 'vitest';
import { ipBucket } from '../src/rate-limit/rate-limiter.ts';
import { DEFAULT_RATE_LIMITS } from '../src/rate-limit/rate-limits.ts';
import { expectTRPCError } from './errors.ts';
import { sessionOf, type THarness, useGateway } from './harness.ts';

/**
 * docs/0013 attack review: per-IP limits keyed on the full IPv6 address. One subscriber is routed a
 * whole /64 and can use a new address per call, so 30 free-trial accounts (or registration SMS)
 * came from one client while the limit said 5. Limits now count an IPv6 client by its /64.
 */
let h: THarness;
useGateway((started) => (h = started), { configPollMs: 3_600_000, trustProxy: true });

describe('per-IP limits and IPv6 (attack review)', () => {
  it('counts every address of one IPv6 /64 as one client', () => {
    // The bucket is the /64's first address, as @fastify/rate-limit's normalizeIP writes it.
    expect(ipBucket('2001:db8:1:2::1')).toBe('2001:db8:1:2::');
    expect(ipBucket('2001:0DB8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::');
    expect(ipBucket('2001:db8:1:3::1')).toBe('2001:db8:1:3::');
    expect(ipBucket('2001:db8::5')).toBe('2001:db8::');
    expect(ipBucket('::1')).toBe('::');
    expect(ipBucket('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(ipBucket('64:ff9b::203.0.113.9')).toBe('64:ff9b::');
    expect(ipBucket('203.0.113.9')).toBe('203.0.113.9');
  });

  it('refuses the free trial past its limit from new addresses of the same /64', async () => {
    const limit = DEFAULT_RATE_LIMITS.freePlay.ip.limit;
    const from = (i: number) => ({ 'x-forwarded-for': `2001:db8:77:1::${(i + 1).toString(16)}` });
    for (let i = 0; i < limit; i++) sessionOf(await h.client({ headers: from(i) }).session.freePlay.mutate());
    await expectTRPCError(h.client({ headers: from(limit) }).session.freePlay.mutate(), 'TOO_MANY_REQUESTS', 'error_too_many_requests');
    // Another /64 is another client.
    sessionOf(await h.client({ headers: { 'x-forwarded-for': '2001:db8:77:2::1' } }).session.freePlay.mutate());
  });
});
