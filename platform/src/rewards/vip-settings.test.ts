import { beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_PROMOTION_MESSAGES, OPERATOR_PROMOTION_PATHS, REWARD_PATHS, type TOperatorRole, type TOperatorVipSettings } from '@wl/schemas';
import { usePlatform } from '../test-support/db.ts';
import { loginToken, tokenCall } from '../test-support/http.ts';
import { roleTokens } from '../test-support/operators.ts';
import { demoMerchantId } from '../test-support/demo-merchant.ts';

/**
 * VIP levels and rebate rates as finance edits them (docs/0098, docs/0091): level 0 kept and free,
 * levels in a row with thresholds that never fall, rates at most 10 %, no level removed while a
 * member holds it; each change audited with before and after and seen by members at once.
 */

const ctx = usePlatform();
const call = tokenCall(ctx);
let ops = {} as Record<TOperatorRole, string>;
const read = async (): Promise<TOperatorVipSettings> => (await call('GET', OPERATOR_PROMOTION_PATHS.vip, ops.finance)).json().value;
const put = (token: string, body: unknown) => call('PUT', OPERATOR_PROMOTION_PATHS.vip, token, body);

beforeAll(async () => {
  ops = await roleTokens(ctx.app);
});

describe('the check ladder', () => {
  it('refuses no session, content and support, and every bad table, changing nothing', async () => {
    const before = await read();
    expect(before.levels[0]).toMatchObject({ level: 0, minDepositMinor: 0 });
    expect((await put('', before)).statusCode).toBe(401);
    for (const role of ['content', 'support'] as const) expect((await put(ops[role], before)).statusCode, role).toBe(403);
    const [zero, one] = [before.levels[0]!, before.levels[1]!];
    const bad: [unknown, string][] = [
      [{ ...before, levels: before.levels.slice(1) }, OPERATOR_PROMOTION_MESSAGES.vipLevelZero],
      [{ ...before, levels: [{ ...zero, minDepositMinor: 5 }, ...before.levels.slice(1)] }, OPERATOR_PROMOTION_MESSAGES.vipLevelZero],
      [{ ...before, levels: [zero, { ...one, level: 2 }] }, OPERATOR_PROMOTION_MESSAGES.vipLevelsOrder],
      [{ ...before, levels: [zero, { ...one, minDepositMinor: 10 }, { ...one, level: 2, minDepositMinor: 5 }] }, OPERATOR_PROMOTION_MESSAGES.vipLevelsOrder],
      [{ ...before, levels: [{ ...zero, rates: [{ gameType: 'RNG', rateBp: 1001 }] }] }, OPERATOR_PROMOTION_MESSAGES.rateTooHigh],
      [{ ...before, levels: [{ ...zero, nameEn: 'nul \u0000' }] }, 'error_bad_request'],
      [{ ...before, levels: [{ ...zero, nameBn: 'x'.repeat(41) }] }, 'error_bad_request'],
      [{ ...before, periodDays: 0 }, 'error_bad_request'],
      [{ ...before, rebatePayout: 'sometimes' }, 'error_bad_request'],
    ];
    for (const [body, message] of bad) {
      const res = (await put(ops.finance, body)).json();
      expect(res.success, message).toBe(false);
      expect(JSON.stringify(res), message).toContain(message);
    }
    expect((await put(ops.finance, { ...before, levels: [{ ...zero, nameEn: 'x'.repeat(1024 * 1024) }] })).statusCode).toBe(413);
    expect(await read()).toEqual(before);
  });
});

describe('editing the table', () => {
  it('renames, re-rates and switches the payout, audited; members see the new names and rates', async () => {
    const before = await read();
    const next: TOperatorVipSettings = {
      periodDays: 14,
      rebatePayout: 'automatic',
      levels: before.levels.map((l) => ({
        ...l,
        nameEn: l.level === 0 ? 'Starter' : l.nameEn,
        rates: l.rates.map((r) => ({ ...r, rateBp: Math.min(1000, r.rateBp + 5) })),
      })),
    };
    const res = (await put(ops.finance, next)).json();
    expect(res).toMatchObject({ success: true, value: { periodDays: 14, rebatePayout: 'automatic' } });
    expect(await read()).toEqual(next);
    const audit = await ctx.db.selectFrom('config_audit').select(['before', 'after', 'config_version']).where('action', '=', 'vip.settings.set').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ before: expect.objectContaining({ periodDays: before.periodDays }), after: expect.objectContaining({ periodDays: 14 }) });
    const member = await loginToken(ctx.app, 'demo_member', 'Demo1234');
    const vip = (await call('GET', REWARD_PATHS.vip, member)).json();
    expect(vip.value).toMatchObject({ periodDays: 14 });
  });

  it('refuses to remove a level a member holds', async () => {
    const before = await read();
    await ctx.db
      .updateTable('members')
      .set({ vip_rank: before.levels.length - 1 })
      .where('merchant_id', '=', demoMerchantId(ctx.db))
      .where('username', '=', 'demo_member')
      .execute();
    const res = (await put(ops.finance, { ...before, levels: before.levels.slice(0, -1) })).json();
    expect(res).toMatchObject({ success: false, message: OPERATOR_PROMOTION_MESSAGES.vipLevelInUse });
    expect(await read()).toEqual(before);
    await ctx.db.updateTable('members').set({ vip_rank: 0 }).where('merchant_id', '=', demoMerchantId(ctx.db)).where('username', '=', 'demo_member').execute();
    expect((await put(ops.finance, { ...before, levels: before.levels.slice(0, -1) })).json()).toMatchObject({ success: true });
    expect((await read()).levels).toHaveLength(before.levels.length - 1);
  });
});
