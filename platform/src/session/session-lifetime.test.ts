import { describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, WPS_PATHS, ZEnvelope, ZSessionValue } from '@wl/schemas';
import { usePlatform } from '../test-support/db.ts';
import { encryptedLogin, loginToken } from '../test-support/http.ts';
import { approvedChange, SECOND_OWNER } from '../test-support/operators.ts';

/**
 * docs/0070 sessions that end: a replayed remember token ends every session of the member, every
 * session has an absolute lifetime beside its idle timeout, and an operator's logout ends the
 * operator session on the server.
 */

let now = Date.parse('2026-06-01T10:00:00Z');
const tick = (ms: number) => {
  now += ms;
};
const ctx = usePlatform({ clock: () => new Date(now) });
const MINUTE = 60_000;

const memberInfo = (token: string) => ctx.app.inject({ url: WPS_PATHS.memberInfo, headers: { authorization: token } });
const operatorConfig = (token: string) => ctx.app.inject({ url: WPS_PATHS.operatorWhitelabel, headers: { authorization: token } });

async function operatorLogin(username = 'demo_operator', password = 'Operator1234'): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: WPS_PATHS.operatorLogin, payload: { username, password } });
  return res.json().value.token as string;
}

/** A threshold made live: drafted by demo_operator, approved by demo_owner2, published (docs/0127); both log in afresh, as the clock moves. */
async function setSecurity(payload: Record<string, unknown>) {
  const tokens = { author: await operatorLogin(), approver: await operatorLogin(SECOND_OWNER.username, SECOND_OWNER.password) };
  return approvedChange(ctx.app, tokens, { url: ACCOUNT_PATHS.operatorSecurity, payload });
}

describe('sessions that end (docs/0070)', () => {
  it('a replayed remember token ends every session of the member, the one made from the rotated token included', async () => {
    const remember = (rememberToken: string | null) => ctx.app.inject({ method: 'POST', url: ACCOUNT_PATHS.loginRemember, payload: { rememberToken } });
    const first = ZEnvelope(ZSessionValue).parse(
      (await encryptedLogin(ctx.app, { username: 'demo_down1', password: 'Down1234', rememberMe: true })).json(),
    ).value!;
    // The thief (or the owner) uses the cookie once: a fresh session and a rotated token.
    const thief = ZEnvelope(ZSessionValue).parse((await remember(first.rememberToken)).json()).value!;
    expect((await memberInfo(thief.token)).statusCode).toBe(200);
    const other = await loginToken(ctx.app, 'demo_down1', 'Down1234');
    // The old cookie comes back: one of the two holders is not the owner.
    expect((await remember(first.rememberToken)).statusCode).toBe(401);
    for (const token of [first.token, thief.token, other]) expect((await memberInfo(token)).statusCode).toBe(401);
    expect((await remember(thief.rememberToken)).statusCode).toBe(401);
    const events = await ctx.db.selectFrom('auth_events').select('kind').where('kind', '=', 'remember_replayed').execute();
    // The rotated cookie was revoked with the rest: showing it again is a replay too.
    expect(events).toHaveLength(2);
    // Another member's sessions are untouched.
    const bystander = await loginToken(ctx.app, 'demo_down2', 'Down1234');
    expect((await memberInfo(bystander)).statusCode).toBe(200);
  });

  it('a member session busy every 20 minutes still ends at the absolute lifetime, and exchanging its token does not extend it', async () => {
    expect((await setSecurity({ sessionLifetimeHours: 2 })).json.value.awaitingApproval).toMatchObject({ fields: ['security.sessionLifetimeHours'] });
    const audit = await ctx.db
      .selectFrom('config_audit')
      .select(['action', 'after'])
      .where('action', '=', 'config.publish')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ 'security.sessionLifetimeHours': 2 });
    try {
      const token = await loginToken(ctx.app, 'demo_down3', 'Down1234');
      let exchanged: string | null = null;
      // 100 minutes of activity, every call within the 30-minute idle timeout.
      for (let minute = 20; minute <= 100; minute += 20) {
        tick(20 * MINUTE);
        expect((await memberInfo(token)).statusCode).toBe(200);
      }
      // The token travels through an address and is exchanged for a fresh one (docs/0013).
      const res = await ctx.app.inject({ method: 'POST', url: ACCOUNT_PATHS.sessionExchange, headers: { authorization: token } });
      exchanged = ZEnvelope(ZSessionValue).parse(res.json()).value!.token;
      tick(19 * MINUTE);
      expect((await memberInfo(exchanged)).statusCode).toBe(200);
      // Two hours and one minute after the login: over, though the last call was a minute ago.
      tick(2 * MINUTE);
      expect((await memberInfo(exchanged)).statusCode).toBe(401);
      // A new login starts a new lifetime.
      const fresh = await loginToken(ctx.app, 'demo_down3', 'Down1234');
      expect((await memberInfo(fresh)).statusCode).toBe(200);
    } finally {
      expect((await setSecurity({ sessionLifetimeHours: 168 })).statusCode).toBe(200);
    }
  });

  it('an operator session ends at the absolute lifetime too, and lowering the setting ends live sessions at once', async () => {
    expect((await setSecurity({ sessionLifetimeHours: 1 })).statusCode).toBe(200);
    try {
      const op = await operatorLogin('demo_support', 'Support1234');
      for (let i = 0; i < 2; i++) {
        tick(25 * MINUTE);
        expect((await operatorConfig(op)).statusCode).toBe(200);
      }
      tick(11 * MINUTE);
      expect((await operatorConfig(op)).statusCode).toBe(401);
      // Back to a week: a member session kept busy for 3 hours lives on...
      expect((await setSecurity({ sessionLifetimeHours: 168 })).statusCode).toBe(200);
      const member = await loginToken(ctx.app, 'demo_member', 'Demo1234');
      for (let i = 0; i < 9; i++) {
        tick(20 * MINUTE);
        expect((await memberInfo(member)).statusCode).toBe(200);
      }
      // ...until an operator lowers the lifetime to 2 hours: it ends at once, a younger one does not.
      const younger = await loginToken(ctx.app, 'demo_down2', 'Down1234');
      expect((await setSecurity({ sessionLifetimeHours: 2 })).statusCode).toBe(200);
      expect((await memberInfo(member)).statusCode).toBe(401);
      expect((await memberInfo(younger)).statusCode).toBe(200);
    } finally {
      expect((await setSecurity({ sessionLifetimeHours: 168 })).statusCode).toBe(200);
    }
  });

  it('refuses a lifetime out of bounds and changes nothing', async () => {
    const op = await operatorLogin();
    for (const bad of [0, -1, 2161, 1.5, '24', null]) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: ACCOUNT_PATHS.operatorSecurity,
        headers: { authorization: op },
        payload: { sessionLifetimeHours: bad },
      });
      expect(res.statusCode).toBe(400);
    }
    const read = await ctx.app.inject({ url: ACCOUNT_PATHS.operatorSecurity, headers: { authorization: op } });
    expect(read.json().value.sessionLifetimeHours).toBe(168);
  });

  it("an operator's logout ends the session on the server", async () => {
    const op = await operatorLogin('demo_finance', 'Finance1234');
    expect((await operatorConfig(op)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'DELETE', url: WPS_PATHS.operatorLogout, headers: { authorization: op } })).statusCode).toBe(200);
    expect((await operatorConfig(op)).statusCode).toBe(401);
  });
});
