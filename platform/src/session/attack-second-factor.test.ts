import { describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, ZEnvelope, ZSecondFactorValue } from '@wl/schemas';
import { DEMO_MEMBER_CONTACT, DEMO_TOTP_SECRET } from '../seed/seed.ts';
import { rowCounts, usePlatform } from '../test-support/db.ts';
import { encryptedCall, encryptedLogin, fromClientIp } from '../test-support/http.ts';
import { lastSmsCode } from '../test-support/outbox.ts';
import { CHALLENGE_MAX_ATTEMPTS } from './second-factor.service.ts';
import { memberTotp } from './totp.ts';
import { demoMerchantId } from '../test-support/demo-merchant.ts';

/**
 * docs/0014 attack review: "a TOTP code works once" must hold under parallel answers. Before the fix
 * the last used step was read with the member and written unconditionally, so one code sent at once
 * to several challenges (opened with a stolen password from several addresses) opened them all.
 */
let now = Date.parse('2026-06-01T10:00:00Z');
const ctx = usePlatform({ clock: () => new Date(now) });
const DEMO_PHONE = `${DEMO_MEMBER_CONTACT.countryDialingCode}${DEMO_MEMBER_CONTACT.mobileNum}`;
let nextIp = 1;

/** A second-factor challenge of demo_member from an address it has never used. */
async function challenge(): Promise<{ ip: Record<string, string>; challengeId: string; methods: string[] }> {
  const ip = fromClientIp(`198.51.100.${nextIp++}`);
  const value = ZEnvelope(ZSecondFactorValue).parse((await encryptedLogin(ctx.app, { username: 'demo_member', password: 'Demo1234' }, ip)).json()).value!;
  return { ip, challengeId: value.challengeId, methods: value.methods };
}
const verify = (c: { ip: Record<string, string>; challengeId: string }, answer: Record<string, unknown>) =>
  encryptedCall(ctx.app, 'POST', ACCOUNT_PATHS.loginVerify, { challengeId: c.challengeId, ...answer }, c.ip).then(
    (r) => r.json() as { success: boolean; message: string },
  );
const sendCode = (c: { ip: Record<string, string>; challengeId: string }, method: string) =>
  ctx.app
    .inject({ method: 'POST', url: ACCOUNT_PATHS.loginVerifyCode, payload: { challengeId: c.challengeId, method }, headers: c.ip })
    .then((r) => r.json() as { success: boolean; message: string });
/** One send a second per address: the clock moves past it before each send. */
const later = () => {
  now += 61_000;
};

/**
 * docs/0067: the new-IP check accepted the member's e-mail address or bank holder
 * name typed in, both known to whoever saw a profile or a statement. The e-mail and mobile methods
 * now send a one-time code to the bound address; the holder name is no factor.
 */
