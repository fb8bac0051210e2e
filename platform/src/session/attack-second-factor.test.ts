import { describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, ZEnvelope, ZSecondFactorValue } from '@wl/schemas';
import { DEMO_TOTP_SECRET } from '../seed/seed.ts';
import { usePlatform } from '../test-support/db.ts';
import { encryptedCall, encryptedLogin, fromClientIp } from '../test-support/http.ts';
import { memberTotp } from './session.service.ts';

/**
 * Issue 6 attack review: "a TOTP code works once" must hold under parallel answers. Before the fix
 * the last used step was read with the member and written unconditionally, so one code sent at once
 * to several challenges (opened with a stolen password from several addresses) opened them all.
 */
const now = Date.parse('2026-06-01T10:00:00Z');
const ctx = usePlatform({ clock: () => new Date(now) });

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
        encryptedCall(ctx.app, 'POST', ACCOUNT_PATHS.loginVerify, { challengeId, method: 'totp', code }, fromClientIp(ip)).then((r) => r.json() as { success: boolean }),
      ),
    );
    expect(answers.filter((a) => a.success)).toHaveLength(1);
    const sessions = await ctx.db.selectFrom('auth_events').select('kind').where('username', '=', 'demo_totp').where('kind', '=', 'second_factor_ok_totp').execute();
    expect(sessions).toHaveLength(1);
  }, 120_000);
});
