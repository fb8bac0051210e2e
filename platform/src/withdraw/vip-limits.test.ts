import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, WITHDRAW_MESSAGES, WITHDRAW_PATHS } from '@wl/schemas';
import type { TMerchant, TSessionMember } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { WpsError } from '../http/envelope.ts';
import { hashPassword } from '../session/password.service.ts';
import { fundWallet, insertBareMembers } from '../test-support/bare-members.ts';
import { usePlatform } from '../test-support/db.ts';
import { expectRealAccountOnly } from '../test-support/http.ts';
import { requestWithdrawal, withdrawOverview } from './withdraw.service.ts';

/**
 * A VIP level's withdrawals a day (docs/0100): the level's count and the merchant's, the lower
 * winning; the level's amount a day, this request included; rejected withdrawals not counted; each
 * refusal names its limit and when it resets; parallel requests never pass either limit.
 */

const NOW = new Date('2026-11-30T21:30:00Z');
const ctx = usePlatform({ clock: () => NOW });
let deps: TPlatformDeps;
let merchant: TMerchant;
const members: Record<'count' | 'merchant' | 'amount' | 'race', { session: TSessionMember; bank: number }> = {} as never;

const session = (id: number, username: string): TSessionMember =>
  ({ memberId: id, sessionId: 0, type: 1, username, mustChangePassword: false }) as TSessionMember;
const request = (who: { session: TSessionMember; bank: number }, amountMinor: number, key: string) =>
  requestWithdrawal(deps, merchant, who.session, { bankAccountId: who.bank, amountMinor, withdrawPassword: 'Money5678', idempotencyKey: key });
/** The refusal of a request: its message key and the params of its field; null when it passed. */
const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
    return null;
  } catch (error) {
    if (!(error instanceof WpsError)) throw error;
    const fields = (error.value as { fieldErrors?: Record<string, { params?: Record<string, number> }> } | null)?.fieldErrors;
    return { key: error.messageKey, params: fields?.amountMinor?.params ?? {} };
  }
};
const withdrawalsOf = (memberId: number) =>
  ctx.db.selectFrom('withdrawals').select(['id', 'amount_minor', 'status']).where('member_id', '=', memberId).execute();

beforeAll(async () => {
  deps = { db: ctx.db, clock: () => NOW } as unknown as TPlatformDeps;
  merchant = await ctx.db.selectFrom('merchants').selectAll().where('code', '=', 'DEMO').executeTakeFirstOrThrow();
  await ctx.db.updateTable('merchants').set({ withdraw_daily_count: 100, payout_cooling_minutes: 0, withdraw_min_minor: 1 }).execute();
  // Level 0: 3 withdrawals and ৳10,000 a day; level 1: ৳10,000 a day and no count of its own (0).
  await ctx.db.updateTable('vip_levels').set({ withdraw_count: 3, withdraw_limit_minor: 1_000_000 }).where('level', '=', 0).execute();
  await ctx.db.updateTable('vip_levels').set({ withdraw_count: 0, withdraw_limit_minor: 1_000_000 }).where('level', '=', 1).execute();
  const { ids } = await insertBareMembers(ctx.db, 4, 'vipwd');
  const hash = await hashPassword('Money5678');
  await ctx.db.updateTable('members').set({ withdraw_password_hash: hash, vip_rank: 0 }).where('id', 'in', ids).execute();
  await ctx.db.updateTable('members').set({ vip_rank: 1 }).where('id', '=', ids[3]!).execute();
  for (const [i, name] of (['count', 'merchant', 'amount', 'race'] as const).entries()) {
    const id = ids[i]!;
    const bank = await ctx.db
      .insertInto('member_bank_accounts')
      .values({ member_id: id, bank_name: 'VIP Bank', account_number: `77${id}`, holder_name: 'Vip Limit', created_at: new Date('2026-01-01') })
      .returning('id')
      .executeTakeFirstOrThrow();
    await fundWallet(ctx.db, merchant, id, 100_000_000, `vipwd-fund:${id}`);
    members[name] = { session: session(id, `vipwd${i}`), bank: bank.id };
  }
});

