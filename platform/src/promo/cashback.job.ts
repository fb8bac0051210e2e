import type { Kysely } from 'kysely';
import type { TPromotionTermsOf } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import { lockMembers } from '../kernel/member-lock.ts';
import { netLosses } from '../rewards/settled-rounds.ts';
import { inTransaction } from '../wallet/ledger.service.ts';
import { payCashbackRows } from './cashback-pay.ts';

/** Queue of the daily cashback run (docs/0096). */
export const PROMO_CASHBACK_QUEUE = 'promo.cashback';

/** Every day at 00:20 UTC, after the rewards run; pg-boss sends it once per slot however many platform processes share the database. */
export const PROMO_CASHBACK_CRON = '20 0 * * *';

const DAY_MS = 86_400_000;
/** Members paid in one transaction: their locks in id order, their rows in one insert, one transfer each. */
const CHUNK = 200;

/** The last period of `periodDays` counted from the promotion's start that has closed by `now`; null before the first closes. */
export function lastClosedPeriod(startsAt: Date, periodDays: number, now: Date): { start: Date; end: Date } | null {
  const length = periodDays * DAY_MS;
  const closed = Math.floor((now.getTime() - startsAt.getTime()) / length);
  if (closed < 1) return null;
  const start = new Date(startsAt.getTime() + (closed - 1) * length);
  return { start, end: new Date(start.getTime() + length) };
}

/** How far back a run looks for closed periods not yet paid: a day the job did not run is paid by the next run within this. */
export const CASHBACK_LOOKBACK_DAYS = 30;

/**
 * Every period of `periodDays` counted from the promotion's start that has closed by `now` and
 * closed within the last `lookbackDays`, oldest first; empty before the first closes.
 */
export function closedPeriods(startsAt: Date, periodDays: number, now: Date, lookbackDays: number): { start: Date; end: Date }[] {
  const length = periodDays * DAY_MS;
  const closed = Math.floor((now.getTime() - startsAt.getTime()) / length);
  const since = now.getTime() - lookbackDays * DAY_MS;
  const periods: { start: Date; end: Date }[] = [];
  for (let i = closed; i >= 1; i--) {
    const end = startsAt.getTime() + i * length;
    if (end <= since) break;
    periods.unshift({ start: new Date(end - length), end: new Date(end) });
  }
  return periods;
}

/** Percent of the net loss, down to the minor unit, at most the maximum; 0 below the minimum. */
export function cashbackMinor(t: TPromotionTermsOf<'cashback'>, netLossMinor: number): number {
  const amount = Math.min(Math.floor((netLossMinor * t.percent) / 100), t.maxPayoutMinor);
  return amount > 0 && amount >= t.minPayoutMinor ? amount : 0;
}

type TCashbackPromotion = { id: number; merchantId: number; currency: string; startsAt: Date; endsAt: Date | null; terms: TPromotionTermsOf<'cashback'> };

/** Every closed period of one promotion within the lookback, oldest first, each paid as below. */
async function runPromotion(db: Kysely<DB>, p: TCashbackPromotion, now: Date, run: TRunOptions): Promise<{ paid: number; pending: number }> {
  const total = { paid: 0, pending: 0 };
  for (const period of closedPeriods(p.startsAt, p.terms.periodDays, now, CASHBACK_LOOKBACK_DAYS)) {
    if (p.endsAt && period.start >= p.endsAt) break;
    const one = await runPeriod(db, p, period, now, run);
    total.paid += one.paid;
    total.pending += one.pending;
  }
  return total;
}

/**
/**
 * One promotion's closed period: each member's net loss (stakes − payouts of the wallet's settled
 * rounds in the period, docs/0099) not yet paid for it, in chunks; a row per member inserted in the
 * transaction that pays it (unique per promotion, member and period), so a run again, or after a
 * crash, pays nothing twice. Above `autoUpToMinor` the row waits for a finance operator.
 */
async function runPeriod(
  db: Kysely<DB>,
  p: TCashbackPromotion,
  period: { start: Date; end: Date },
  now: Date,
  run: TRunOptions,
): Promise<{ paid: number; pending: number }> {
  const due = (await netLosses(db, p, period))
    .map((r) => ({ memberId: r.memberId, net: r.netMinor, amount: cashbackMinor(p.terms, r.netMinor) }))
    .filter((r) => r.amount > 0);
  const merchant = { id: p.merchantId, currency: p.currency };
  let paid = 0;
  let pending = 0;
  const size = run.chunk ?? CHUNK;
  for (let i = 0; i < due.length; i += size) {
    const chunk = due.slice(i, i + size);
    const counts = await inTransaction(db, async (trx) => {
      await lockMembers(
        trx,
        chunk.map((d) => d.memberId),
        p.merchantId,
      );
      const inserted = await trx
        .insertInto('cashback_payouts')
        .values(
          chunk.map((d) => ({
            merchant_id: p.merchantId,
            promotion_id: p.id,
            member_id: d.memberId,
            period_start: period.start,
            period_end: period.end,
            net_loss_minor: d.net,
            amount_minor: d.amount,
            state: 'pending' as const,
          })),
        )
        .onConflict((oc) => oc.columns(['promotion_id', 'member_id', 'period_start']).doNothing())
        .returning(['id', 'member_id', 'amount_minor'])
        .execute();
      const auto = inserted
        .map((r) => ({ id: r.id, memberId: r.member_id, amountMinor: Number(r.amount_minor) }))
        .filter((r) => r.amountMinor <= p.terms.autoUpToMinor);
      // Past the budget they wait for a finance operator too: paying them then is their decision.
      const paidAll = await payCashbackRows(trx, merchant, p.id, auto, now, null);
      const paidHere = paidAll ? auto.length : 0;
      return { paid: paidHere, pending: inserted.length - paidHere };
    });
    paid += counts.paid;
    pending += counts.pending;
    run.onCommitted?.(chunk.map((d) => d.memberId));
  }
  return { paid, pending };
}

/** A run's seams for the crash test: members a transaction, and what to do after each commits. */
type TRunOptions = { chunk?: number; onCommitted?: (memberIds: number[]) => void };

/** One daily run over every running cashback promotion of every merchant. */
export async function runCashback(db: Kysely<DB>, now: Date, run: TRunOptions = {}): Promise<{ paid: number; pending: number }> {
  const rows = await db
    .selectFrom('promotions as p')
    .innerJoin('merchants as m', 'm.id', 'p.merchant_id')
    .select(['p.id', 'p.merchant_id', 'm.currency', 'p.starts_at', 'p.ends_at', 'p.terms'])
    .where('p.kind', '=', 'cashback')
    .where('p.status', '=', 'active')
    .where('p.starts_at', '<=', now)
    .orderBy('p.id')
    .execute();
  const total = { paid: 0, pending: 0 };
  for (const r of rows) {
    const terms = r.terms as TPromotionTermsOf<'cashback'>;
    const one = await runPromotion(
      db,
      { id: r.id, merchantId: r.merchant_id, currency: r.currency, startsAt: new Date(r.starts_at), endsAt: r.ends_at ? new Date(r.ends_at) : null, terms },
      now,
      run,
    );
    total.paid += one.paid;
    total.pending += one.pending;
  }
  return total;
}

/** Registers the daily run on a runner; `clock` is the platform's clock. */
export async function definePromoCashback(runner: JobRunner, deps: { clock: () => Date }): Promise<void> {
  await runner.define(
    PROMO_CASHBACK_QUEUE,
    async (job) => {
      await runCashback(job.db, deps.clock());
    },
    { retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 3600, policy: 'short' },
  );
}
