import { describe, expect, it } from 'vitest';
import { OPERATOR_PATHS, WPS_PATHS } from '@wl/schemas';
import { usePlatform } from '../test-support/db.ts';
import { authEventKinds } from '../test-support/auth-events.ts';
import { memberTotp } from '../session/session.service.ts';

/**
 * docs/0010 attack review: an operator's lock must bound how many guesses are JUDGED, not only how
 * many are counted. Before the fix every parallel guess read "not locked" and had its password
 * (or TOTP code) checked; the count only rose afterwards, so a burst carrying the right password or
 * code got in even though the lock engaged.
 */
let now = Date.parse('2026-06-01T10:00:00Z');
const ctx = usePlatform({ clock: () => new Date(now) });

const login = (payload: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url: WPS_PATHS.operatorLogin, payload });
const kinds = (username: string) => authEventKinds(ctx.db, username);

describe('operator login under 50 parallel guesses (attack review)', () => {
  it('judges at most lockAfter passwords of a parallel burst; the right one inside the burst does not get in once the lock engaged', async () => {
    const m = await ctx.db.selectFrom('merchants').select('lock_after_failures').where('code', '=', 'DEMO').executeTakeFirstOrThrow();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        login({ username: 'demo_finance', password: i === 49 ? 'Finance1234' : `wrong-${i}` }).then((r) => r.json() as { success: boolean; message: string }),
      ),
    );
    const seen = await kinds('demo_finance');
    const judged = seen.filter((k) => k === 'operator_login_failed' || k === 'operator_login_ok').length;
    expect(judged).toBeLessThanOrEqual(m.lock_after_failures);
    // The right password got in only if it was among the judged ones, and then nothing after it.
    const ok = answers.filter((a) => a.success).length;
    expect(ok).toBe(seen.filter((k) => k === 'operator_login_ok').length);
    expect(ok).toBeLessThanOrEqual(1);
  });

  it('judges at most lockAfter TOTP codes of a parallel burst that knows the password', async () => {
    const m = await ctx.db.selectFrom('merchants').select('lock_after_failures').where('code', '=', 'DEMO').executeTakeFirstOrThrow();
    const token = (await login({ username: 'demo_support', password: 'Support1234' })).json().value.token as string;
    const secret = (await ctx.app.inject({ method: 'POST', url: OPERATOR_PATHS.operatorTotpSetup, headers: { authorization: token } })).json().value
      .secret as string;
    const enable = await ctx.app.inject({
      method: 'POST',
      url: OPERATOR_PATHS.operatorTotpEnable,
      headers: { authorization: token },
      payload: { code: memberTotp(secret).generate({ timestamp: now }) },
    });
    expect(enable.json().success).toBe(true);
    now += 90_000;
    const right = memberTotp(secret).generate({ timestamp: now });
    const wrong = (i: number) => String((Number(right) + 1000 + i * 7919) % 1_000_000).padStart(6, '0');
    await Promise.all(Array.from({ length: 50 }, (_, i) => login({ username: 'demo_support', password: 'Support1234', totpCode: wrong(i) })));
    const seen = await kinds('demo_support');
    expect(seen.filter((k) => k === 'operator_login_totp_wrong').length).toBeLessThanOrEqual(m.lock_after_failures);
    // Locked or asking for a captcha now (depending on how the burst interleaved): even the right code is refused.
    const after = (await login({ username: 'demo_support', password: 'Support1234', totpCode: right })).json();
    expect(after.success).toBe(false);
    expect(['error_account_locked', 'error_captcha_required']).toContain(after.message);
  });
});
