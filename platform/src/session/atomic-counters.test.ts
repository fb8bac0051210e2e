import { describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, WPS_PATHS, ZEnvelope, ZSecondFactorValue } from '@wl/schemas';
import { CODE_MAX_ATTEMPTS } from '../verification/verification.service.ts';
import { DEMO_MEMBER_CONTACT } from '../seed/seed.ts';
import { usePlatform } from '../test-support/db.ts';
import { encryptedCall, encryptedLogin, fromClientIp } from '../test-support/http.ts';
import { lastMessage, lastSmsCode, setFlag } from '../test-support/outbox.ts';
import { CHALLENGE_MAX_ATTEMPTS } from './second-factor.service.ts';
import { demoMerchantId } from '../test-support/demo-merchant.ts';

/**
 * docs/0014: every counter that guards a secret is atomic. Each test fires PARALLEL attempts
 * (Promise.all over one app) and proves that no update is lost and no budget is exceeded.
 */

const now = Date.parse('2026-06-01T10:00:00Z');
const ctx = usePlatform({ clock: () => new Date(now) });
const PARALLEL = 50;
/** Fifty real argon2 verifications and requests on a shared machine: generous, never a wait on time. */
const SLOW = 120_000;
const DEMO_PHONE = `${DEMO_MEMBER_CONTACT.countryDialingCode}${DEMO_MEMBER_CONTACT.mobileNum}`;

/** How many times each message came back. */
function tally(messages: unknown[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const m of messages) out[String(m)] = (out[String(m)] ?? 0) + 1;
  return out;
}

async function eventCount(kind: string, username?: string): Promise<number> {
  let q = ctx.db.selectFrom('auth_events').select('id').where('kind', '=', kind);
  if (username !== undefined) q = q.where('merchant_id', '=', demoMerchantId(ctx.db)).where('username', '=', username);
  return (await q.execute()).length;
}

