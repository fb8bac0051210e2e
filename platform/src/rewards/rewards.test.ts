import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, DEPOSIT_PATHS, REWARD_CALLS, REWARD_PATHS, WPS_PATHS } from '@wl/schemas';
import { usePlatform } from '../test-support/db.ts';
import { expectRealAccountOnly, loginToken, registerMember, tokenCall } from '../test-support/http.ts';
import { insertApprovedDeposit, insertSettledRounds } from '../test-support/rewards.ts';
import { walletBalance } from '../wallet/wallet.queries.ts';
import { insertBareMembers } from '../test-support/bare-members.ts';
import { operatorToken } from '../test-support/operators.ts';
import { runRewardsDaily } from './rewards.job.ts';
import { payRebate, rebateSummary } from './rebate.service.ts';
import { reviewMember, upgradeIfQualified } from './vip.service.ts';
import { demoMemberRow } from '../test-support/demo-merchant.ts';

/**
 * The rewards area (docs/0091) at the platform: who may call it, what a rebate is worth, that it is
 * paid through the ledger exactly once per bet (claims, parallel claims, the daily job), and VIP
 * upgrades (bonus once per level, ever) and reviews (down one level at most, once a day). The
 * REBATE3 switch is proven by the call-gate test, which walks every declared call's modules.
 */

const ctx = usePlatform();
const call = tokenCall(ctx);
const tokens = { member: '', agent: '', trial: '' };
const ids = { member: 0, agent: 0 };
const merchant = { id: 0, currency: '' };

const walletMinor = async (memberId: number) => Number(await walletBalance(ctx.db, memberId));
const count = async (table: 'rebate_claims' | 'rebated_settlements' | 'vip_upgrade_bonuses' | 'ledger_transactions') =>
  Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(ctx.db)).rows[0]!.n);
const memberIdOf = async (username: string) => (await demoMemberRow(ctx.db, username).select('id').executeTakeFirstOrThrow()).id;
/** A new member of the demo merchant with an empty wallet account. */
async function memberWithWallet(prefix: string): Promise<number> {
  const { ids: bare } = await insertBareMembers(ctx.db, 1, prefix);
  const member = bare[0]!;
  await ctx.db
    .insertInto('ledger_accounts')
    .values({ merchant_id: merchant.id, member_id: member, kind: 'member_wallet', currency: merchant.currency })
    .execute();
  return member;
}
const setLevel = (memberId: number, level: number) => ctx.db.updateTable('members').set({ vip_rank: level }).where('id', '=', memberId).execute();

beforeAll(async () => {
  tokens.member = await loginToken(ctx.app, 'demo_member', 'Demo1234');
  tokens.agent = await loginToken(ctx.app, 'demo_agent', 'Agent1234');
  const trial = (await ctx.app.inject({ method: 'POST', url: ACCOUNT_PATHS.loginFreePlay, payload: { os: 'linux', platform: 'W', gatewayVersion: 3 } })).json();
  tokens.trial = trial.value.token;
  ids.member = await memberIdOf('demo_member');
  ids.agent = await memberIdOf('demo_agent');
  Object.assign(merchant, await ctx.db.selectFrom('merchants').select(['id', 'currency']).where('code', '=', 'DEMO').executeTakeFirstOrThrow());
});

