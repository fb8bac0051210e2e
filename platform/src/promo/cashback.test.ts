import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROMO_PATHS, type TPromotionTermsOf } from '@wl/schemas';
import { usePlatform } from '../test-support/db.ts';
import { tokenCall } from '../test-support/http.ts';
import { roleTokens } from '../test-support/operators.ts';
import { insertSettledRounds } from '../test-support/rewards.ts';
import { walletBalance } from '../wallet/wallet.queries.ts';
import { signedInMember } from '../test-support/promo.ts';
import { cashbackMinor, closedPeriods, lastClosedPeriod, runCashback } from './cashback.job.ts';

/**
 * Cashback (docs/0096): percent of each member's net loss over the promotion's last closed period,
 * between its minimum and maximum, paid as cash once per member and period whatever reruns; above
 * the automatic limit a finance operator pays or refuses it, once, audited.
 */

const ctx = usePlatform();
const call = tokenCall(ctx);
const DAY_MS = 86_400_000;
let terms: TPromotionTermsOf<'cashback'>;
let period: { start: Date; end: Date };
let now: Date;
let tokens: Awaited<ReturnType<typeof roleTokens>>;

const walletMinor = async (memberId: number) => Number(await walletBalance(ctx.db, memberId));
const payouts = (memberId: number) => ctx.db.selectFrom('cashback_payouts').selectAll().where('member_id', '=', memberId).execute();

beforeAll(async () => {
  const p = await ctx.db.selectFrom('promotions').select(['terms', 'starts_at']).where('kind', '=', 'cashback').executeTakeFirstOrThrow();
  terms = p.terms as TPromotionTermsOf<'cashback'>;
  now = new Date();
  period = lastClosedPeriod(new Date(p.starts_at), terms.periodDays, now)!;
  tokens = await roleTokens(ctx.app);
});

describe('the amount', () => {
  it('is the percent of the net loss, at most the maximum, nothing below the minimum', () => {
    expect(terms).toMatchObject({ percent: 5, minPayoutMinor: 5_000, maxPayoutMinor: 2_000_000, autoUpToMinor: 500_000 });
    expect(cashbackMinor(terms, 99_999)).toBe(0);
    expect(cashbackMinor(terms, 100_000)).toBe(5_000);
    expect(cashbackMinor(terms, 100_019)).toBe(5_000);
    expect(cashbackMinor(terms, 1_000_000_000)).toBe(2_000_000);
    expect(lastClosedPeriod(new Date('2026-11-02T00:00:00Z'), 7, new Date('2026-11-08T23:59:59Z'))).toBeNull();
    expect(lastClosedPeriod(new Date('2026-11-02T00:00:00Z'), 7, new Date('2026-11-23T00:20:00Z'))).toEqual({
      start: new Date('2026-11-16T00:00:00Z'),
      end: new Date('2026-11-23T00:00:00Z'),
    });
  });

  it('finds every closed period of the lookback, oldest first, the open one never', () => {
    const start = new Date('2026-11-02T00:00:00Z');
    expect(closedPeriods(start, 7, new Date('2026-11-08T23:59:59Z'), 30)).toEqual([]);
    expect(closedPeriods(start, 7, new Date('2026-11-23T00:20:00Z'), 30)).toEqual([
      { start: new Date('2026-11-02T00:00:00Z'), end: new Date('2026-11-09T00:00:00Z') },
      { start: new Date('2026-11-09T00:00:00Z'), end: new Date('2026-11-16T00:00:00Z') },
      { start: new Date('2026-11-16T00:00:00Z'), end: new Date('2026-11-23T00:00:00Z') },
    ]);
    // Bounded: a period that closed more than the lookback ago is left, whatever the job missed.
    const late = closedPeriods(start, 1, new Date('2027-11-02T12:00:00Z'), 30);
    expect(late).toHaveLength(30);
    expect(late.at(-1)).toEqual({ start: new Date('2027-11-01T00:00:00Z'), end: new Date('2027-11-02T00:00:00Z') });
    expect(late[0]!.end.getTime()).toBeGreaterThan(new Date('2027-11-02T12:00:00Z').getTime() - 30 * DAY_MS);
    // The last of them is the last closed period.
    expect(closedPeriods(start, 7, new Date('2026-11-23T00:20:00Z'), 30).at(-1)).toEqual(lastClosedPeriod(start, 7, new Date('2026-11-23T00:20:00Z')));
  });
});

