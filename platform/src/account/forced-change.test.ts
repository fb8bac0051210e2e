import { describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, WPS_PATHS, ZEnvelope, ZSessionValue } from '@wl/schemas';
import { usePlatform } from '../test-support/db.ts';
import { encryptedCall, encryptedLogin } from '../test-support/http.ts';
import { expirePassword } from '../test-support/member-state.ts';

/**
 * docs/0014: the platform decides the forced password change (docs/rules/accounts.md#a-21) and enforces it. A
 * session flagged must_change_password may only change the password, read member info and log out.
 */

const now = Date.parse('2026-06-01T10:00:00Z');
const ctx = usePlatform({ clock: () => new Date(now) });

async function sessionOf(username: string, password: string) {
  return ZEnvelope(ZSessionValue).parse((await encryptedLogin(ctx.app, { username, password })).json()).value!;
}

/** Member calls that must wait for the change, each with its method, path and body. */
function guardedCalls(token: string) {
  const headers = { authorization: token };
  return {
    favouriteIds: () => ctx.app.inject({ url: WPS_PATHS.favouriteIds, headers }),
    favouriteAdd: () => ctx.app.inject({ method: 'POST', url: WPS_PATHS.favouriteAdd, headers, payload: { nodeId: 'no-such-game' } }),
    launch: () => ctx.app.inject({ url: `${WPS_PATHS.launchGame}?nodeId=no-such-game&launchMode=GLS`, headers }),
    balance: () => ctx.app.inject({ url: WPS_PATHS.balance, headers }),
    firstLogin: () => ctx.app.inject({ method: 'POST', url: ACCOUNT_PATHS.firstLogin, headers }),
    totpSetup: () => ctx.app.inject({ method: 'POST', url: ACCOUNT_PATHS.totpSetup, headers }),
  };
}

describe('forced password change, decided and enforced by the platform', () => {
  it('refuses every member call but the change, member info and logout until the password is changed', async () => {
    const session = await sessionOf('demo_weak', '123456');
    expect(session.mustChangePassword).toBe(true);
    const calls = guardedCalls(session.token);
    const before = await ctx.db.selectFrom('favourites').selectAll().execute();
    for (const [name, call] of Object.entries(calls)) {
      const res = await call();
      expect({ name, status: res.statusCode, body: res.json() }).toEqual({
        name,
        status: 403,
        body: { success: false, value: null, message: 'error_password_change_required', code: 464 },
      });
    }
    expect(await ctx.db.selectFrom('favourites').selectAll().execute()).toEqual(before);
    expect(
      (await ctx.db.selectFrom('members').select('totp_pending_secret').where('username', '=', 'demo_weak').executeTakeFirstOrThrow()).totp_pending_secret,
    ).toBeNull();

    // What the change modal needs still answers.
    const info = await ctx.app.inject({ url: WPS_PATHS.memberInfo, headers: { authorization: session.token } });
    expect(info.json().value.userName).toBe('demo_weak');

    const change = (payload: Record<string, unknown>) =>
      encryptedCall(ctx.app, 'POST', ACCOUNT_PATHS.changePassword, payload, { authorization: session.token });
    // A refused new password leaves the flag set.
    expect((await change({ newPassword: '123456', confirmNewPassword: '123456' })).json().success).toBe(false);
    expect((await calls.balance()).json().code).toBe(464);
    expect((await change({ newPassword: 'Strong1234', confirmNewPassword: 'Strong1234' })).json()).toEqual({
      success: true,
      value: { ok: true },
      message: null,
    });

    // The flag cleared on this session: everything answers now.
    expect((await calls.balance()).json().success).toBe(true);
    expect((await calls.favouriteIds()).json().success).toBe(true);
    expect((await calls.launch()).json().code).not.toBe(464);
    const again = await sessionOf('demo_weak', 'Strong1234');
    expect(again.mustChangePassword).toBe(false);
  });

  it('lets a must-change session log out, which ends it', async () => {
    const session = await sessionOf('demo_weak2', '123456');
    expect(session.mustChangePassword).toBe(true);
    const out = await ctx.app.inject({ method: 'DELETE', url: WPS_PATHS.logout, headers: { authorization: session.token } });
    expect(out.json().success).toBe(true);
    expect((await ctx.app.inject({ url: WPS_PATHS.memberInfo, headers: { authorization: session.token } })).statusCode).toBe(401);
  });

  it('forces the change of an expired password only while PWDEXPFORCECHANGE3 is on', async () => {
    await expirePassword(ctx.db, 'demo_down2', new Date(now - 1000));
    const forced = await sessionOf('demo_down2', 'Down1234');
    expect(forced).toMatchObject({ passwordExpired: true, mustChangePassword: true });
    expect((await guardedCalls(forced.token).balance()).json().code).toBe(464);
    await ctx.db.updateTable('whitelabel_nodes').set({ enabled: false }).where('mod_id', '=', 'PWDEXPFORCECHANGE3').execute();
    const relaxed = await sessionOf('demo_down2', 'Down1234');
    expect(relaxed).toMatchObject({ passwordExpired: true, mustChangePassword: false });
    expect((await guardedCalls(relaxed.token).balance()).json().success).toBe(true);
    await ctx.db.updateTable('whitelabel_nodes').set({ enabled: true }).where('mod_id', '=', 'PWDEXPFORCECHANGE3').execute();
  });

  it('does not force anything on a first login (SPEC §4: the first-login step is not a password change)', async () => {
    await ctx.db.updateTable('members').set({ first_time_login: true }).where('username', '=', 'demo_down3').execute();
    const first = await sessionOf('demo_down3', 'Down1234');
    expect(first).toMatchObject({ firstTimeLogin: true, mustChangePassword: false });
    expect((await guardedCalls(first.token).balance()).json().success).toBe(true);
  });
});
