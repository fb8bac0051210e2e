import { describe, expect, it } from 'vitest';
import { REMEMBER_ME_MS } from '@wl/schemas/constants';
import { forgetUsername, readRememberedUsername, rememberUsername, REMEMBERED_USERNAME_KEY } from './remember-me.ts';

describe('remember me', () => {
  it('keeps the username (never a password) for 24 hours, then drops it', () => {
    rememberUsername('demo_member', 1_000);
    expect(localStorage.getItem(REMEMBERED_USERNAME_KEY)).toBe(JSON.stringify({ username: 'demo_member', expiresAt: 1_000 + REMEMBER_ME_MS }));
    expect(readRememberedUsername(1_000 + REMEMBER_ME_MS - 1)).toBe('demo_member');
    expect(readRememberedUsername(1_000 + REMEMBER_ME_MS)).toBeNull();
    expect(localStorage.getItem(REMEMBERED_USERNAME_KEY)).toBeNull();
  });
  it('forgets on request and ignores malformed entries', () => {
    rememberUsername('x');
    forgetUsername();
    expect(readRememberedUsername()).toBeNull();
    localStorage.setItem(REMEMBERED_USERNAME_KEY, '{bad');
    expect(readRememberedUsername()).toBeNull();
  });
});