describe('atomic abuse counters', () => {
  it(
    `counts ${PARALLEL} parallel wrong passwords without losing one, locks at the threshold, then refuses the right password`,
    async () => {
      const LOCK_AFTER = 5;
      // The captcha would stop most attempts before they are judged; here the lock alone is under test.
      await ctx.db.updateTable('merchants').set({ captcha_after_failures: 1000, lock_after_failures: LOCK_AFTER }).execute();
      try {
        const username = 'demo_down1';
        const answers = await Promise.all(
          Array.from({ length: PARALLEL }, (_, i) => encryptedLogin(ctx.app, { username, password: `wrong-${i}` }).then((r) => r.json())),
        );
        const judged = await eventCount('login_failed', username);
        const throttle = await ctx.db.selectFrom('login_throttle').selectAll().where('username_key', '=', username).executeTakeFirstOrThrow();
        // No lost update: the counter holds exactly the attempts that were judged…
        expect(throttle.failures).toBe(judged);
        // …and the lock engaged at the threshold: no attempt beyond it was judged.
        expect(judged).toBe(LOCK_AFTER);
        expect(new Date(throttle.locked_until!).getTime()).toBe(now + 30 * 60_000);
        expect(tally(answers.map((a) => a.message))).toEqual({ error_invalid_credentials: LOCK_AFTER - 1, error_account_locked: PARALLEL - LOCK_AFTER + 1 });
        expect(answers.every((a) => a.success === false)).toBe(true);

        const right = (await encryptedLogin(ctx.app, { username, password: 'Down1234' })).json();
        expect(right).toEqual({ success: false, value: { retryAfterSeconds: 1800 }, message: 'error_account_locked', code: 461 });
        expect(
          await ctx.db
            .selectFrom('sessions')
            .innerJoin('members', 'members.id', 'sessions.member_id')
            .select('sessions.id')
            .where('members.merchant_id', '=', demoMerchantId(ctx.db))
            .where('members.username', '=', username)
            .execute(),
        ).toEqual([]);
      } finally {
        await ctx.db.updateTable('merchants').set({ captcha_after_failures: 2, lock_after_failures: 3 }).execute();
      }
    },
    SLOW,
  );

  it(
    `judges at most ${CHALLENGE_MAX_ATTEMPTS} of ${PARALLEL} parallel wrong second-factor answers and voids the challenge`,
    async () => {
      const ip = fromClientIp('203.0.113.77');
      const challenge = ZEnvelope(ZSecondFactorValue).parse(
        (await encryptedLogin(ctx.app, { username: 'demo_member', password: 'Demo1234' }, ip)).json(),
      ).value!;
      // docs/0067: the e-mail factor is the code sent to the bound address for this challenge.
      await ctx.app.inject({
        method: 'POST',
        url: ACCOUNT_PATHS.loginVerifyCode,
        payload: { challengeId: challenge.challengeId, method: 'email' },
        headers: ip,
      });
      const code = await lastSmsCode(ctx.messages, DEMO_MEMBER_CONTACT.email, 'email');
      const verify = (answer: string) =>
        encryptedCall(ctx.app, 'POST', ACCOUNT_PATHS.loginVerify, { challengeId: challenge.challengeId, method: 'email', code: answer }, ip);
      const guesses = Array.from({ length: PARALLEL + 1 }, (_, i) => String(i + 1).padStart(6, '0'))
        .filter((c) => c !== code)
        .slice(0, PARALLEL);
      const answers = await Promise.all(guesses.map((guess) => verify(guess).then((r) => r.json())));
      const judged = await eventCount('second_factor_failed_email', 'demo_member');
      expect(judged).toBe(CHALLENGE_MAX_ATTEMPTS);
      expect(tally(answers.map((a) => a.message))).toEqual({
        second_factor_wrong: CHALLENGE_MAX_ATTEMPTS - 1,
        second_factor_expired: PARALLEL - CHALLENGE_MAX_ATTEMPTS + 1,
      });
      const row = await ctx.db.selectFrom('login_challenges').select(['attempts', 'used_at']).executeTakeFirstOrThrow();
      expect(row.attempts).toBe(CHALLENGE_MAX_ATTEMPTS);
      expect(row.used_at).not.toBeNull();
      // Void: the right answer no longer works.
      expect((await verify(code)).json().message).toBe('second_factor_expired');
    },
    SLOW,
  );

  it(
    `judges at most ${CODE_MAX_ATTEMPTS} of ${PARALLEL} parallel wrong SMS codes; the right code is void afterwards`,
    async () => {
      await setFlag(ctx.db, 'MOBILEVERCODELOGIN3', true);
      const phone = { mobileNum: DEMO_MEMBER_CONTACT.mobileNum, countryDialingCode: DEMO_MEMBER_CONTACT.countryDialingCode };
      const sent = await ctx.app.inject({ method: 'POST', url: ACCOUNT_PATHS.smsNoLogin, payload: { ...phone, purpose: 'login' } });
      expect(sent.json().success).toBe(true);
      const code = await lastSmsCode(ctx.messages, DEMO_PHONE);
      const wrong = Array.from({ length: PARALLEL }, (_, i) => String(i + 1).padStart(6, '0')).filter((c) => c !== code);
      const answers = await Promise.all(
        wrong.map((verificationCode) => encryptedLogin(ctx.app, { type: 'sms', ...phone, verificationCode }).then((r) => r.json())),
      );
      expect(tally(answers.map((a) => a.message))).toEqual({ verification_code_invalid: wrong.length });
      const row = await ctx.db
        .selectFrom('verification_codes')
        .select(['attempts', 'used_at'])
        .where('purpose', '=', 'login')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(row.attempts).toBe(CODE_MAX_ATTEMPTS);
      expect(row.used_at).toBeNull();
      expect((await encryptedLogin(ctx.app, { type: 'sms', ...phone, verificationCode: code })).json().message).toBe('verification_code_invalid');
    },
    SLOW,
  );

  it(
    `lets exactly one of ${PARALLEL} parallel uses of one reset link succeed`,
    async () => {
      const form = `username=demo_member&email=${encodeURIComponent(DEMO_MEMBER_CONTACT.email)}`;
      await ctx.app.inject({
        method: 'POST',
        url: ACCOUNT_PATHS.forgotByEmail,
        payload: form,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      const mail = (await lastMessage(ctx.messages, 'email', DEMO_MEMBER_CONTACT.email))!;
      const resetToken = mail.body.match(/\/resetPassword\?token=([A-Za-z0-9_-]+)/)![1]!;
      const passwords = Array.from({ length: PARALLEL }, (_, i) => `Race${String(i).padStart(2, '0')}ab`);
      const answers = await Promise.all(
        passwords.map((p) =>
          encryptedCall(ctx.app, 'POST', ACCOUNT_PATHS.resetByLink, { resetToken, newPassword: p, confirmNewPassword: p }).then((r) => r.json()),
        ),
      );
      expect(tally(answers.map((a) => a.message))).toEqual({ null: 1, reset_link_invalid: PARALLEL - 1 });
      expect(await eventCount('password_reset_link', 'demo_member')).toBe(1);
      const winner = passwords[answers.findIndex((a) => a.success === true)]!;
      const login = (await encryptedLogin(ctx.app, { username: 'demo_member', password: winner })).json();
      expect(login.success).toBe(true);
      expect((await ctx.app.inject({ url: WPS_PATHS.memberInfo, headers: { authorization: login.value.token } })).statusCode).toBe(200);
    },
    SLOW,
  );
});