describe('a VIP level’s withdrawals a day', () => {
  it('refuses the request without a session or for a trial account, before any limit', async () => {
    const trial = (
      await ctx.app.inject({ method: 'POST', url: ACCOUNT_PATHS.loginFreePlay, payload: { os: 'linux', platform: 'W', gatewayVersion: 3 } })
    ).json();
    await expectRealAccountOnly(ctx, trial.value.token, [['POST', WITHDRAW_PATHS.withdraw]], {
      bankAccountId: members.count.bank,
      amountMinor: 100,
      withdrawPassword: 'Money5678',
      idempotencyKey: 'vipwd-ladder-1',
    });
    expect(await withdrawalsOf(members.count.session.memberId)).toEqual([]);
  });

  it('lets 3 of 50 parallel requests through when the level allows 3 a day, naming the limit and the reset', async () => {
    const who = members.count;
    expect((await withdrawOverview(deps, merchant, who.session)).dailyCount).toBe(3);
    const outcomes = await Promise.all(Array.from({ length: 50 }, (_, i) => refusal(request(who, 100, `vipwd-count-${i}`))));
    expect(outcomes.filter((o) => o === null)).toHaveLength(3);
    // 21:30 UTC: the count starts again at 00:00 UTC, 2 h 30 min later.
    for (const o of outcomes.filter((x) => x !== null))
      expect(o).toEqual({ key: WITHDRAW_MESSAGES.vipDailyCountReached, params: { max: 3, hours: 2, minutes: 30 } });
    expect(await withdrawalsOf(who.session.memberId)).toHaveLength(3);
    // A rejected one does not count: one more may go.
    const [first] = await withdrawalsOf(who.session.memberId);
    await ctx.db.updateTable('withdrawals').set({ status: 'rejected' }).where('id', '=', first!.id).execute();
    expect(await refusal(request(who, 100, 'vipwd-count-after-reject'))).toBeNull();
    expect((await refusal(request(who, 100, 'vipwd-count-one-more')))?.key).toBe(WITHDRAW_MESSAGES.vipDailyCountReached);
  });

  it('keeps the merchant’s count and its message when it is the lower', async () => {
    await ctx.db.updateTable('merchants').set({ withdraw_daily_count: 2 }).execute();
    try {
      const who = members.merchant;
      expect((await withdrawOverview(deps, merchant, who.session)).dailyCount).toBe(2);
      expect(await refusal(request(who, 100, 'vipwd-m-1'))).toBeNull();
      expect(await refusal(request(who, 100, 'vipwd-m-2'))).toBeNull();
      expect(await refusal(request(who, 100, 'vipwd-m-3'))).toEqual({ key: WITHDRAW_MESSAGES.dailyCountReached, params: { max: 2 } });
    } finally {
      await ctx.db.updateTable('merchants').set({ withdraw_daily_count: 100 }).execute();
    }
  });

  it('refuses what would pass the level’s amount a day, naming the limit, what is left and the reset', async () => {
    const who = members.amount;
    expect(await refusal(request(who, 600_000, 'vipwd-a-1'))).toBeNull();
    expect(await refusal(request(who, 400_001, 'vipwd-a-2'))).toEqual({
      key: WITHDRAW_MESSAGES.vipDailyAmountReached,
      params: { limitMinor: 1_000_000, leftMinor: 400_000, hours: 2, minutes: 30 },
    });
    expect(await refusal(request(who, 400_000, 'vipwd-a-3'))).toBeNull();
    expect((await withdrawalsOf(who.session.memberId)).map((w) => Number(w.amount_minor))).toEqual([600_000, 400_000]);
  });

  it('lets parallel requests spend the amount a day once, and a level count of 0 sets no count', async () => {
    const who = members.race;
    expect((await withdrawOverview(deps, merchant, who.session)).dailyCount).toBe(100);
    const outcomes = await Promise.all(Array.from({ length: 50 }, (_, i) => refusal(request(who, 100_000, `vipwd-r-${i}`))));
    expect(outcomes.filter((o) => o === null)).toHaveLength(10);
    expect(new Set(outcomes.filter((o) => o !== null).map((o) => o!.key))).toEqual(new Set([WITHDRAW_MESSAGES.vipDailyAmountReached]));
    const rows = await withdrawalsOf(who.session.memberId);
    expect(rows.reduce((n, w) => n + Number(w.amount_minor), 0)).toBe(1_000_000);
  });
});