describe('the check ladder', () => {
  it('refuses every rewards call without a session, and to a trial account', async () => {
    const calls = Object.values(REWARD_CALLS).map((c) => [c.method, c.path] as const);
    await expectRealAccountOnly(ctx, tokens.trial, calls, { key: 'ladder-claim-1' });
    expect(await count('rebate_claims')).toBe(0);
  });

  it('refuses a bad key with a clear message and changes nothing', async () => {
    await insertSettledRounds(ctx.db, ids.member, 'RNG', [{ stake: 10_000, payout: 0 }]);
    const before = await walletMinor(ids.member);
    for (const key of ['short', 'has space in it', '', 'x'.repeat(101)]) {
      const res = await call('POST', REWARD_PATHS.claimRebate, tokens.member, { key });
      expect(res.statusCode, key).toBe(400);
      expect(res.json(), key).toMatchObject({ success: false, code: 400, message: 'error_bad_request', value: { field: 'key' } });
    }
    expect(await walletMinor(ids.member)).toBe(before);
    expect(await count('rebate_claims')).toBe(0);
  });

  it("scopes a claim's key to its member: another member's key answers only for that member", async () => {
    await insertSettledRounds(ctx.db, ids.agent, 'RNG', [{ stake: 20_000, payout: 0 }]);
    const mine = (await call('POST', REWARD_PATHS.claimRebate, tokens.member, { key: 'shared-key-1' })).json();
    expect(mine).toMatchObject({ success: true });
    const theirs = (await call('POST', REWARD_PATHS.claimRebate, tokens.agent, { key: 'shared-key-1' })).json();
    expect(theirs).toMatchObject({ success: true });
    expect(theirs.value.claimId).not.toBe(mine.value.claimId);
    const claims = await ctx.db.selectFrom('rebate_claims').select(['member_id', 'amount_minor']).orderBy('id').execute();
    expect(claims.map((c) => c.member_id)).toEqual([ids.member, ids.agent]);
  });

  it('refuses a claim with nothing to claim (rebate_nothing_to_claim) and pays nothing', async () => {
    const before = await walletMinor(ids.member);
    const res = await call('POST', REWARD_PATHS.claimRebate, tokens.member, { key: 'nothing-left-1' });
    expect(res.json()).toMatchObject({ success: false, message: 'rebate_nothing_to_claim' });
    expect(await walletMinor(ids.member)).toBe(before);
  });
});

describe('rebates', () => {
  it('counts the lesser of the stake and |payout − stake| as the valid bet, at the level’s rate per game type', async () => {
    await setLevel(ids.member, 3);
    await insertSettledRounds(ctx.db, ids.member, 'RNG', [
      { stake: 10_000, payout: 0 }, // lost: 10,000 valid
      { stake: 10_000, payout: 15_000 }, // won 5,000: 5,000 valid
      { stake: 10_000, payout: 50_000 }, // won 40,000: the stake, 10,000
      { stake: 10_000, payout: 10_000 }, // a push: nothing
    ]);
    await insertSettledRounds(ctx.db, ids.member, 'CRASH', [{ stake: 3_333, payout: 0 }]);
    const summary = (await call('GET', REWARD_PATHS.rebates, tokens.member)).json().value;
    // Seeded level 3: RNG 80 bp, CRASH 80 bp; rounded down per game type.
    expect(summary).toEqual({
      payout: 'manual',
      lines: [
        { gameType: 'RNG', validBetMinor: 25_000, rateBp: 80, amountMinor: 200 },
        { gameType: 'CRASH', validBetMinor: 3_333, rateBp: 80, amountMinor: 26 },
      ],
      totalMinor: 226,
    });
  });

  it('pays a claim through the ledger once; the same key answers the same claim; the bets are then spent', async () => {
    const before = await walletMinor(ids.member);
    const transactions = await count('ledger_transactions');
    const first = (await call('POST', REWARD_PATHS.claimRebate, tokens.member, { key: 'claim-once-1' })).json().value;
    expect(first).toMatchObject({ amountMinor: 226, mainMinor: before + 226 });
    const again = (await call('POST', REWARD_PATHS.claimRebate, tokens.member, { key: 'claim-once-1' })).json().value;
    expect(again).toMatchObject({ claimId: first.claimId, amountMinor: 226, mainMinor: before + 226 });
    expect(await walletMinor(ids.member)).toBe(before + 226);
    expect(await count('ledger_transactions')).toBe(transactions + 1);
    const tx = await ctx.db.selectFrom('ledger_transactions').select(['kind', 'owner_kind', 'owner_id']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(tx).toEqual({ kind: 'rebate', owner_kind: 'member', owner_id: ids.member });
    expect((await call('GET', REWARD_PATHS.rebates, tokens.member)).json().value).toMatchObject({ lines: [], totalMinor: 0 });
  });

  it('pays exactly once under 50 parallel claims', async () => {
    await insertSettledRounds(
      ctx.db,
      ids.member,
      'RNG',
      Array.from({ length: 20 }, () => ({ stake: 5_000, payout: 0 })),
    );
    const before = await walletMinor(ids.member);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => call('POST', REWARD_PATHS.claimRebate, tokens.member, { key: `parallel-${i}-key` })),
    );
    const bodies = answers.map((a) => a.json());
    const paid = bodies.filter((b) => b.success);
    expect(paid).toHaveLength(1);
    expect(paid[0].value.amountMinor).toBe(800); // 100,000 valid at 80 bp
    expect(bodies.filter((b) => !b.success).map((b) => b.message)).toEqual(Array.from({ length: 49 }, () => 'rebate_nothing_to_claim'));
    expect(await walletMinor(ids.member)).toBe(before + 800);
  });

  it('never rebates a bet twice, across claims and daily jobs run twice', async () => {
    const member = await memberWithWallet('rebate_auto_');
    const rounds = await insertSettledRounds(ctx.db, member, 'FISH', [{ stake: 100_000, payout: 0 }]);
    const first = await payRebate(ctx.db, merchant, member, { key: 'member:first-claim', source: 'member' });
    expect(first?.amountMinor).toBe(500); // level 0 FISH 50 bp
    await ctx.db.updateTable('rewards_settings').set({ rebate_payout: 'automatic' }).where('merchant_id', '=', merchant.id).execute();
    try {
      const later = await insertSettledRounds(ctx.db, member, 'FISH', [{ stake: 200_000, payout: 0 }]);
      const day = new Date('2030-01-02T00:10:00Z');
      await runRewardsDaily(ctx.db, day);
      await runRewardsDaily(ctx.db, day);
      await runRewardsDaily(ctx.db, new Date('2030-01-03T00:10:00Z'));
      const claims = await ctx.db.selectFrom('rebate_claims').select(['id', 'source', 'amount_minor']).where('member_id', '=', member).orderBy('id').execute();
      expect(claims.map((c) => [c.source, Number(c.amount_minor)])).toEqual([
        ['member', 500],
        ['job', 1_000],
      ]);
      const marked = await ctx.db
        .selectFrom('rebated_settlements')
        .select(['win_id', 'claim_id'])
        .where('win_id', 'in', [...rounds, ...later])
        .orderBy('win_id')
        .execute();
      expect(marked.map((m) => [Number(m.win_id), Number(m.claim_id)])).toEqual([
        [rounds[0], Number(claims[0]!.id)],
        [later[0], Number(claims[1]!.id)],
      ]);
      expect(await walletMinor(member)).toBe(1_500);
      expect((await rebateSummary(ctx.db, merchant, member)).totalMinor).toBe(0);
    } finally {
      await ctx.db.updateTable('rewards_settings').set({ rebate_payout: 'manual' }).where('merchant_id', '=', merchant.id).execute();
    }
  });
});

