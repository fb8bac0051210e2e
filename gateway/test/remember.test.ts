import { describe, expect, it } from 'vitest';
import { cookiePair, rawMutation } from './accounts-support.ts';
import { ACCOUNTS, startGateway, useGateway, type THarness } from './harness.ts';

/** Remember me (docs/0006): the remember token lives only in the httpOnly cookie, rotates on every use, and logout ends it. */

let h: THarness;

useGateway((started) => (h = started));

function tokenOf(setCookie: string | null): string {
  return decodeURIComponent(cookiePair(setCookie).split('=')[1]!);
}

describe('remember me', () => {
  it('sets the cookie on a remembered login, resumes with rotation, and never shows the token', async () => {
    const login = await rawMutation(h, 'session.login', { ...ACCOUNTS.member, rememberMe: true });
    expect(login.status).toBe(200);
    expect(login.setCookie).toMatch(/^wl_remember=[^;]+; Max-Age=86400; Path=\/trpc; HttpOnly; SameSite=Strict$/);
    const first = tokenOf(login.setCookie);
    expect(login.text).not.toContain(first);
    expect(login.json.result?.data).not.toHaveProperty('rememberToken');

    const resumed = await rawMutation(h, 'session.resume', undefined, { cookie: cookiePair(login.setCookie) });
    expect(resumed.json.result?.data).toMatchObject({ kind: 'session', member: { userName: ACCOUNTS.member.username } });
    const second = tokenOf(resumed.setCookie);
    expect(second).not.toBe(first);
    expect(resumed.text).not.toContain(second);

    // The old token was revoked by the rotation: it resumes nothing and its cookie is cleared.
    const replay = await rawMutation(h, 'session.resume', undefined, { cookie: cookiePair(login.setCookie) });
    expect(replay.json.result?.data).toBeNull();
    expect(replay.setCookie).toMatch(/^wl_remember=; Max-Age=0; Path=\/trpc; HttpOnly; SameSite=Strict$/);
  });

  it('answers null without a cookie, and sets none on a login without rememberMe', async () => {
    const resumed = await rawMutation(h, 'session.resume', undefined);
    expect(resumed.json.result?.data).toBeNull();
    expect(resumed.setCookie).toBeNull();
    const login = await rawMutation(h, 'session.login', ACCOUNTS.member);
    expect(login.setCookie).toBeNull();
  });

  it('clears the cookie and revokes the token on logout', async () => {
    const login = await rawMutation(h, 'session.login', { ...ACCOUNTS.member, rememberMe: true });
    const session = login.json.result?.data as { token: string };
    const cookie = cookiePair(login.setCookie);
    const logout = await rawMutation(h, 'session.logout', undefined, { cookie, authorization: session.token });
    expect(logout.json.result?.data).toEqual({ ok: true });
    expect(logout.setCookie).toMatch(/^wl_remember=; Max-Age=0/);
    const resumed = await rawMutation(h, 'session.resume', undefined, { cookie });
    expect(resumed.json.result?.data).toBeNull();
  });

  it('marks the cookie Secure when the request came over https through a trusted proxy', async () => {
    const proxied = await startGateway({ upstreamUrl: h.upstreamUrl, trustProxy: 'loopback' });
    try {
      const login = await rawMutation(proxied, 'session.login', { ...ACCOUNTS.member, rememberMe: true }, { 'x-forwarded-proto': 'https' });
      expect(login.setCookie).toMatch(/; Secure$/);
    } finally {
      await proxied.close();
    }
  });

  it('ignores a forged or oversized cookie without an error', async () => {
    for (const cookie of ['wl_remember=forged', `wl_remember=${'a'.repeat(5000)}`, 'wl_remember=%E0%A4%A']) {
      const resumed = await rawMutation(h, 'session.resume', undefined, { cookie });
      expect(resumed.status).toBe(200);
      expect(resumed.json.result?.data).toBeNull();
    }
  });
});
