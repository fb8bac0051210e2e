import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, DEPOSIT_PATHS, REFERRAL_PATHS, WPS_HEADERS, type TPromotionTerms } from '@wl/schemas';
import { rowCounts, usePlatform } from '../test-support/db.ts';
import { expectRealAccountOnly, loginToken, registerMember, tokenCall } from '../test-support/http.ts';
import { insertApprovedDeposit, insertSettledRounds } from '../test-support/rewards.ts';
import { insertBareMembers } from '../test-support/bare-members.ts';
import { operatorToken, ROLE_ACCOUNTS } from '../test-support/operators.ts';
import { inTransaction } from '../wallet/ledger.service.ts';
import { runReferralRewards } from './referral.job.ts';
import { ensureReferralCode, runningReferralPromotion } from './referral.queries.ts';
import { maskName, recordReferral, referralSummary, settleReferral } from './referral.service.ts';
import { demoMemberRow } from '../test-support/demo-merchant.ts';

/**
 * Member referral (docs/0097) at the platform: a code per member, registration with it, the page's
 * check ladder, the reward paid once per friend only when the conditions are met within the window
 * (job runs, 50 racing settlements), and a friend who is the referrer under another name refused.
 */

const ctx = usePlatform();
const call = tokenCall(ctx);
const merchant = { id: 0, currency: '' };
const tokens = { member: '', agent: '', trial: '' };
const ids = { member: 0 };
const TERMS: TPromotionTerms = { kind: 'referral', rewardMinor: 7_000, minDepositMinor: 50_000, turnoverMinor: 20_000, windowDays: 30 };

const walletMinor = async (memberId: number) =>
  Number(
    (
      await ctx.db
        .selectFrom('ledger_accounts')
        .select('balance_minor')
        .where('member_id', '=', memberId)
        .where('kind', '=', 'member_wallet')
        .where('code', '=', '')
        .executeTakeFirst()
    )?.balance_minor ?? 0,
  );
const stateOf = async (friendId: number) =>
  ctx.db.selectFrom('referrals').select(['state', 'reason']).where('friend_id', '=', friendId).executeTakeFirstOrThrow();
const paidTransfers = async (referralId: number) =>
  Number(
    (await sql<{ n: string }>`select count(*) as n from ledger_transactions where idempotency_key = ${`referral:${referralId}`}`.execute(ctx.db)).rows[0]!.n,
  );

/** A referrer (with a wallet) and `n` friends referred by it, registered now. */
async function family(prefix: string, n: number, referrerId?: number): Promise<{ referrer: number; friends: number[]; referralIds: number[] }> {
  const { ids: made } = await insertBareMembers(ctx.db, n + 1, prefix);
  const referrer = referrerId ?? made[0]!;
  const friends = made.slice(1);
  await ctx.db
    .insertInto('ledger_accounts')
    .values({ merchant_id: merchant.id, member_id: referrer, kind: 'member_wallet', currency: merchant.currency })
    .onConflict((oc) => oc.doNothing())
    .execute();
  for (const f of friends) await inTransaction(ctx.db, (trx) => recordReferral(trx, merchant.id, referrer, f));
  const rows = await ctx.db.selectFrom('referrals').select('id').where('friend_id', 'in', friends).orderBy('friend_id').execute();
  return { referrer, friends, referralIds: rows.map((r) => Number(r.id)) };
}
/** Everything the reward asks of a friend: a proved mobile, the deposit, the turnover (valid bets: |payout − stake| capped by the stake). */
async function qualify(friendId: number, at = new Date()) {
  await ctx.db.updateTable('members').set({ mobile_verified_at: at }).where('id', '=', friendId).execute();
  await insertApprovedDeposit(ctx.db, friendId, 50_000, at);
  await insertSettledRounds(
    ctx.db,
    friendId,
    'RNG',
    [
      { stake: 10_000, payout: 0 },
      { stake: 10_000, payout: 0 },
    ],
    at,
  );
}
const seen = (memberId: number, ip: string, at = new Date()) =>
  ctx.db
    .insertInto('auth_events')
    .values({ merchant_id: merchant.id, member_id: memberId, username: `m${memberId}`, kind: 'login', ip, created_at: at })
    .execute();

