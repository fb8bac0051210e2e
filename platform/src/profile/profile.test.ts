import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, PROFILE_PATHS, WPS_HEADERS, AVATAR_DESIGNS } from '@wl/schemas';
import { rowCounts, usePlatform } from '../test-support/db.ts';
import { encryptedCall, expectRealAccountOnly, loginToken, tokenCall } from '../test-support/http.ts';
import { lastMessage } from '../test-support/outbox.ts';
import { createCaptcha } from '../verification/captcha.service.ts';
import { verifyPassword } from '../session/password.service.ts';
import { ensureReferralCode } from '../referral/referral.queries.ts';
import { maskHandle } from '../kernel/masks.ts';
import { demoMemberRow, demoMerchantId } from '../test-support/demo-merchant.ts';

/**
 * docs/0115 at the platform: registration keeps every optional field the operator turns on (the
 * payment password as the withdraw password's argon2 hash), the profile shows them masked, the avatar
 * is chosen from a list, and the member's saved language is the one SMS and e-mails go out in. Each
 * new call with its check ladder.
 */

const ctx = usePlatform();
const call = tokenCall(ctx);
const tokens = { member: '', agent: '', trial: '' };
/** The registration fields of this file's merchant turned on, optional (the seed leaves them off). */
const OPTIONAL = ['qqNum', 'line', 'whatsapp', 'facebook', 'wechat', 'idNumber', 'recommenderId', 'paymentPassword', 'referralCode'] as const;

/** Registers on the username tab as the web does, in `language` (the Language header the gateway forwards). */
async function register(values: Record<string, unknown>, language?: 'bn' | 'en') {
  const c = await createCaptcha(ctx.app.platform, await ctx.db.selectFrom('merchants').selectAll().where('code', '=', 'DEMO').executeTakeFirstOrThrow());
  return encryptedCall(
    ctx.app,
    'PUT',
    ACCOUNT_PATHS.register,
    { values, countryDialingCode: '+880', termsAccepted: true, ageConfirmed: true, captchaId: c.captchaId, captcha: c.answer, registerMethod: 'WEB' },
    language ? { [WPS_HEADERS.language]: language } : {},
  );
}

const base = (username: string, mobileNum: string) => ({ username, password: 'Abcd1234', confirmPassword: 'Abcd1234', mobileNum });
const row = (username: string) =>
  ctx.db.selectFrom('members').selectAll().where('merchant_id', '=', demoMerchantId(ctx.db)).where('username', '=', username).executeTakeFirstOrThrow();

beforeAll(async () => {
  await ctx.db
    .updateTable('registration_fields')
    .set({ enabled: true, required: false })
    .where('field', 'in', [...OPTIONAL])
    .execute();
  tokens.member = await loginToken(ctx.app, 'demo_member', 'Demo1234');
  tokens.agent = await loginToken(ctx.app, 'demo_agent', 'Agent1234');
  tokens.trial = (
    await ctx.app.inject({ method: 'POST', url: ACCOUNT_PATHS.loginFreePlay, payload: { os: 'linux', platform: 'W', gatewayVersion: 3 } })
  ).json().value.token;
});

