import { describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, WPS_PATHS, ZEnvelope, ZLoginOutcomeValue, ZSecondFactorValue, ZSessionValue, ZSmsSendResponse } from '@wl/schemas';
import { buildPlatform } from '../app.ts';
import { DEMO_MEMBER_CONTACT, DEMO_TOTP_SECRET } from '../seed/seed.ts';
import { rowCounts, usePlatform } from '../test-support/db.ts';
import { encryptedCall, encryptedLogin, fromClientIp, loginToken } from '../test-support/http.ts';
import { logLines } from '../test-support/log-lines.ts';
import { approvedChange, operatorToken as operatorTokenOf, SECOND_OWNER } from '../test-support/operators.ts';
import { lastMessage, lastSmsCode, setFlag } from '../test-support/outbox.ts';
import { createCaptcha } from '../verification/captcha.service.ts';
import { memberTotp } from './totp.ts';

let now = Date.parse('2026-06-01T10:00:00Z');
const tick = (ms: number) => {
  now += ms;
};
const ctx = usePlatform({ clock: () => new Date(now) });
const DEMO_PHONE = `${DEMO_MEMBER_CONTACT.countryDialingCode}${DEMO_MEMBER_CONTACT.mobileNum}`;
const fromIp = fromClientIp;

async function merchant() {
  return ctx.db.selectFrom('merchants').selectAll().where('code', '=', 'DEMO').executeTakeFirstOrThrow();
}

async function operatorToken(): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: WPS_PATHS.operatorLogin, payload: { username: 'demo_operator', password: 'Operator1234' } });
  return res.json().value.token as string;
}

function sendSms(payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'POST', url: ACCOUNT_PATHS.smsNoLogin, payload, headers });
}

async function challengeFor(username: string, password: string, ip: string) {
  const res = await encryptedLogin(ctx.app, { username, password }, fromIp(ip));
  return ZEnvelope(ZSecondFactorValue).parse(res.json()).value!;
}

function sendFactorCode(payload: Record<string, unknown>, ip: string) {
  return ctx.app.inject({ method: 'POST', url: ACCOUNT_PATHS.loginVerifyCode, payload, headers: fromIp(ip) });
}

function verify(payload: Record<string, unknown>, ip: string) {
  return encryptedCall(ctx.app, 'POST', ACCOUNT_PATHS.loginVerify, payload, fromIp(ip));
}

