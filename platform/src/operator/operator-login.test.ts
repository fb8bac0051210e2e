import { describe, expect, it } from 'vitest';
import { OPERATOR_PATHS, WPS_PATHS } from '@wl/schemas';
import { usePlatform } from '../test-support/db.ts';
import { authEventKinds } from '../test-support/auth-events.ts';
import { createCaptcha } from '../verification/captcha.service.ts';
import { memberTotp } from '../session/session.service.ts';

let now = Date.parse('2026-06-01T10:00:00Z');
const ctx = usePlatform({ clock: () => new Date(now) });

const login = (payload: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url: WPS_PATHS.operatorLogin, payload });
const merchant = () => ctx.db.selectFrom('merchants').selectAll().where('code', '=', 'DEMO').executeTakeFirstOrThrow();
const events = (username: string) => authEventKinds(ctx.db, username);

describe('operator login limits', () => {
  it('50 parallel wrong passwords: exactly lockAfter-1 plain refusals, at most lockAfter judged, the rest locked or asked for a captcha; the right password is refused then', async () => {
    const settings = await merchant();
    expect(settings.lock_after_failures).toBe(3);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        login({ username: 'demo_operator', password: 'wrong-password' }).then((r) => r.json() as { message: string; code: number }),
      ),
    );
    const byMessage = new Map<string, number>();
    for (const a of answers) byMessage.set(a.message, (byMessage.get(a.message) ?? 0) + 1);
    // Every attempt is counted before it is judged: only failures 1 and 2 can answer "wrong password".
    // Which of lock and captcha stops the rest depends on how the burst interleaves; both refuse unjudged.
    expect(byMessage.get('error_invalid_credentials')).toBe(2);
    for (const key of byMessage.keys()) expect(['error_invalid_credentials', 'error_account_locked', 'error_captcha_required']).toContain(key);

    const right = (await login({ username: 'demo_operator', password: 'Operator1234' })).json();
    expect(right.success).toBe(false);
    expect(['error_account_locked', 'error_captcha_required']).toContain(right.message);
    const kinds = await events('demo_operator');
    expect(kinds.length).toBeGreaterThanOrEqual(51);
    expect(kinds.filter((k) => k === 'operator_login_failed').length).toBeLessThanOrEqual(3);
    expect(kinds).not.toContain('operator_login_ok');

    // After the lock runs out the right password works and the count starts afresh.
    now += settings.lock_minutes * 60_000 + 1000;
    const after = (await login({ username: 'demo_operator', password: 'Operator1234' })).json();
    expect(after.success).toBe(true);
    expect(after.value.operator).toMatchObject({ username: 'demo_operator', role: 'owner', totpEnabled: false });
    expect(await ctx.db.selectFrom('operator_login_throttle').selectAll().where('username_key', '=', 'demo_operator').execute()).toEqual([]);
  });

  it('asks for a captcha after 2 failures, the same for unknown usernames, and locks at 3', async () => {
    const m = await merchant();
    for (const username of ['demo_support', 'no_such_operator']) {
      const seen = [];
      seen.push((await login({ username, password: 'wrong-1' })).json());
      seen.push((await login({ username, password: 'wrong-2' })).json());
      seen.push((await login({ username, password: 'wrong-3' })).json());
      const c = await createCaptcha(ctx.app.platform, m);
      seen.push((await login({ username, password: 'wrong-3', captchaId: c.captchaId, captcha: 'WRONG' })).json());
      const c2 = await createCaptcha(ctx.app.platform, m);
      seen.push((await login({ username, password: 'wrong-3', captchaId: c2.captchaId, captcha: c2.answer })).json());
      expect(seen).toEqual([
        { success: false, value: { captcha: false }, message: 'error_invalid_credentials', code: 400 },
        { success: false, value: { captcha: true }, message: 'error_invalid_credentials', code: 400 },
        { success: false, value: { captcha: true }, message: 'error_captcha_required', code: 460 },
        { success: false, value: { captcha: true }, message: 'error_captcha_wrong', code: 460 },
        { success: false, value: { retryAfterSeconds: 1800 }, message: 'error_account_locked', code: 461 },
      ]);
      expect(await events(username)).toEqual([
        'operator_login_failed',
        'operator_login_failed',
        'operator_login_captcha_missing',
        'operator_login_captcha_wrong',
        'operator_login_failed',
        'operator_login_locked',
      ]);
    }
  });

  it('TOTP: setup, confirm with a code, then login needs the code; wrong and replayed codes count toward the lock', async () => {
    const owner = await login({ username: 'demo_content', password: 'Content1234' });
    const token = owner.json().value.token as string;
    const setup = (await ctx.app.inject({ method: 'POST', url: OPERATOR_PATHS.operatorTotpSetup, headers: { authorization: token } })).json();
    const secret = setup.value.secret as string;
    expect(setup.value.otpauthUrl).toContain('otpauth://totp/');
    const wrongEnable = await ctx.app.inject({
      method: 'POST',
      url: OPERATOR_PATHS.operatorTotpEnable,
      headers: { authorization: token },
      payload: { code: '000000' },
    });
    expect(wrongEnable.json()).toMatchObject({ success: false, message: 'error_operator_totp_wrong' });
    const code = () => memberTotp(secret).generate({ timestamp: now });
    const enable = await ctx.app.inject({
      method: 'POST',
      url: OPERATOR_PATHS.operatorTotpEnable,
      headers: { authorization: token },
      payload: { code: code() },
    });
    expect(enable.json()).toMatchObject({ success: true, value: { ok: true } });
    const audit = await ctx.db
      .selectFrom('config_audit')
      .select(['action', 'operator_username', 'before', 'after'])
      .where('operator_username', '=', 'demo_content')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      {
        action: 'operator.totp.setup',
        operator_username: 'demo_content',
        before: { totpEnabled: false, pending: false },
        after: { totpEnabled: false, pending: true },
      },
      {
        action: 'operator.totp.enable',
        operator_username: 'demo_content',
        before: { totpEnabled: false, pending: true },
        after: { totpEnabled: true, pending: false },
      },
    ]);

    // Next time step, so the enabling code is spent and a fresh one is due.
    now += 30_000;
    expect((await login({ username: 'demo_content', password: 'Content1234' })).json()).toMatchObject({
      success: false,
      message: 'error_operator_totp_required',
    });
    expect((await login({ username: 'demo_content', password: 'Content1234', totpCode: '123456' })).json()).toEqual({
      success: false,
      value: { captcha: false },
      message: 'error_operator_totp_wrong',
      code: 400,
    });
    const ok = (await login({ username: 'demo_content', password: 'Content1234', totpCode: code() })).json();
    expect(ok.success).toBe(true);
    expect(ok.value.operator.totpEnabled).toBe(true);
    // The same code again is a replay: refused and counted; two more wrong codes lock.
    const m = await merchant();
    expect((await login({ username: 'demo_content', password: 'Content1234', totpCode: code() })).json().message).toBe('error_operator_totp_wrong');
    expect((await login({ username: 'demo_content', password: 'Content1234', totpCode: '111111' })).json().message).toBe('error_operator_totp_wrong');
    const c = await createCaptcha(ctx.app.platform, m);
    expect(
      (await login({ username: 'demo_content', password: 'Content1234', totpCode: '222222', captchaId: c.captchaId, captcha: c.answer })).json().message,
    ).toBe('error_account_locked');
    expect((await login({ username: 'demo_content', password: 'Content1234', totpCode: code() })).json().message).toBe('error_account_locked');
    expect(await events('demo_content')).toContain('operator_login_totp_wrong');
  });

  it('refuses malformed logins with 400 and counts nothing', async () => {
    for (const payload of [{}, { username: 'demo_finance' }, { username: '', password: 'x' }, { username: 'demo_finance', password: 'x'.repeat(200) }]) {
      expect((await login(payload)).statusCode).toBe(400);
    }
    expect(await ctx.db.selectFrom('operator_login_throttle').selectAll().where('username_key', '=', 'demo_finance').execute()).toEqual([]);
  });
});