describe('registration keeps what it asks', () => {
  it('stores every optional field turned on, the payment password as the withdraw password (argon2, never plaintext), the referrer and the language', async () => {
    const demo = await demoMemberRow(ctx.db, 'demo_member').select('id').executeTakeFirstOrThrow();
    const code = await ensureReferralCode(ctx.db, demo.id);
    const res = await register(
      {
        ...base('profkeep1', '1713000001'),
        qqNum: '123456789',
        line: 'line_keep',
        whatsapp: '8801713000001',
        facebook: 'keep.on.facebook',
        wechat: 'wx_keep',
        idNumber: 'ID-99887766',
        recommenderId: '1001',
        paymentPassword: 'Pay12345',
        // Typed in the form, not from a `?ref=` link: the same referrer is recorded (docs/0097).
        referralCode: code.toLowerCase(),
      },
      'en',
    );
    expect(res.json()).toMatchObject({ success: true });
    const m = await row('profkeep1');
    expect(m).toMatchObject({
      qq_num: '123456789',
      line_id: 'line_keep',
      whatsapp: '8801713000001',
      facebook: 'keep.on.facebook',
      wechat: 'wx_keep',
      id_number: 'ID-99887766',
      recommender_id: '1001',
      language: 'en',
      avatar_icon: 0,
    });
    expect(m.withdraw_password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(m.withdraw_password_hash!, 'Pay12345')).toBe(true);
    expect(JSON.stringify(m)).not.toContain('Pay12345');
    expect(await ctx.db.selectFrom('referrals').select('referrer_id').where('friend_id', '=', m.id).executeTakeFirst()).toEqual({ referrer_id: demo.id });
    // The security centre knows the withdraw password is set, and its trail says when.
    const audit = await ctx.db.selectFrom('member_audit').select('action').where('member_id', '=', m.id).execute();
    expect(audit.map((a) => a.action)).toContain('withdraw_password.set');

    // The profile shows them, masked: a stolen session reads no full handle or identity number.
    const token = res.json().value.token as string;
    const profile = (await call('GET', PROFILE_PATHS.profile, token)).json().value;
    expect(profile).toMatchObject({
      id: m.id,
      userName: 'profkeep1',
      language: 'en',
      avatarIcon: 0,
      maskedIdNumber: '•••• 7766',
      contacts: { qqNum: '12*****89', line: 'li*****ep', whatsapp: '88********01', facebook: 'ke********ok', wechat: 'wx***ep' },
      recommenderId: '1001',
      referredBy: maskHandle((await row('demo_member')).nickname),
      withdrawPasswordSet: true,
    });
    expect(JSON.stringify(profile)).not.toContain('99887766');
  });

  it('refuses a payment password equal to the login password or breaking the password rule, and registers nothing', async () => {
    const before = await rowCounts(ctx.db, ['members']);
    const same = await register({ ...base('profsame1', '1713000002'), paymentPassword: 'Abcd1234' });
    expect(same.json()).toMatchObject({ success: false, message: 'payment_password_same_as_login' });
    expect(same.json().value.fieldErrors).toHaveProperty('paymentPassword');
    const weak = await register({ ...base('profsame2', '1713000003'), paymentPassword: 'abc' });
    expect(weak.json().success).toBe(false);
    expect(weak.json().value.fieldErrors).toHaveProperty('paymentPassword');
    expect(await rowCounts(ctx.db, ['members'])).toEqual(before);
  });

  it('refuses NUL, markup and over-long values in the optional fields', async () => {
    const before = await rowCounts(ctx.db, ['members']);
    for (const [field, value] of [
      ['qqNum', 'a\u0000b'],
      // Longer than any field (a 1 MB value of every call is the hostile-input test's, docs/0015).
      ['wechat', 'x'.repeat(5_000)],
      ['idNumber', '<script>'],
    ] as const) {
      const res = await register({ ...base('profbad1', '1713000004'), [field]: value });
      expect(res.statusCode, field).toBeGreaterThanOrEqual(400);
    }
    expect(await rowCounts(ctx.db, ['members'])).toEqual(before);
  });

  it('drops the value of a field the operator has off, and keeps BN for a registration that names no language', async () => {
    await ctx.db.updateTable('registration_fields').set({ enabled: false }).where('field', '=', 'wechat').execute();
    try {
      expect((await register({ ...base('profoff1', '1713000005'), wechat: 'wx_dropped' })).json().success).toBe(true);
      expect(await row('profoff1')).toMatchObject({ wechat: null, language: 'bn', withdraw_password_hash: null });
    } finally {
      await ctx.db.updateTable('registration_fields').set({ enabled: true }).where('field', '=', 'wechat').execute();
    }
  });
});

describe('the profile', () => {
  it('answers a real member its own profile only: no session 401, a trial account refused, an id in the query ignored', async () => {
    await expectRealAccountOnly(ctx, tokens.trial, [
      ['GET', PROFILE_PATHS.profile],
      ['GET', PROFILE_PATHS.icon],
    ]);
    const agent = await ctx.db.selectFrom('members').select('id').where('username', '=', 'demo_agent').executeTakeFirstOrThrow();
    const mine = (await call('GET', PROFILE_PATHS.profile, tokens.member, undefined, { id: String(agent.id), memberId: String(agent.id) })).json();
    expect(mine.value).toMatchObject({ userName: 'demo_member', maskedMobile: '+880 17*****001' });
  });
});