beforeAll(async () => {
  Object.assign(merchant, await ctx.db.selectFrom('merchants').select(['id', 'currency']).where('code', '=', 'DEMO').executeTakeFirstOrThrow());
  // The demo seed's referral promotion ends; this file's terms are the ones running.
  await ctx.db.updateTable('promotions').set({ status: 'ended' }).where('kind', '=', 'referral').execute();
  await ctx.db
    .insertInto('promotions')
    .values({
      merchant_id: merchant.id,
      title_en: 'Invite friends',
      title_bn: 'বন্ধুদের আমন্ত্রণ জানান',
      promotion_type: 'referral',
      sort: 90,
      category: 'REFERRAL',
      starts_at: new Date('2020-01-01T00:00:00Z'),
      ends_at: null,
      rules_en: 'Your friend deposits and plays.',
      rules_bn: 'আপনার বন্ধু জমা দেন ও খেলেন।',
      kind: 'referral',
      terms: JSON.stringify(TERMS),
      budget_minor: null,
      max_recipients: null,
    })
    .execute();
  tokens.member = await loginToken(ctx.app, 'demo_member', 'Demo1234');
  tokens.agent = await loginToken(ctx.app, 'demo_agent', 'Agent1234');
  tokens.trial = (
    await ctx.app.inject({ method: 'POST', url: ACCOUNT_PATHS.loginFreePlay, payload: { os: 'linux', platform: 'W', gatewayVersion: 3 } })
  ).json().value.token;
  ids.member = (await demoMemberRow(ctx.db, 'demo_member').select('id').executeTakeFirstOrThrow()).id;
});

describe('registration with a referral code', () => {
  const values = (username: string, referralCode: unknown) => ({
    username,
    password: 'Abcd1234',
    confirmPassword: 'Abcd1234',
    mobileNum: '1712000001',
    referralCode,
  });

  it('refuses a code that names no member, a malformed, NUL or huge one, and registers nothing', async () => {
    const before = await rowCounts(ctx.db, ['members', 'referrals']);
    for (const code of ['ZZZZZZZZ', 'abc', 'A'.repeat(2_000), 42]) {
      const res = await registerMember(ctx, 'username', values('refbad1', code));
      expect(res.json(), String(code).slice(0, 10)).toMatchObject({ success: false, message: 'invalid_invitation_code' });
    }
    const nul = await registerMember(ctx, 'username', values('refbad2', 'ABCD\u0000EFG'));
    expect(nul.statusCode).toBe(400);
    const huge = await registerMember(ctx, 'username', values('refbad3', 'A'.repeat(1_000_000)));
    expect(huge.json().success).toBe(false);
    expect(await rowCounts(ctx.db, ['members', 'referrals'])).toEqual(before);
  });

  it('records the referrer of a member registered with its code (any case)', async () => {
    const code = await ensureReferralCode(ctx.db, ids.member);
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(await ensureReferralCode(ctx.db, ids.member)).toBe(code);
    const res = await registerMember(ctx, 'username', values('refnew1', code.toLowerCase()));
    expect(res.json().success).toBe(true);
    const friend = await ctx.db.selectFrom('members').select('id').where('username', '=', 'refnew1').executeTakeFirstOrThrow();
    expect(await ctx.db.selectFrom('referrals').select(['referrer_id', 'state']).where('friend_id', '=', friend.id).executeTakeFirst()).toEqual({
      referrer_id: ids.member,
      state: 'pending',
    });
  });
});