describe('VIP levels', () => {
  it('upgrades at once to the level reached and pays each level’s bonus once, ever', async () => {
    const member = await memberWithWallet('vip_up_');
    const now = new Date();
    await insertApprovedDeposit(ctx.db, member, 5_000_00, now);
    await insertSettledRounds(ctx.db, member, 'RNG', [{ stake: 25_000_00, payout: 0 }], now);
    expect(await upgradeIfQualified(ctx.db, merchant, member, now)).toBe(2);
    expect(await walletMinor(member)).toBe(50_00 + 200_00);
    // The period moves on: the review lowers one level a day, at most, however often it runs.
    const later = new Date(now.getTime() + 40 * 86_400_000);
    expect(await reviewMember(ctx.db, merchant, member, later)).toBe(1);
    expect(await reviewMember(ctx.db, merchant, member, later)).toBe(1);
    expect(await reviewMember(ctx.db, merchant, member, new Date(later.getTime() + 86_400_000))).toBe(0);
    // Reaching level 2 again pays nothing more.
    const back = new Date(later.getTime() + 2 * 86_400_000);
    await insertApprovedDeposit(ctx.db, member, 5_000_00, back);
    await insertSettledRounds(ctx.db, member, 'RNG', [{ stake: 25_000_00, payout: 0 }], back);
    expect(await upgradeIfQualified(ctx.db, merchant, member, back)).toBe(2);
    expect(await walletMinor(member)).toBe(50_00 + 200_00);
    const bonuses = await ctx.db.selectFrom('vip_upgrade_bonuses').select('level').where('member_id', '=', member).orderBy('level').execute();
    expect(bonuses.map((b) => b.level)).toEqual([1, 2]);
  });

  it('moves nothing when the VIP page is read; the page’s upgrade call pays, once whatever races', async () => {
    const reg = await registerMember(ctx, 'username', { username: 'vipread1', password: 'Abcd1234', confirmPassword: 'Abcd1234', mobileNum: '1712000077' });
    expect(reg.json().success).toBe(true);
    const token = await loginToken(ctx.app, 'vipread1', 'Abcd1234');
    const member = await memberIdOf('vipread1');
    await insertApprovedDeposit(ctx.db, member, 5_000_00, new Date());
    await insertSettledRounds(ctx.db, member, 'RNG', [{ stake: 25_000_00, payout: 0 }]);
    const before = await walletMinor(member);
    const read = (await call('GET', REWARD_PATHS.vip, token)).json().value;
    expect(read).toMatchObject({ level: 0, depositMinor: 5_000_00 });
    expect(await walletMinor(member)).toBe(before);
    expect(await ctx.db.selectFrom('vip_upgrade_bonuses').select('level').where('member_id', '=', member).execute()).toEqual([]);
    // Another member's upgrade call moves this member nowhere.
    await call('POST', REWARD_PATHS.upgrade, tokens.member);
    expect((await call('GET', REWARD_PATHS.vip, token)).json().value.level).toBe(0);
    const ups = await Promise.all(Array.from({ length: 20 }, () => call('POST', REWARD_PATHS.upgrade, token)));
    expect(ups.map((r) => r.json().value)).toEqual(Array.from({ length: 20 }, () => ({ level: 2 })));
    expect(await walletMinor(member)).toBe(before + 50_00 + 200_00);
    expect((await call('GET', REWARD_PATHS.vip, token)).json().value.level).toBe(2);
  });

  it('upgrades when the operator approves the deposit that reaches the level, without waiting for the member', async () => {
    const { ids: bare } = await insertBareMembers(ctx.db, 1, 'vip_deposit_');
    const member = bare[0]!;
    await insertSettledRounds(ctx.db, member, 'RNG', [{ stake: 5_000_00, payout: 0 }]);
    const channel = await ctx.db.selectFrom('deposit_channels').select('id').orderBy('id').executeTakeFirstOrThrow();
    const deposit = await ctx.db
      .insertInto('deposits')
      .values({
        merchant_id: merchant.id,
        member_id: member,
        channel_id: channel.id,
        reference: 'VIPDEPOSIT1',
        amount_minor: 1_000_00,
        idempotency_key: 'vip-deposit-1',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const finance = await operatorToken(ctx.app, 'demo_finance', 'Finance1234');
    const approved = await call('POST', DEPOSIT_PATHS.operatorDepositApprove, finance, { depositId: deposit.id });
    expect(approved.json()).toMatchObject({ success: true, value: { status: 'approved' } });
    const after = await ctx.db.selectFrom('members').select(['vip_rank', 'vip_label']).where('id', '=', member).executeTakeFirstOrThrow();
    expect(after).toEqual({ vip_rank: 1, vip_label: 'VIP 1' });
    // The deposit itself and the level 1 bonus.
    expect(await walletMinor(member)).toBe(1_000_00 + 50_00);
  });

  it('answers the VIP page and member info from the operator’s levels, in the language asked', async () => {
    await setLevel(ids.member, 3);
    const vip = (await ctx.app.inject({ url: REWARD_PATHS.vip, headers: { authorization: tokens.member, language: 'bn' } })).json().value;
    expect(vip.level).toBe(3);
    expect(vip.levels.map((l: { name: string }) => l.name)).toEqual(['সদস্য', 'ভিআইপি ১', 'ভিআইপি ২', 'ভিআইপি ৩', 'ভিআইপি ৪', 'ভিআইপি ৫']);
    expect(vip.levels[3]).toMatchObject({ minDepositMinor: 20_000_00, upgradeBonusMinor: 800_00, withdrawCount: 10 });
    const info = (lang: string) => ctx.app.inject({ url: WPS_PATHS.memberInfo, headers: { authorization: tokens.member, language: lang } });
    expect((await info('bn')).json().value).toMatchObject({ vipLabelName: 'ভিআইপি ৩', vipRankLevel: 3, hasVip: true });
    expect((await info('en')).json().value).toMatchObject({ vipLabelName: 'VIP 3', vipRankLevel: 3 });
  });
});