describe('the avatar', () => {
  it('is chosen from the list: a new address each time, the old one gone, the design drawn; bad values change nothing', async () => {
    const before = (await call('GET', PROFILE_PATHS.icon, tokens.member)).json().value;
    expect(before).toMatchObject({ icon: 0, count: AVATAR_DESIGNS.length });
    const chosen = (await call('PUT', PROFILE_PATHS.icon, tokens.member, { icon: 3 })).json().value;
    expect(chosen.icon).toBe(3);
    expect(chosen.avatarUrl).not.toBe(before.avatarUrl);
    expect((await ctx.app.inject({ url: before.avatarUrl })).statusCode).toBe(404);
    const svg = await ctx.app.inject({ url: chosen.avatarUrl });
    expect(svg.statusCode).toBe(200);
    expect(svg.body).toContain(AVATAR_DESIGNS[2]!.from);
    // Member info (the header) follows.
    expect((await call('GET', '/wps/member/info', tokens.member)).json().value.avatarUrl).toBe(chosen.avatarUrl);

    for (const icon of [-1, 9, 1.5, '2', null, 'a\u0000b', 'x'.repeat(1_000_000)]) {
      const res = await call('PUT', PROFILE_PATHS.icon, tokens.member, { icon });
      expect(res.statusCode, String(icon).slice(0, 8)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect((await call('PUT', PROFILE_PATHS.icon, tokens.member, { icon: 1, memberId: 2 })).statusCode).toBe(400);
    expect((await call('GET', PROFILE_PATHS.icon, tokens.member)).json().value).toEqual(chosen);
    expect((await call('PUT', PROFILE_PATHS.icon, null, { icon: 1 })).statusCode).toBe(401);
    expect((await call('PUT', PROFILE_PATHS.icon, tokens.trial, { icon: 1 })).json()).toMatchObject({ message: 'in_need_true_account' });
    // Another member's avatar did not move.
    const agentInfo = (await call('GET', '/wps/member/info', tokens.agent)).json().value;
    expect((await ctx.app.inject({ url: agentInfo.avatarUrl })).statusCode).toBe(200);
    // Back to the generated picture.
    expect((await call('PUT', PROFILE_PATHS.icon, tokens.member, { icon: 0 })).json().value.icon).toBe(0);
  });
});

describe("the member's language", () => {
  it("is saved for the session's member only; bad values change nothing; a trial account saves its own", async () => {
    const lang = async (username: string) => (await row(username)).language;
    expect((await call('PUT', PROFILE_PATHS.language, tokens.member, { language: 'en' })).json()).toMatchObject({ success: true, value: { language: 'en' } });
    expect(await lang('demo_member')).toBe('en');
    expect(await lang('demo_agent')).toBe('bn');
    for (const language of ['fr', '', null, 7, 'e\u0000n', 'x'.repeat(1_000_000)]) {
      const res = await call('PUT', PROFILE_PATHS.language, tokens.member, { language });
      expect(res.statusCode, String(language).slice(0, 8)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect((await call('PUT', PROFILE_PATHS.language, tokens.member, { language: 'bn', memberId: 1 })).statusCode).toBe(400);
    expect(await lang('demo_member')).toBe('en');
    expect((await call('PUT', PROFILE_PATHS.language, null, { language: 'en' })).statusCode).toBe(401);
    const trial = await call('PUT', PROFILE_PATHS.language, tokens.trial, { language: 'en' });
    expect(trial.json()).toMatchObject({ success: true });
    expect(await ctx.db.selectFrom('members').select('language').where('type', '=', 4).where('language', '=', 'en').execute()).toHaveLength(1);
    await call('PUT', PROFILE_PATHS.language, tokens.member, { language: 'bn' });
  });

  it('is the language of the SMS and e-mails a member gets: a BN member BN text, an EN member EN text, whatever the page asking', async () => {
    const bnToken = (await register({ ...base('proflangbn', '1713000011'), email: 'lang.bn@example.test' }, 'en')).json().value.token as string;
    const enToken = (await register({ ...base('proflangen', '1713000012'), email: 'lang.en@example.test' }, 'bn')).json().value.token as string;
    expect(await row('proflangen')).toMatchObject({ language: 'bn' });
    // The BN member registered on an EN page, then switched the site to BN; the EN member the other way.
    await call('PUT', PROFILE_PATHS.language, bnToken, { language: 'bn' });
    await call('PUT', PROFILE_PATHS.language, enToken, { language: 'en' });

    for (const [mobileNum, asked] of [
      ['1713000011', 'en'],
      ['1713000012', 'bn'],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: ACCOUNT_PATHS.smsNoLogin,
        payload: { mobileNum, countryDialingCode: '+880', purpose: 'reset' },
        headers: { [WPS_HEADERS.language]: asked },
      });
      expect(res.json().success).toBe(true);
    }
    expect(await lastMessage(ctx.messages, 'sms', '+8801713000011')).toMatchObject({ subject: 'যাচাই কোড' });
    expect((await lastMessage(ctx.messages, 'sms', '+8801713000012'))!.body).toMatch(/your verification code is \d{6}\./);

    const forgot = (username: string, email: string, asked: string) =>
      ctx.app.inject({
        method: 'POST',
        url: ACCOUNT_PATHS.forgotByEmail,
        payload: `username=${username}&email=${encodeURIComponent(email)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', [WPS_HEADERS.language]: asked },
      });
    await forgot('proflangbn', 'lang.bn@example.test', 'en');
    await forgot('proflangen', 'lang.en@example.test', 'bn');
    expect(await lastMessage(ctx.messages, 'email', 'lang.bn@example.test')).toMatchObject({ subject: 'আপনার পাসওয়ার্ড রিসেট করুন' });
    expect(await lastMessage(ctx.messages, 'email', 'lang.en@example.test')).toMatchObject({ subject: 'Reset your password' });
  });
});
