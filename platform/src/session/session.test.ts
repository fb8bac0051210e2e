import { describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, WPS_PATHS, ZCaptchaResponse, ZEnvelope, ZSessionValue } from '@wl/schemas';
import { encryptBody } from '@wl/schemas/wps/body-cipher';
import { rowCounts, usePlatform } from '../test-support/db.ts';
import { encryptedLogin, loginToken } from '../test-support/http.ts';
import { createCaptcha } from '../verification/captcha.service.ts';

let now = Date.parse('2026-06-01T10:00:00Z');
const ctx = usePlatform({ clock: () => new Date(now) });
const AUDITED = ['sessions', 'auth_events', 'login_throttle', 'captchas', 'members'] as const;

async function merchant() {
  return ctx.db.selectFrom('merchants').selectAll().where('code', '=', 'DEMO').executeTakeFirstOrThrow();
}

describe('session calls', () => {
  it('serves the RSA public key', async () => {
    const body = (await ctx.app.inject({ url: WPS_PATHS.rsaKey })).json();
    expect(body.success).toBe(true);
    expect(body.value.publicKey).toContain('BEGIN PUBLIC KEY');
  });

  it('serves a captcha image and stores only the hash of its answer', async () => {
    const res = await ctx.app.inject({ url: WPS_PATHS.captcha });
    const v = ZEnvelope(ZCaptchaResponse).parse(res.json()).value!;
    expect(v.image.startsWith('data:image/svg+xml;base64,')).toBe(true);
    const row = await ctx.db.selectFrom('captchas').selectAll().where('id', '=', v.captchaId).executeTakeFirstOrThrow();
    expect(row.answer_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(Buffer.from(v.image.split(',')[1]!, 'base64').toString()).toContain('<svg');
  });

  it('logs the member in with an encrypted body and answers member info with the token', async () => {
    const res = await encryptedLogin(ctx.app, { username: 'demo_member', password: 'Demo1234' });
    const v = ZEnvelope(ZSessionValue).parse(res.json()).value!;
    expect(v.token.length).toBeGreaterThanOrEqual(40);
    expect(v.firstTimeLogin).toBe(true);
    expect(v.passwordExpired).toBe(false);
    expect(v.mustChangePassword).toBe(false);
    expect(v.rememberToken).toBeNull();
    const stored = await ctx.db.selectFrom('sessions').select('token_hash').execute();
    expect(stored.some((s) => s.token_hash === v.token)).toBe(false);
    const info = await ctx.app.inject({ url: WPS_PATHS.memberInfo, headers: { authorization: v.token } });
    // The VIP label is the level's name in the request's language, BN by default (docs/0091).
    expect(info.json().value).toMatchObject({ userName: 'demo_member', vipLabelName: 'ভিআইপি ৩', vipRankLevel: 3, unreadMessage: 0, availablePromoCount: 0 });
    // The first-login step clears the flag (docs/rules/accounts.md#a-2); until then every login reports it.
    const again = ZEnvelope(ZSessionValue).parse((await encryptedLogin(ctx.app, { username: 'DEMO_MEMBER', password: 'Demo1234' })).json()).value!;
    expect(again.firstTimeLogin).toBe(true);
    expect(again.token).not.toBe(v.token);
    const done = await ctx.app.inject({ method: 'POST', url: ACCOUNT_PATHS.firstLogin, headers: { authorization: again.token } });
    expect(done.json()).toEqual({ success: true, value: { ok: true }, message: null });
    const second = ZEnvelope(ZSessionValue).parse((await encryptedLogin(ctx.app, { username: 'DEMO_MEMBER', password: 'Demo1234' })).json()).value!;
    expect(second.firstTimeLogin).toBe(false);
    const events = await ctx.db.selectFrom('auth_events').select('kind').where('username', 'in', ['demo_member', 'DEMO_MEMBER']).execute();
    expect(events.filter((e) => e.kind === 'login_ok')).toHaveLength(3);
  });

  it('accepts only encrypted, intact bodies; refusals change no row', async () => {
    const before = await rowCounts(ctx.db, [...AUDITED]);
    const key = (await ctx.app.inject({ url: WPS_PATHS.rsaKey })).json().value.publicKey as string;
    const plain = await ctx.app.inject({ method: 'POST', url: WPS_PATHS.login, payload: { username: 'demo_member', password: 'Demo1234' } });
    expect(plain.statusCode).toBe(400);
    expect(plain.json()).toEqual({ success: false, value: null, message: 'error_bad_request', code: 400 });
    const enc = encryptBody({ username: 'demo_member', password: 'Demo1234' }, key);
    const tampered = await ctx.app.inject({ method: 'POST', url: WPS_PATHS.login, payload: { value: enc.body.value + 'x' }, headers: enc.headers });
    expect(tampered.statusCode).toBe(400);
    const cases: unknown[] = [
      { username: 5, password: 'x' },
      { password: 'x' },
      { username: 'x'.repeat(10_000), password: 'x' },
      'not-an-object',
      { username: 'a', password: 'b', type: 'nope' },
    ];
    for (const payload of cases) {
      const res = await encryptedLogin(ctx.app, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('error_bad_request');
    }
    const huge = await ctx.app.inject({ method: 'POST', url: WPS_PATHS.login, payload: { value: 'x'.repeat(100_000) }, headers: enc.headers });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('error_payload_too_large');
    const notJson = await ctx.app.inject({
      method: 'POST',
      url: WPS_PATHS.login,
      payload: '{oops',
      headers: { ...enc.headers, 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toBe('error_bad_request');
    const twice = await ctx.app.inject({ method: 'POST', url: WPS_PATHS.login, payload: enc.body, headers: { ...enc.headers, merchant: ['DEMO', 'DEMO'] } });
    expect(twice.statusCode).toBe(400);
    expect(await rowCounts(ctx.db, [...AUDITED])).toEqual(before);
  });

  it('refuses a wrong password, then asks for a captcha after two failures — the same for unknown usernames', async () => {
    for (const username of ['demo_agent', 'nobody_here']) {
      const first = (await encryptedLogin(ctx.app, { username, password: 'wrong-1' })).json();
      expect(first).toEqual({ success: false, value: { captcha: false }, message: 'error_invalid_credentials', code: 400 });
      const second = (await encryptedLogin(ctx.app, { username, password: 'wrong-2' })).json();
      expect(second).toEqual({ success: false, value: { captcha: true }, message: 'error_invalid_credentials', code: 400 });
      const noCaptcha = (await encryptedLogin(ctx.app, { username, password: 'Agent1234' })).json();
      expect(noCaptcha).toEqual({ success: false, value: { captcha: true }, message: 'error_captcha_required', code: 460 });
    }
    const m = await merchant();
    const c = await createCaptcha(ctx.app.platform, m);
    const wrong = (
      await encryptedLogin(ctx.app, { username: 'demo_agent', password: 'Agent1234', captchaId: c.captchaId, captcha: c.answer === 'AAAA' ? 'BBBB' : 'AAAA' })
    ).json();
    expect(wrong.message).toBe('error_captcha_wrong');
    // The captcha was used up by the wrong attempt: the right answer no longer works.
    const reused = (await encryptedLogin(ctx.app, { username: 'demo_agent', password: 'Agent1234', captchaId: c.captchaId, captcha: c.answer })).json();
    expect(reused.message).toBe('error_captcha_wrong');
    const fresh = await createCaptcha(ctx.app.platform, m);
    const ok = (
      await encryptedLogin(ctx.app, { username: 'demo_agent', password: 'Agent1234', captchaId: fresh.captchaId, captcha: fresh.answer.toLowerCase() })
    ).json();
    expect(ok.success).toBe(true);
    // Success clears the counter.
    expect((await encryptedLogin(ctx.app, { username: 'demo_agent', password: 'Agent1234' })).json().success).toBe(true);
    const kinds = (await ctx.db.selectFrom('auth_events').select('kind').where('username', '=', 'nobody_here').execute()).map((e) => e.kind);
    expect(kinds).toEqual(['login_failed', 'login_failed', 'login_captcha_missing']);
  });

  it('refuses non-members with 462 and lets the weak-password member in', async () => {
    const house = (await encryptedLogin(ctx.app, { username: 'demo_house', password: 'House1234' })).json();
    expect(house).toEqual({ success: false, value: { captcha: false }, message: 'error_not_member', code: 462 });
    expect(await loginToken(ctx.app, 'demo_weak', '123456')).toBeTruthy();
  });

  it('logs out: the token stops working', async () => {
    const token = await loginToken(ctx.app, 'demo_down1', 'Down1234');
    expect((await ctx.app.inject({ url: WPS_PATHS.balance, headers: { authorization: token } })).statusCode).toBe(200);
    const out = await ctx.app.inject({ method: 'DELETE', url: WPS_PATHS.logout, headers: { authorization: token } });
    expect(out.json()).toEqual({ success: true, value: null, message: null });
    const after = await ctx.app.inject({ url: WPS_PATHS.memberInfo, headers: { authorization: token } });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ success: false, value: null, message: 'error_not_logged_in', code: 401 });
    expect((await ctx.app.inject({ method: 'DELETE', url: WPS_PATHS.logout, headers: { authorization: token } })).statusCode).toBe(401);
  });

  it('expires sessions after 30 idle minutes and slides the expiry on use', async () => {
    const token = await loginToken(ctx.app, 'demo_down2', 'Down1234');
    const call = () => ctx.app.inject({ url: WPS_PATHS.memberInfo, headers: { authorization: token } });
    now += 29 * 60 * 1000;
    expect((await call()).statusCode).toBe(200);
    now += 29 * 60 * 1000;
    expect((await call()).statusCode).toBe(200);
    now += 31 * 60 * 1000;
    expect((await call()).statusCode).toBe(401);
  });

  it('answers 401 for missing, unknown or oversized tokens', async () => {
    for (const headers of [{}, { authorization: 'not-a-token' }, { authorization: 'x'.repeat(10_000) }]) {
      const res = await ctx.app.inject({ url: WPS_PATHS.memberInfo, headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('error_not_logged_in');
    }
  });
});
