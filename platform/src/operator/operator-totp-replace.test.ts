import { beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_PATHS, WPS_PATHS } from '@wl/schemas';
import { memberTotp } from '../session/session.service.ts';
import { usePlatform } from '../test-support/db.ts';
import { demoOperatorRow } from '../test-support/demo-merchant.ts';

// docs/0068: a stolen console session cannot move an operator's second factor to the thief's phone.
// Replacing or removing the authenticator needs a code of the current one (counted before judged);
// an owner can reset another operator's, audited, and that operator's sessions end.
let now = Date.parse('2026-11-25T10:00:00Z');
const ctx = usePlatform({ clock: () => new Date(now) });

const post = (url: string, token: string | null, payload: unknown = {}) =>
  ctx.app.inject({ method: 'POST', url, ...(token ? { headers: { authorization: token } } : {}), payload: payload as object });
const login = async (username: string, password: string, totpCode?: string) =>
  (await post(WPS_PATHS.operatorLogin, null, { username, password, ...(totpCode ? { totpCode } : {}) })).json();
const code = (secret: string, at = now) => memberTotp(secret).generate({ timestamp: at });
const operatorRow = (username: string) => demoOperatorRow(ctx.db, username).select(['id', 'totp_secret', 'totp_pending_secret']).executeTakeFirstOrThrow();

/** Sets up and turns on an authenticator for the session; answers its secret. */
async function turnOn(token: string, currentCode?: string): Promise<string> {
  const secret = (await post(OPERATOR_PATHS.operatorTotpSetup, token)).json().value.secret as string;
  const res = (await post(OPERATOR_PATHS.operatorTotpEnable, token, { code: code(secret), ...(currentCode ? { currentCode } : {}) })).json();
  if (!res.success) throw new Error(JSON.stringify(res));
  return secret;
}

let finance: string;
let firstSecret: string;

beforeAll(async () => {
  finance = (await login('demo_finance', 'Finance1234')).value.token;
  firstSecret = await turnOn(finance);
  now += 60_000;
});

describe('operator authenticator: replace, remove, reset (docs/0068)', () => {
  it('replacing it needs a code of the current one: without it, or with a wrong one, nothing changes', async () => {
    const thiefSecret = (await post(OPERATOR_PATHS.operatorTotpSetup, finance)).json().value.secret as string;
    const noCurrent = (await post(OPERATOR_PATHS.operatorTotpEnable, finance, { code: code(thiefSecret) })).json();
    expect(noCurrent).toMatchObject({ success: false, message: 'error_operator_totp_required' });
    const wrong = (await post(OPERATOR_PATHS.operatorTotpEnable, finance, { code: code(thiefSecret), currentCode: code(thiefSecret) })).json();
    expect(wrong).toMatchObject({ success: false, message: 'error_operator_totp_wrong' });
    expect((await operatorRow('demo_finance')).totp_secret).toBe(firstSecret);
    const replaced = (await post(OPERATOR_PATHS.operatorTotpEnable, finance, { code: code(thiefSecret), currentCode: code(firstSecret) })).json();
    expect(replaced.success).toBe(true);
    expect((await operatorRow('demo_finance')).totp_secret).toBe(thiefSecret);
    firstSecret = thiefSecret;
    now += 60_000;
  });

  it('50 parallel guesses of the current code: at most the lock threshold are judged, then locked', async () => {
    await post(OPERATOR_PATHS.operatorTotpSetup, finance);
    const right = code(firstSecret);
    const guesses = Array.from({ length: 50 }, (_, i) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(guesses.map((g) => post(OPERATOR_PATHS.operatorTotpRemove, finance, { code: g })));
    const messages = answers.map((a) => a.json().message as string);
    expect(messages.filter((m) => m === 'error_operator_totp_wrong').length).toBeLessThanOrEqual(4);
    expect(messages.filter((m) => m === 'error_account_locked').length).toBeGreaterThanOrEqual(46);
    expect((await post(OPERATOR_PATHS.operatorTotpRemove, finance, { code: right })).json().message).toBe('error_account_locked');
    expect((await operatorRow('demo_finance')).totp_secret).toBe(firstSecret);
    await ctx.db.deleteFrom('login_throttle').execute();
  });

  it('removing it needs a current code, once; audited', async () => {
    const c = code(firstSecret);
    expect((await post(OPERATOR_PATHS.operatorTotpRemove, finance, { code: c })).json().success).toBe(true);
    expect(await operatorRow('demo_finance')).toMatchObject({ totp_secret: null, totp_pending_secret: null });
    const audit = await ctx.db.selectFrom('config_audit').select(['action', 'operator_username']).where('action', '=', 'operator.totp.remove').execute();
    expect(audit).toEqual([{ action: 'operator.totp.remove', operator_username: 'demo_finance' }]);
  });

  it('an owner resets another operator’s authenticator, audited, and its sessions end; nobody else may', async () => {
    now += 60_000;
    const support = (await login('demo_support', 'Support1234')).value.token as string;
    await turnOn(support);
    const supportId = (await operatorRow('demo_support')).id;
    // Finance and support may not reset anyone's; an owner may not reset its own this way.
    expect((await post(OPERATOR_PATHS.operatorTotpReset, finance, { operatorId: supportId })).statusCode).toBe(403);
    expect((await post(OPERATOR_PATHS.operatorTotpReset, support, { operatorId: supportId })).statusCode).toBe(403);
    const owner = (await login('demo_operator', 'Operator1234')).value.token as string;
    const ownerId = (await operatorRow('demo_operator')).id;
    expect((await post(OPERATOR_PATHS.operatorTotpReset, owner, { operatorId: ownerId })).statusCode).toBe(403);
    expect((await post(OPERATOR_PATHS.operatorTotpReset, owner, { operatorId: 999_999 })).statusCode).toBe(404);
    expect((await post(OPERATOR_PATHS.operatorTotpReset, owner, { operatorId: supportId })).json().success).toBe(true);
    expect((await operatorRow('demo_support')).totp_secret).toBeNull();
    expect((await post(OPERATOR_PATHS.operatorTotpSetup, support)).statusCode).toBe(401);
    expect((await login('demo_support', 'Support1234')).success).toBe(true);
    const audit = await ctx.db
      .selectFrom('config_audit')
      .select(['operator_username', 'before', 'after'])
      .where('action', '=', 'operator.totp.reset')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      operator_username: 'demo_operator',
      before: { username: 'demo_support', totpEnabled: true },
      after: { username: 'demo_support', totpEnabled: false },
    });
  });
});