describe('login security', () => {
  it('locks after 3 failures within 30 minutes, asks for a captcha after 2 — the same answers for unknown usernames', async () => {
    const m = await merchant();
    const answers: unknown[][] = [];
    for (const [username, password] of [
      ['demo_down1', 'Down1234'],
      ['nobody_at_all', 'Down1234'],
    ] as const) {
      const seen: unknown[] = [];
      seen.push((await encryptedLogin(ctx.app, { username, password: 'wrong-1' })).json());
      seen.push((await encryptedLogin(ctx.app, { username, password: 'wrong-2' })).json());
      seen.push((await encryptedLogin(ctx.app, { username, password })).json());
      const c = await createCaptcha(ctx.app.platform, m);
      seen.push((await encryptedLogin(ctx.app, { username, password: 'wrong-3', captchaId: c.captchaId, captcha: c.answer })).json());
      tick(60_000);
      seen.push((await encryptedLogin(ctx.app, { username, password })).json());
      answers.push(seen);
    }
    expect(answers[0]).toEqual([
      { success: false, value: { captcha: false }, message: 'error_invalid_credentials', code: 400 },
      { success: false, value: { captcha: true }, message: 'error_invalid_credentials', code: 400 },
      { success: false, value: { captcha: true }, message: 'error_captcha_required', code: 460 },
      { success: false, value: { retryAfterSeconds: 1800 }, message: 'error_account_locked', code: 461 },
      // Locked: even the right password is refused, with the time left.
      { success: false, value: { retryAfterSeconds: 1740 }, message: 'error_account_locked', code: 461 },
    ]);
    expect(answers[1]).toEqual(answers[0]);
    tick(30 * 60_000);
    expect((await encryptedLogin(ctx.app, { username: 'demo_down1', password: 'Down1234' })).json().success).toBe(true);
    const kinds = (await ctx.db.selectFrom('auth_events').select('kind').where('username', '=', 'nobody_at_all').orderBy('id').execute()).map((e) => e.kind);
    expect(kinds).toEqual(['login_failed', 'login_failed', 'login_captcha_missing', 'login_failed', 'login_locked', 'login_locked']);
  });

  it('rotates the session at login and idles it out after the merchant timeout', async () => {
    const first = await loginToken(ctx.app, 'demo_down2', 'Down1234');
    const res = await encryptedLogin(ctx.app, { username: 'demo_down2', password: 'Down1234' }, { authorization: first });
    const second = ZEnvelope(ZSessionValue).parse(res.json()).value!.token;
    expect(second).not.toBe(first);
    const info = (token: string) => ctx.app.inject({ url: WPS_PATHS.memberInfo, headers: { authorization: token } });
    expect((await info(first)).statusCode).toBe(401);
    expect((await info(second)).statusCode).toBe(200);

    const op = await operatorToken();
    // A threshold is sensitive: a second operator approves the change before it is live (docs/0127).
    const tokens = { author: op, approver: await operatorTokenOf(ctx.app, SECOND_OWNER.username, SECOND_OWNER.password) };
    const set = await approvedChange(ctx.app, tokens, { url: ACCOUNT_PATHS.operatorSecurity, payload: { idleTimeoutMinutes: 5 } });
    expect(set.json.value.awaitingApproval).toMatchObject({ fields: ['security.idleTimeoutMinutes'] });
    expect(await merchant()).toMatchObject({ idle_timeout_minutes: 5, lock_minutes: 30, session_lifetime_hours: 168 });
    expect((await info(second)).statusCode).toBe(200);
    tick(6 * 60_000);
    expect((await info(second)).statusCode).toBe(401);
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: ACCOUNT_PATHS.operatorSecurity,
      headers: { authorization: op },
      payload: { idleTimeoutMinutes: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    await approvedChange(ctx.app, tokens, { url: ACCOUNT_PATHS.operatorSecurity, payload: { idleTimeoutMinutes: 30 } });
    expect((await ctx.app.inject({ method: 'PUT', url: ACCOUNT_PATHS.operatorSecurity, payload: { lockMinutes: 1 } })).statusCode).toBe(401);
  });

  it('asks for a second factor from a new IP and accepts each method the member has', async () => {
    // Known IP (127.0.0.1, the inject default): no second factor.
    expect(ZLoginOutcomeValue.parse((await encryptedLogin(ctx.app, { username: 'demo_member', password: 'Demo1234' })).json().value).kind).toBe('session');

    const byEmail = await challengeFor('demo_member', 'Demo1234', '203.0.113.10');
    // docs/0067: only factors that prove possession; no bank holder name.
    expect(byEmail.methods).toEqual(['mobile', 'email']);
    expect(byEmail.maskedMobile).toBe('+880 17*****001');
    expect(byEmail.maskedEmail).toBe('de***@example.test');
    const sentMail = await sendFactorCode({ challengeId: byEmail.challengeId, method: 'email' }, '203.0.113.10');
    expect(ZSmsSendResponse.parse(sentMail.json().value).expiredMinutes).toBe(2);
    const mailCode = await lastSmsCode(ctx.messages, DEMO_MEMBER_CONTACT.email, 'email');
    expect(JSON.stringify(sentMail.json())).not.toContain(mailCode);
    const emailOk = await verify({ challengeId: byEmail.challengeId, method: 'email', code: mailCode }, '203.0.113.10');
    expect(ZEnvelope(ZSessionValue).parse(emailOk.json()).value!.kind).toBe('session');
    // The IP is now known.
    expect((await encryptedLogin(ctx.app, { username: 'demo_member', password: 'Demo1234' }, fromIp('203.0.113.10'))).json().value.kind).toBe('session');

    const byMobile = await challengeFor('demo_member', 'Demo1234', '203.0.113.12');
    tick(2000);
    const sent = await sendFactorCode({ challengeId: byMobile.challengeId, method: 'mobile' }, '203.0.113.12');
    expect(ZSmsSendResponse.parse(sent.json().value).expiredMinutes).toBe(2);
    const code = await lastSmsCode(ctx.messages, DEMO_PHONE);
    expect(JSON.stringify(sent.json())).not.toContain(code);
    const mobileOk = await verify({ challengeId: byMobile.challengeId, method: 'mobile', code }, '203.0.113.12');
    expect(mobileOk.json().success).toBe(true);
    // The challenge is used up.
    expect((await verify({ challengeId: byMobile.challengeId, method: 'mobile', code }, '203.0.113.12')).json().message).toBe('second_factor_expired');

    const byTotp = await challengeFor('demo_totp', 'Totp1234', '203.0.113.13');
    expect(byTotp).toMatchObject({ methods: ['totp'], maskedMobile: null, maskedEmail: null });
    const totpCode = memberTotp(DEMO_TOTP_SECRET).generate({ timestamp: now });
    expect((await verify({ challengeId: byTotp.challengeId, method: 'totp', code: totpCode }, '203.0.113.13')).json().success).toBe(true);
    // The same TOTP code does not work twice.
    const again = await challengeFor('demo_totp', 'Totp1234', '203.0.113.14');
    expect((await verify({ challengeId: again.challengeId, method: 'totp', code: totpCode }, '203.0.113.14')).json().message).toBe('second_factor_wrong');
    const kinds = (await ctx.db.selectFrom('auth_events').select('kind').where('kind', 'like', 'second_factor%').execute()).map((e) => e.kind);
    expect(kinds).toEqual(
      expect.arrayContaining([
        'second_factor_required',
        'second_factor_ok_email',
        'second_factor_ok_mobile',
        'second_factor_ok_totp',
        'second_factor_failed_totp',
      ]),
    );
  });

  it('voids a challenge after 3 wrong answers and makes no session', async () => {
    const ch = await challengeFor('demo_member', 'Demo1234', '198.51.100.7');
    const before = await rowCounts(ctx.db, ['sessions']);
    const wrong = { challengeId: ch.challengeId, method: 'email', code: '000000' };
    expect((await verify(wrong, '198.51.100.7')).json()).toEqual({ success: false, value: null, message: 'second_factor_wrong', code: 400 });
    expect((await verify({ ...wrong, method: 'totp', code: '123456' }, '198.51.100.7')).json().message).toBe('second_factor_wrong');
    const third = await verify(wrong, '198.51.100.7');
    expect(third.statusCode).toBe(404);
    expect(third.json().message).toBe('second_factor_expired');
    expect((await verify({ ...wrong, method: 'totp', code: '654321' }, '198.51.100.7')).json().message).toBe('second_factor_expired');
    for (const payload of [{ challengeId: ch.challengeId, method: 'nope' }, { challengeId: 'x'.repeat(10_000), method: 'email' }, { method: 'email' }]) {
      expect((await verify(payload, '198.51.100.7')).json().message).toBe('error_bad_request');
    }
    expect(await rowCounts(ctx.db, ['sessions'])).toEqual(before);
  });

  it('on the agent page refuses non-agents without a session and lets agents in', async () => {
    const before = await rowCounts(ctx.db, ['sessions']);
    const res = (await encryptedLogin(ctx.app, { username: 'demo_member', password: 'Demo1234', agentPage: true })).json();
    expect(res).toEqual({ success: false, value: { captcha: false }, message: 'error_not_agent', code: 463 });
    expect(await rowCounts(ctx.db, ['sessions'])).toEqual(before);
    const agent = (await encryptedLogin(ctx.app, { username: 'demo_agent', password: 'Agent1234', agentPage: true })).json();
    expect(agent.value.kind).toBe('session');
  });

  it('logs in by SMS code: flag, throttle, expiry, single use, replay, too many', async () => {
    const phone = { mobileNum: DEMO_MEMBER_CONTACT.mobileNum, countryDialingCode: '+880' };
    const smsLogin = (verificationCode?: string) =>
      encryptedLogin(ctx.app, { type: 'sms', ...phone, ...(verificationCode === undefined ? {} : { verificationCode }) });
    await setFlag(ctx.db, 'MOBILEVERCODELOGIN3', false);
    expect((await sendSms({ ...phone, purpose: 'login' })).json().code).toBe(543);
    expect((await smsLogin('123456')).json().code).toBe(543);
    await setFlag(ctx.db, 'MOBILEVERCODELOGIN3', true);

    for (const [mobileNum, message] of [
      ['', 'phone_enter_valid'],
      ['17x1', 'phone_invalid_format'],
      ['<script>', 'phone_invalid_format'],
    ] as const) {
      expect((await sendSms({ mobileNum, countryDialingCode: '+880', purpose: 'login' })).json().message).toBe(message);
    }
    expect((await sendSms({ ...phone, countryDialingCode: '+1', purpose: 'login' })).json().message).toBe('phone_invalid_format');
    expect((await sendSms({ ...phone, purpose: 'login', mobileNum: 5 })).json().message).toBe('error_bad_request');

    // Sends to this number by earlier tests fall out of the 15-minute window.
    tick(16 * 60_000);
    const sent = await sendSms({ ...phone, purpose: 'login' });
    expect(sent.json().value).toEqual({ expiredMinutes: 2, serverTime: new Date(now).toISOString(), expiresAt: new Date(now + 120_000).toISOString() });
    const tooFast = await sendSms({ ...phone, purpose: 'login' });
    expect(tooFast.statusCode).toBe(429);
    expect(tooFast.json().message).toBe('sms_send_too_fast');
    const code = await lastSmsCode(ctx.messages, DEMO_PHONE);
    expect((await smsLogin()).json().message).toBe('verification_code_missing');
    expect((await smsLogin(code === '000000' ? '111111' : '000000')).json().message).toBe('verification_code_invalid');
    const ok = ZEnvelope(ZSessionValue).parse((await smsLogin(code)).json()).value!;
    expect(ok.mustChangePassword).toBe(false);
    // Replayed: the code was used.
    expect((await smsLogin(code)).json().message).toBe('verification_code_invalid');

    tick(2000);
    await sendSms({ ...phone, purpose: 'login' });
    const late = await lastSmsCode(ctx.messages, DEMO_PHONE);
    tick(121_000);
    expect((await smsLogin(late)).json().message).toBe('verification_code_expired');

    // An unknown number gets the same answer and no message.
    const outboxBefore = await rowCounts(ctx.db, ['outbox']);
    tick(2000);
    const unknown = await sendSms({ mobileNum: '1799999999', countryDialingCode: '+880', purpose: 'login' });
    expect(unknown.json().success).toBe(true);
    expect(await rowCounts(ctx.db, ['outbox'])).toEqual(outboxBefore);

    // 2 sends so far for this number in 15 minutes; 3 more are fine, the 6th locks for 5 minutes.
    for (let i = 0; i < 3; i++) {
      tick(2000);
      expect((await sendSms({ ...phone, purpose: 'login' })).json().success).toBe(true);
    }
    tick(2000);
    const locked = await sendSms({ ...phone, purpose: 'login' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ success: false, value: { retryAfterSeconds: 300 }, message: 'sms_too_many_requests', code: 429 });
    tick(60_000);
    expect((await sendSms({ ...phone, purpose: 'login' })).json().value).toEqual({ retryAfterSeconds: 240 });
    tick(4 * 60_000 + 1000);
    expect((await sendSms({ ...phone, purpose: 'login' })).json().success).toBe(true);
    const kinds = (await ctx.db.selectFrom('auth_events').select('kind').where('username', '=', DEMO_PHONE).execute()).map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['sms_sent_login', 'login_sms_failed']));
    expect(await ctx.db.selectFrom('auth_events').select('id').where('username', '=', 'demo_member').where('kind', '=', 'login_sms_ok').execute()).toHaveLength(
      1,
    );
  });

  it('remembers a login for 24 hours with a rotating token; a replayed token revokes them all; logout revokes it', async () => {
    const first = ZEnvelope(ZSessionValue).parse(
      (await encryptedLogin(ctx.app, { username: 'demo_weak', password: '123456', rememberMe: true })).json(),
    ).value!;
    expect(first.mustChangePassword).toBe(true);
    expect(first.rememberToken).toBeTruthy();
    const remember = (rememberToken: unknown) => ctx.app.inject({ method: 'POST', url: ACCOUNT_PATHS.loginRemember, payload: { rememberToken } });
    const next = ZEnvelope(ZSessionValue).parse((await remember(first.rememberToken)).json()).value!;
    expect(next.rememberToken).not.toBe(first.rememberToken);
    expect(next.mustChangePassword).toBe(true);
    const replay = await remember(first.rememberToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('error_not_logged_in');
    expect((await remember(next.rememberToken)).statusCode).toBe(401);

    const again = ZEnvelope(ZSessionValue).parse(
      (await encryptedLogin(ctx.app, { username: 'demo_weak', password: '123456', rememberMe: true })).json(),
    ).value!;
    await ctx.app.inject({ method: 'DELETE', url: WPS_PATHS.logout, headers: { authorization: again.token } });
    expect((await remember(again.rememberToken)).statusCode).toBe(401);

    const dropped = ZEnvelope(ZSessionValue).parse(
      (await encryptedLogin(ctx.app, { username: 'demo_weak', password: '123456', rememberMe: true })).json(),
    ).value!;
    const revoke = await ctx.app.inject({ method: 'DELETE', url: ACCOUNT_PATHS.loginRemember, payload: { rememberToken: dropped.rememberToken } });
    expect(revoke.json()).toEqual({ success: true, value: { ok: true }, message: null });
    expect((await remember(dropped.rememberToken)).statusCode).toBe(401);

    const expiring = ZEnvelope(ZSessionValue).parse(
      (await encryptedLogin(ctx.app, { username: 'demo_weak', password: '123456', rememberMe: true })).json(),
    ).value!;
    tick(24 * 3600_000 + 1000);
    expect((await remember(expiring.rememberToken)).statusCode).toBe(401);
    for (const bad of [5, '', 'x'.repeat(10_000)]) expect((await remember(bad)).statusCode).toBe(400);
  });

  it('free play makes a trial account that member actions refuse; FREEPLAY3 off refuses it', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: ACCOUNT_PATHS.loginFreePlay, payload: { os: 'linux', platform: 'W', gatewayVersion: 3 } });
    const s = ZEnvelope(ZSessionValue).parse(res.json()).value!;
    const info = (await ctx.app.inject({ url: WPS_PATHS.memberInfo, headers: { authorization: s.token } })).json().value;
    expect(info.type).toBe(4);
    const fav = await ctx.app.inject({ url: WPS_PATHS.favouriteIds, headers: { authorization: s.token } });
    expect(fav.json()).toEqual({ success: false, value: null, message: 'in_need_true_account', code: 403 });
    const change = await encryptedCall(
      ctx.app,
      'POST',
      ACCOUNT_PATHS.changePassword,
      { newPassword: 'Abcd1234', confirmNewPassword: 'Abcd1234' },
      { authorization: s.token },
    );
    expect(change.json().message).toBe('in_need_true_account');
    const totp = await ctx.app.inject({ method: 'POST', url: ACCOUNT_PATHS.totpSetup, headers: { authorization: s.token } });
    expect(totp.json().message).toBe('in_need_true_account');

    await setFlag(ctx.db, 'FREEPLAY3', false);
    const before = await rowCounts(ctx.db, ['members', 'sessions']);
    const off = await ctx.app.inject({ method: 'POST', url: ACCOUNT_PATHS.loginFreePlay, payload: {} });
    expect(off.json()).toEqual({ success: false, value: null, message: 'error_feature_off', code: 543 });
    expect(await rowCounts(ctx.db, ['members', 'sessions'])).toEqual(before);
    await setFlag(ctx.db, 'FREEPLAY3', true);
  });

  it('never logs or answers a password, code or token', async () => {
    const { lines, stream } = logLines();
    const app = await buildPlatform({
      db: ctx.db,
      merchantCode: 'DEMO',
      clock: () => new Date(now),
      logger: true,
      logStream: stream,
      messageCaptureFile: ctx.messages,
    });
    try {
      tick(5000);
      const login = await encryptedLogin(app, { username: 'demo_agent', password: 'Agent1234', rememberMe: true });
      const { token, rememberToken } = login.json().value;
      await app.inject({ url: WPS_PATHS.memberInfo, headers: { authorization: token } });
      await app.inject({ method: 'POST', url: ACCOUNT_PATHS.loginRemember, payload: { rememberToken } });
      tick(400_000);
      const sent = await app.inject({
        method: 'POST',
        url: ACCOUNT_PATHS.smsNoLogin,
        payload: { mobileNum: DEMO_MEMBER_CONTACT.mobileNum, countryDialingCode: '+880', purpose: 'reset' },
      });
      const code = await lastSmsCode(ctx.messages, DEMO_PHONE);
      await app.inject({ method: 'POST', url: ACCOUNT_PATHS.forgotByEmail, payload: { username: 'demo_member', email: DEMO_MEMBER_CONTACT.email } });
      const link = (await lastMessage(ctx.messages, 'email', DEMO_MEMBER_CONTACT.email))!.body.match(/token=([A-Za-z0-9_-]+)/)![1]!;
      const text = lines.join('');
      expect(text.length).toBeGreaterThan(0);
      for (const secret of ['Agent1234', token, rememberToken, code, link]) expect(text).not.toContain(secret);
      expect(JSON.stringify(sent.json())).not.toContain(code);
      const events = JSON.stringify(await ctx.db.selectFrom('auth_events').selectAll().execute());
      for (const secret of ['Agent1234', 'Demo1234', token, rememberToken, code, link]) expect(events).not.toContain(secret);
    } finally {
      await app.close();
    }
  });
});