describe('a second factor that proves possession', () => {
  it('the bound e-mail address or the holder name typed in opens no challenge', async () => {
    const c = await challenge();
    expect(c.methods).not.toContain('bankHolder');
    const sessions = await rowCounts(ctx.db, ['sessions']);
    expect((await verify(c, { method: 'email', value: DEMO_MEMBER_CONTACT.email })).success).toBe(false);
    expect((await verify(c, { method: 'bankHolder', value: DEMO_MEMBER_CONTACT.bankHolderName })).success).toBe(false);
    expect((await verify(c, { method: 'mobile', value: DEMO_MEMBER_CONTACT.mobileNum })).success).toBe(false);
    expect(await rowCounts(ctx.db, ['sessions'])).toEqual(sessions);
  });

  it('the code goes to the bound address only, opens its own challenge once, and not another', async () => {
    const a = await challenge();
    const b = await challenge();
    later();
    expect((await sendCode(a, 'email')).success).toBe(true);
    const code = await lastSmsCode(ctx.messages, DEMO_MEMBER_CONTACT.email, 'email');
    // A code of challenge a does not answer challenge b (a second login of the same thief).
    expect((await verify(b, { method: 'email', code })).message).toBe('second_factor_wrong');
    expect((await verify(a, { method: 'email', code })).success).toBe(true);
    // Single use: the code and its challenge are spent.
    expect((await verify(a, { method: 'email', code })).message).toBe('second_factor_expired');
    // The client names no address: a number or address in the body is refused, nothing sent elsewhere.
    const c = await challenge();
    const sent = await ctx.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.loginVerifyCode,
      payload: { challengeId: c.challengeId, method: 'email', email: 'thief@example.test' },
      headers: c.ip,
    });
    expect(sent.json().success).toBe(false);
    const other = await ctx.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.loginVerifyCode,
      payload: { challengeId: c.challengeId, method: 'bankHolder' },
      headers: c.ip,
    });
    expect(other.json().success).toBe(false);
    expect((await sendCode({ ...c, challengeId: 'no-such-challenge' }, 'mobile')).message).toBe('second_factor_expired');
  });

  it("an SMS code expires with the merchant's minutes", async () => {
    const c = await challenge();
    later();
    expect((await sendCode(c, 'mobile')).success).toBe(true);
    const code = await lastSmsCode(ctx.messages, DEMO_PHONE);
    const { sms_expired_minutes } = await ctx.db.selectFrom('merchants').select('sms_expired_minutes').where('code', '=', 'DEMO').executeTakeFirstOrThrow();
    now += sms_expired_minutes * 60_000 + 1_000;
    expect((await verify(c, { method: 'mobile', code })).success).toBe(false);
  });

  it(`judges at most ${CHALLENGE_MAX_ATTEMPTS} of 50 parallel guesses of a mobile code; the right code is void afterwards`, async () => {
    const c = await challenge();
    later();
    expect((await sendCode(c, 'mobile')).success).toBe(true);
    const code = await lastSmsCode(ctx.messages, DEMO_PHONE);
    const guesses = Array.from({ length: 51 }, (_, i) => String(i + 1).padStart(6, '0'))
      .filter((g) => g !== code)
      .slice(0, 50);
    const answers = await Promise.all(guesses.map((g) => verify(c, { method: 'mobile', code: g })));
    expect(answers.filter((a) => a.success)).toHaveLength(0);
    const judged = await ctx.db
      .selectFrom('auth_events')
      .select('id')
      .where('kind', '=', 'second_factor_failed_mobile')
      .where('ip', '=', c.ip['x-wl-client-ip'] ?? '')
      .execute();
    expect(judged.length).toBeLessThanOrEqual(CHALLENGE_MAX_ATTEMPTS);
    expect((await verify(c, { method: 'mobile', code })).message).toBe('second_factor_expired');
  });

  it('offers a bound authenticator first', async () => {
    await ctx.db
      .updateTable('members')
      .set({ totp_secret: DEMO_TOTP_SECRET })
      .where('merchant_id', '=', demoMerchantId(ctx.db))
      .where('username', '=', 'demo_member')
      .execute();
    try {
      expect((await challenge()).methods).toEqual(['totp', 'mobile', 'email']);
    } finally {
      await ctx.db
        .updateTable('members')
        .set({ totp_secret: null })
        .where('merchant_id', '=', demoMerchantId(ctx.db))
        .where('username', '=', 'demo_member')
        .execute();
    }
  });
});

describe('member TOTP second factor under parallel answers (attack review)', () => {
  it('one code answers at most one of 10 challenges answered at once', async () => {
    const challenges: { ip: string; challengeId: string }[] = [];
    for (let i = 0; i < 10; i++) {
      const ip = `203.0.113.${100 + i}`;
      const res = await encryptedLogin(ctx.app, { username: 'demo_totp', password: 'Totp1234' }, fromClientIp(ip));
      challenges.push({ ip, challengeId: ZEnvelope(ZSecondFactorValue).parse(res.json()).value!.challengeId });
    }
    const code = memberTotp(DEMO_TOTP_SECRET).generate({ timestamp: now });
    const answers = await Promise.all(
      challenges.map(({ ip, challengeId }) =>
        encryptedCall(ctx.app, 'POST', ACCOUNT_PATHS.loginVerify, { challengeId, method: 'totp', code }, fromClientIp(ip)).then(
          (r) => r.json() as { success: boolean },
        ),
      ),
    );
    expect(answers.filter((a) => a.success)).toHaveLength(1);
    const sessions = await ctx.db
      .selectFrom('auth_events')
      .select('kind')
      .where('username', '=', 'demo_totp')
      .where('kind', '=', 'second_factor_ok_totp')
      .execute();
    expect(sessions).toHaveLength(1);
  });
});