describe('the referral page', () => {
  it('answers only a real member, its own code and friends, masked', async () => {
    await expectRealAccountOnly(ctx, tokens.trial, [['GET', REFERRAL_PATHS.summary]]);
    const mine = (await ctx.app.inject({ url: REFERRAL_PATHS.summary, headers: { authorization: tokens.member, [WPS_HEADERS.language]: 'en' } })).json().value;
    expect(mine.enabled).toBe(true);
    expect(mine.code).toBe(await ensureReferralCode(ctx.db, ids.member));
    expect(mine.promotion).toMatchObject({ title: 'Invite friends', rewardMinor: 7_000, windowDays: 30 });
    expect(mine.friends).toEqual([expect.objectContaining({ name: maskName('refnew1'), state: 'pending', missing: ['mobile', 'deposit', 'turnover'] })]);
    expect(mine.friends[0].name).toBe('r*****1');
    const bn = (await ctx.app.inject({ url: REFERRAL_PATHS.summary, headers: { authorization: tokens.member, [WPS_HEADERS.language]: 'bn' } })).json().value;
    expect(bn.promotion.rules).toBe('আপনার বন্ধু জমা দেন ও খেলেন।');
    // Another member sees its own code and none of these friends.
    const other = (await call('GET', REFERRAL_PATHS.summary, tokens.agent)).json().value;
    expect(other.code).not.toBe(mine.code);
    expect(other.friends).toEqual([]);
    expect(other.friendCount).toBe(0);
  });
});

