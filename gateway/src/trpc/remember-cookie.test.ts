import { describe, expect, it } from 'vitest';
import { cookieValue, rememberCookieHeader } from './remember-cookie.ts';

describe('remember cookie', () => {
  it('reads the named cookie among others, decoded', () => {
    expect(cookieValue('a=1; wl_remember=abc%2B1; b=2', 'wl_remember')).toBe('abc+1');
    expect(cookieValue('wl_remember="quoted"', 'wl_remember')).toBe('quoted');
    expect(cookieValue('xwl_remember=1', 'wl_remember')).toBeNull();
    expect(cookieValue(undefined, 'wl_remember')).toBeNull();
    expect(cookieValue('wl_remember=%E0%A4%A', 'wl_remember')).toBeNull();
  });

  it('sets an httpOnly, strict, /trpc-only cookie for 24 hours, Secure over https', () => {
    expect(rememberCookieHeader('t+k', { secure: false, maxAgeSeconds: 86400 })).toBe(
      'wl_remember=t%2Bk; Max-Age=86400; Path=/trpc; HttpOnly; SameSite=Strict',
    );
    expect(rememberCookieHeader('', { secure: true, maxAgeSeconds: 0 })).toBe('wl_remember=; Max-Age=0; Path=/trpc; HttpOnly; SameSite=Strict; Secure');
  });
});
