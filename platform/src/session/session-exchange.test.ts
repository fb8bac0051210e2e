import { describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, WPS_PATHS, ZEnvelope, ZSessionValue } from '@wl/schemas';
import { rowCounts, usePlatform } from '../test-support/db.ts';
import { loginToken } from '../test-support/http.ts';

const ctx = usePlatform();

function exchange(token?: string) {
  return ctx.app.inject({ method: 'POST', url: ACCOUNT_PATHS.sessionExchange, headers: token ? { authorization: token } : {} });
}

function memberInfo(token: string) {
  return ctx.app.inject({ url: WPS_PATHS.memberInfo, headers: { authorization: token } });
}

/** docs/rules/accounts.md#a-23 token from the URL (docs/0013): exchanged once for a fresh session, never adopted. */
// Logins hash passwords and the machine is shared: generous limits, the tests wait on events only.
describe('session exchange', () => {
  it('revokes the token and answers a fresh session of the same member', async () => {
    const old = await loginToken(ctx.app, 'demo_member', 'Demo1234');
    const res = await exchange(old);
    expect(res.statusCode).toBe(200);
    const fresh = ZEnvelope(ZSessionValue).parse(res.json()).value!;
    expect(fresh.token).not.toBe(old);
    expect(fresh.rememberToken).toBeNull();
    expect((await memberInfo(fresh.token)).json().value.userName).toBe('demo_member');
    expect((await memberInfo(old)).statusCode).toBe(401);
    // A second exchange of the same token fails and changes nothing.
    const before = await rowCounts(ctx.db, ['sessions', 'auth_events']);
    const again = await exchange(old);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ success: false, message: 'error_not_logged_in' });
    expect(await rowCounts(ctx.db, ['sessions', 'auth_events'])).toEqual(before);
  });

  it('lets exactly one of 20 parallel exchanges of one token win', async () => {
    const old = await loginToken(ctx.app, 'demo_agent', 'Agent1234');
    const before = await rowCounts(ctx.db, ['sessions']);
    const answers = await Promise.all(Array.from({ length: 20 }, () => exchange(old)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 401)).toHaveLength(19);
    expect(await rowCounts(ctx.db, ['sessions'])).toEqual({ sessions: before.sessions! + 1 });
    const winner = ZEnvelope(ZSessionValue).parse(answers.find((a) => a.statusCode === 200)!.json()).value!;
    expect((await memberInfo(winner.token)).json().value.userName).toBe('demo_agent');
  });

  it('refuses a missing, unknown or logged-out token', async () => {
    expect((await exchange()).statusCode).toBe(401);
    expect((await exchange('not-a-real-token-at-all')).statusCode).toBe(401);
    const token = await loginToken(ctx.app, 'demo_member', 'Demo1234');
    expect((await ctx.app.inject({ method: 'DELETE', url: WPS_PATHS.logout, headers: { authorization: token } })).statusCode).toBe(200);
    expect((await exchange(token)).statusCode).toBe(401);
  });

  it('keeps a forced password change on the fresh session', async () => {
    const weak = await loginToken(ctx.app, 'demo_weak', '123456');
    const fresh = ZEnvelope(ZSessionValue).parse((await exchange(weak)).json()).value!;
    expect(fresh.mustChangePassword).toBe(true);
    const row = await ctx.db.selectFrom('sessions').select('must_change_password').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row.must_change_password).toBe(true);
  });
});