describe('the daily job', () => {
  it('pays each member once per period as cash, counts only the closed period, and holds large ones for finance', async () => {
    const loser = await signedInMember(ctx, 'cb_loser');
    const winner = await signedInMember(ctx, 'cb_winner');
    const whale = await signedInMember(ctx, 'cb_whale');
    const inPeriod = new Date(period.start.getTime() + DAY_MS);
    // Net loss ৳2,000 (stakes 3,000, payouts 1,000) in the period; a later loss (current period) does not count.
    await insertSettledRounds(
      ctx.db,
      loser.id,
      'RNG',
      [
        { stake: 200_000, payout: 0 },
        { stake: 100_000, payout: 100_000 },
      ],
      inPeriod,
    );
    await insertSettledRounds(ctx.db, loser.id, 'RNG', [{ stake: 900_000, payout: 0 }], new Date(period.end.getTime() + 1000));
    await insertSettledRounds(ctx.db, winner.id, 'RNG', [{ stake: 100_000, payout: 500_000 }], inPeriod);
    await insertSettledRounds(ctx.db, whale.id, 'LIVE', [{ stake: 50_000_000, payout: 0 }], inPeriod);
    const before = { loser: await walletMinor(loser.id), whale: await walletMinor(whale.id) };

    const runs = await Promise.all([runCashback(ctx.db, now), runCashback(ctx.db, now)]);
    await runCashback(ctx.db, now);
    expect(runs.reduce((n, r) => n + r.paid, 0)).toBe(1);
    expect(await walletMinor(loser.id)).toBe(before.loser + 10_000);
    expect(await payouts(winner.id)).toEqual([]);
    const [held] = await payouts(whale.id);
    expect(held).toMatchObject({ state: 'pending', ledger_transaction_id: null });
    expect(Number(held!.amount_minor)).toBe(2_000_000);
    expect(await walletMinor(whale.id)).toBe(before.whale);
    const [paid, ...more] = await payouts(loser.id);
    expect(more).toEqual([]);
    expect(paid).toMatchObject({ state: 'paid', period_start: period.start });
    const tx = await ctx.db.selectFrom('ledger_transactions').selectAll().where('id', '=', paid!.ledger_transaction_id!).executeTakeFirstOrThrow();
    expect(tx).toMatchObject({ kind: 'cashback', idempotency_key: `cashback:${paid!.id}`, owner_kind: 'member', owner_id: loser.id });

    // The finance operator's review: support may not pay; finance pays once, audited; a second decision is refused.
    const list = (await call('GET', PROMO_PATHS.cashbacks, tokens.finance)).json();
    expect(list.value.list).toEqual([
      expect.objectContaining({ id: held!.id, memberId: whale.id, username: 'cb_whale', amountMinor: 2_000_000, state: 'pending' }),
    ]);
    const decide = (token: string, decision: 'pay' | 'reject') => call('POST', PROMO_PATHS.decideCashback, token, { payoutId: held!.id, decision });
    expect((await decide(tokens.support, 'pay')).statusCode).toBe(403);
    const results = await Promise.all(Array.from({ length: 50 }, () => decide(tokens.finance, 'pay')));
    expect(results.filter((r) => r.json().success)).toHaveLength(1);
    for (const r of results.filter((x) => !x.json().success)) expect(r.json().message).toBe('promo_cashback_not_pending');
    expect(await walletMinor(whale.id)).toBe(before.whale + 2_000_000);
    const audit = await ctx.db.selectFrom('config_audit').select(['action', 'operator_username']).where('action', 'like', 'promo.cashback.%').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.action).toBe('promo.cashback.pay');
    expect((await decide(tokens.finance, 'reject')).json()).toMatchObject({ success: false, message: 'promo_cashback_not_pending' });
    for (const payoutId of [0, 'x', '\u0000', 2 ** 40])
      expect((await call('POST', PROMO_PATHS.decideCashback, tokens.finance, { payoutId, decision: 'pay' })).statusCode).toBe(400);
    expect((await call('POST', PROMO_PATHS.decideCashback, tokens.finance, { payoutId: held!.id, decision: 'maybe' })).statusCode).toBe(400);
    expect((await call('GET', PROMO_PATHS.cashbacks, null)).statusCode).toBe(401);
    const n = await sql<{ n: string }>`select count(*) as n from ledger_transactions where kind = 'cashback'`.execute(ctx.db);
    expect(Number(n.rows[0]!.n)).toBe(2);
  });
});

describe('a period the job did not run for', () => {
  it('is paid by the next run within the lookback, once, beside the last period', async () => {
    const member = await signedInMember(ctx, 'cb_missed');
    const earlier = new Date(period.start.getTime() - 7 * DAY_MS + DAY_MS);
    // ৳1,000 lost a period before the last (the job did not run then), ৳2,000 in the last one.
    await insertSettledRounds(ctx.db, member.id, 'RNG', [{ stake: 100_000, payout: 0 }], earlier);
    await insertSettledRounds(ctx.db, member.id, 'RNG', [{ stake: 200_000, payout: 0 }], new Date(period.start.getTime() + DAY_MS));
    const before = await walletMinor(member.id);
    await Promise.all([runCashback(ctx.db, now), runCashback(ctx.db, now)]);
    await runCashback(ctx.db, now);
    const rows = await payouts(member.id);
    expect(rows.map((r) => [r.period_start.getTime(), Number(r.amount_minor), r.state]).sort()).toEqual(
      [
        [period.start.getTime() - 7 * DAY_MS, 5_000, 'paid'],
        [period.start.getTime(), 10_000, 'paid'],
      ].sort(),
    );
    expect(await walletMinor(member.id)).toBe(before + 15_000);
  });
});