describe('the reward', () => {
  it('waits for every condition, then pays the referrer once, whatever reruns', async () => {
    const { referrer, friends, referralIds } = await family('refpay', 1);
    expect(await runReferralRewards(ctx.db, new Date())).toMatchObject({ paid: 0 });
    await insertApprovedDeposit(ctx.db, friends[0]!, 50_000, new Date());
    await insertSettledRounds(ctx.db, friends[0]!, 'RNG', [
      { stake: 10_000, payout: 0 },
      { stake: 10_000, payout: 0 },
    ]);
    await runReferralRewards(ctx.db, new Date());
    expect(await stateOf(friends[0]!)).toEqual({ state: 'pending', reason: null });
    expect(await walletMinor(referrer)).toBe(0);
    await ctx.db.updateTable('members').set({ mobile_verified_at: new Date() }).where('id', '=', friends[0]!).execute();
    await runReferralRewards(ctx.db, new Date());
    await runReferralRewards(ctx.db, new Date());
    expect(await stateOf(friends[0]!)).toEqual({ state: 'paid', reason: null });
    expect(await walletMinor(referrer)).toBe(7_000);
    expect(await paidTransfers(referralIds[0]!)).toBe(1);
  });

  it('pays once when 50 settlements of one friend race', async () => {
    const { referrer, friends, referralIds } = await family('refrace', 1);
    await qualify(friends[0]!);
    const promotion = await runningReferralPromotion(ctx.db, merchant.id, new Date());
    const outcomes = await Promise.all(Array.from({ length: 50 }, () => settleReferral(ctx.db, merchant, referralIds[0]!, promotion, new Date())));
    expect(outcomes.every((o) => o === 'paid')).toBe(true);
    expect(await walletMinor(referrer)).toBe(7_000);
    expect(await paidTransfers(referralIds[0]!)).toBe(1);
  });

  it('settles a friend when the deposit that completes the conditions is approved, without waiting for the run', async () => {
    const { referrer, friends } = await family('refdep', 1);
    const friend = friends[0]!;
    await ctx.db.updateTable('members').set({ mobile_verified_at: new Date() }).where('id', '=', friend).execute();
    await insertSettledRounds(ctx.db, friend, 'RNG', [
      { stake: 10_000, payout: 0 },
      { stake: 10_000, payout: 0 },
    ]);
    const channel = await ctx.db.selectFrom('deposit_channels').select('id').where('merchant_id', '=', merchant.id).orderBy('id').executeTakeFirstOrThrow();
    const deposit = await ctx.db
      .insertInto('deposits')
      .values({
        merchant_id: merchant.id,
        member_id: friend,
        channel_id: channel.id,
        reference: 'REFDEP0001',
        amount_minor: 50_000,
        status: 'pending',
        idempotency_key: 'refdep-0001-key',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const finance = await operatorToken(ctx.app, ROLE_ACCOUNTS.finance.username, ROLE_ACCOUNTS.finance.password);
    expect((await call('POST', DEPOSIT_PATHS.operatorDepositApprove, finance, { depositId: Number(deposit.id) })).json().success).toBe(true);
    expect(await stateOf(friend)).toEqual({ state: 'paid', reason: null });
    expect(await walletMinor(referrer)).toBe(7_000);
  });

  it('pays a qualified friend through the page’s settle call, never by reading it, and refuses there a friend who is the referrer', async () => {
    const token = await loginToken(ctx.app, 'demo_agent', 'Agent1234');
    const agentId = (await ctx.db.selectFrom('members').select('id').where('username', '=', 'demo_agent').executeTakeFirstOrThrow()).id;
    const { friends } = await family('refread', 2, agentId);
    await ctx.db.updateTable('members').set({ bank_holder_name: 'Agent Self' }).where('id', 'in', [agentId, friends[1]!]).execute();
    for (const f of friends) await qualify(f);
    const before = await walletMinor(agentId);
    const states = async () => (await call('GET', REFERRAL_PATHS.summary, token)).json().value.friends.map((f: { state: string }) => f.state);
    // Reading moves nothing: both are shown qualified, nothing is paid or refused.
    expect(await states()).toEqual(['qualified', 'qualified']);
    expect(await walletMinor(agentId)).toBe(before);
    expect(await Promise.all(friends.map(stateOf))).toEqual([
      { state: 'pending', reason: null },
      { state: 'pending', reason: null },
    ]);
    await expectRealAccountOnly(ctx, tokens.trial, [['POST', REFERRAL_PATHS.settle]]);
    // Another member's settle settles only its own friends.
    expect((await call('POST', REFERRAL_PATHS.settle, tokens.member)).json().value).toEqual({ paid: 0 });
    expect(await walletMinor(agentId)).toBe(before);
    const settled = await Promise.all(Array.from({ length: 20 }, () => call('POST', REFERRAL_PATHS.settle, token)));
    expect(settled.every((r) => r.json().success)).toBe(true);
    expect(
      await paidTransfers(Number((await ctx.db.selectFrom('referrals').select('id').where('friend_id', '=', friends[0]!).executeTakeFirstOrThrow()).id)),
    ).toBe(1);
    expect(await states()).toEqual(['not_eligible', 'paid']);
    expect((await call('GET', REFERRAL_PATHS.summary, token)).json().value.totalPaidMinor).toBe(7_000);
    expect(await walletMinor(agentId)).toBe(before + 7_000);
  });

  it('counts only what was done within the window, and refuses the friend once it has passed', async () => {
    const { referrer, friends } = await family('refwin', 1);
    const registered = new Date();
    await qualify(friends[0]!, new Date(registered.getTime() + 31 * 86_400_000));
    await runReferralRewards(ctx.db, new Date(registered.getTime() + 29 * 86_400_000));
    expect(await stateOf(friends[0]!)).toEqual({ state: 'pending', reason: null });
    await runReferralRewards(ctx.db, new Date(registered.getTime() + 32 * 86_400_000));
    expect(await stateOf(friends[0]!)).toEqual({ state: 'refused', reason: 'window_passed' });
    expect(await walletMinor(referrer)).toBe(0);
  });
});

describe('self-referral', () => {
  // A mobile number is one member's only (a unique index), so a shared one is refused at binding; the check stays for merchants that allow it.
  it('refuses a friend sharing the payee name, e-mail or network of the referrer, and never pays it', async () => {
    const { referrer, friends } = await family('refself', 3);
    await ctx.db
      .updateTable('members')
      .set({ bank_holder_name: 'Rahim Uddin', email: 'rahim@example.com', mobile_num: '1712999999', country_dialing_code: '+880' })
      .where('id', '=', referrer)
      .execute();
    await ctx.db.updateTable('members').set({ bank_holder_name: ' rahim uddin ' }).where('id', '=', friends[0]!).execute();
    await ctx.db.updateTable('members').set({ email: 'RAHIM@example.com' }).where('id', '=', friends[1]!).execute();
    await seen(referrer, '203.0.113.7');
    await seen(friends[2]!, '203.0.113.200');
    for (const f of friends) await qualify(f);
    await runReferralRewards(ctx.db, new Date());
    expect(await Promise.all(friends.map(stateOf))).toEqual([
      { state: 'refused', reason: 'payee_name' },
      { state: 'refused', reason: 'email' },
      { state: 'refused', reason: 'ip_range' },
    ]);
    expect(await walletMinor(referrer)).toBe(0);
  });

  it('does not link different networks, loopback, or an address seen outside the window', async () => {
    const { referrer, friends } = await family('refnet', 3);
    await seen(referrer, '198.51.100.1');
    await seen(referrer, '127.0.0.1');
    await seen(referrer, '2001:db8:1:2::5');
    await seen(friends[0]!, '198.51.101.1');
    await seen(friends[1]!, '127.0.0.1');
    await seen(friends[2]!, '2001:db8:1:3::5');
    await seen(friends[2]!, '2001:db8:1:2::9', new Date(Date.now() - 40 * 86_400_000));
    for (const f of friends) await qualify(f);
    await runReferralRewards(ctx.db, new Date());
    expect((await Promise.all(friends.map(stateOf))).map((s) => s.state)).toEqual(['paid', 'paid', 'paid']);
    expect(await walletMinor(referrer)).toBe(21_000);
  });

  it('links an IPv6 /64 and an IPv4-mapped address to its IPv4 /24', async () => {
    const { friends } = await family('ref6', 2);
    const {
      ids: [referrer],
    } = await insertBareMembers(ctx.db, 1, 'ref6r');
    await ctx.db.updateTable('referrals').set({ referrer_id: referrer! }).where('friend_id', 'in', friends).execute();
    await seen(referrer!, '2001:db8:aa:bb::1');
    await seen(referrer!, '192.0.2.10');
    await seen(friends[0]!, '2001:db8:aa:bb:ffff::2');
    await seen(friends[1]!, '::ffff:192.0.2.99');
    await runReferralRewards(ctx.db, new Date());
    expect(await Promise.all(friends.map(stateOf))).toEqual([
      { state: 'refused', reason: 'ip_range' },
      { state: 'refused', reason: 'ip_range' },
    ]);
  });
});

// Last: its qualified friends stay pending, which the job runs above would pay.
describe('the friends list', () => {
  it('reads the friends and their progress in one query, however many there are', async () => {
    const few = await family('refq1', 1);
    const many = await family('refq2', 12);
    for (const f of many.friends.slice(0, 6)) await qualify(f);
    let queries = 0;
    const counted = ctx.db.withPlugin({
      transformQuery: (a) => {
        queries += 1;
        return a.node;
      },
      transformResult: async (a) => a.result,
    });
    const queriesFor = async (referrer: number) => {
      queries = 0;
      const summary = await referralSummary(counted, merchant, referrer, 'en', new Date());
      return { queries, friends: summary.friends.length };
    };
    const one = await queriesFor(few.referrer);
    expect(one.friends).toBe(1);
    expect(await queriesFor(many.referrer)).toEqual({ queries: one.queries, friends: 12 });
    const page = await referralSummary(ctx.db, merchant, many.referrer, 'en', new Date());
    expect(page.friends.filter((f) => f.state === 'qualified')).toHaveLength(6);
    expect(page.friends.filter((f) => f.state === 'pending').every((f) => f.missing.join() === 'mobile,deposit,turnover')).toBe(true);
  });
});
