import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, LIMITED_ACTIONS, parseRateLimits, resolveRateLimits } from './rate-limits.ts';

describe('rate limit settings', () => {
  it('has an IP and a subject limit for every limited action', () => {
    for (const action of LIMITED_ACTIONS) {
      expect(DEFAULT_RATE_LIMITS[action].ip.limit).toBeGreaterThan(0);
      expect(DEFAULT_RATE_LIMITS[action].subject.windowMs).toBeGreaterThan(0);
    }
  });

  it('reads RATE_LIMITS overrides with their units', () => {
    expect(parseRateLimits('login.ip=20/1m, login.subject=10/15m,sendSms.ip=5/30s,register.subject=2/1h,resetByMobile.ip=1/500ms')).toEqual({
      login: { ip: { limit: 20, windowMs: 60_000 }, subject: { limit: 10, windowMs: 900_000 } },
      sendSms: { ip: { limit: 5, windowMs: 30_000 } },
      register: { subject: { limit: 2, windowMs: 3_600_000 } },
      resetByMobile: { ip: { limit: 1, windowMs: 500 } },
    });
    expect(parseRateLimits('')).toEqual({});
  });

  it.each(['login=20/1m', 'nothing.ip=1/1m', 'login.ip=20', 'login.ip=0/1m', 'login.ip=5/1d', 'login.ip=-1/1m'])('refuses "%s" naming it', (spec) => {
    expect(() => parseRateLimits(spec)).toThrow(spec);
  });

  it('applies overrides over the defaults, part by part', () => {
    const limits = resolveRateLimits({ login: { ip: { limit: 2, windowMs: 1000 } } });
    expect(limits.login).toEqual({ ip: { limit: 2, windowMs: 1000 }, subject: DEFAULT_RATE_LIMITS.login.subject });
    expect(limits.sendSms).toEqual(DEFAULT_RATE_LIMITS.sendSms);
  });
});
