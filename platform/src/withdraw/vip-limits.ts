import type { Kysely, Transaction } from 'kysely';
import { WITHDRAW_MESSAGES } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import { CONFLICT, fieldFailure } from '../http/errors.ts';

type TDb = Kysely<DB> | Transaction<DB>;

/** Start of the UTC day of `now`: the daily count and amount restart at 00:00 UTC (docs/0029). */
export function dayStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** The member's withdrawals today that still count (every one but the rejected): how many, and their sum. */
export async function usedToday(db: TDb, memberId: number, now: Date): Promise<{ count: number; amountMinor: number }> {
  const r = await db
    .selectFrom('withdrawals')
    .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.coalesce(eb.fn.sum<string>('amount_minor'), eb.lit(0)).as('sum')])
    .where('member_id', '=', memberId)
    .where('created_at', '>=', dayStart(now))
    .where('status', '<>', 'rejected')
    .executeTakeFirstOrThrow();
  return { count: Number(r.n), amountMinor: Number(r.sum) };
}

/** The withdrawals a day of the member's VIP level (docs/0100): 0 in a level row means that level sets no limit of its own; null without a level row. */
export async function levelWithdrawLimits(db: TDb, merchantId: number, memberId: number): Promise<{ count: number | null; amountMinor: number | null }> {
  const row = await db
    .selectFrom('members as m')
    .innerJoin('vip_levels as l', (j) => j.onRef('l.level', '=', 'm.vip_rank').on('l.merchant_id', '=', merchantId))
    .select(['l.withdraw_count', 'l.withdraw_limit_minor'])
    .where('m.id', '=', memberId)
    .executeTakeFirst();
  const positive = (n: number | undefined) => (n !== undefined && Number(n) > 0 ? Number(n) : null);
  return { count: positive(row?.withdraw_count), amountMinor: positive(row?.withdraw_limit_minor) };
}

/** The lower of the merchant's daily count and the level's (docs/0100): what the withdraw page shows. */
export const dailyCountOf = (merchantCount: number, level: { count: number | null }) =>
  level.count === null ? merchantCount : Math.min(merchantCount, level.count);

/** Hours and minutes until the next 00:00 UTC, when the day's count and amount start again. */
function untilReset(now: Date): { hours: number; minutes: number } {
  const left = Math.ceil((dayStart(now).getTime() + 86_400_000 - now.getTime()) / 60_000);
  return { hours: Math.floor(left / 60), minutes: left % 60 };
}

/**
 * The day's limits of a request, in its transaction with the member locked first (so parallel
 * requests count each other): the merchant's daily count and the level's, the lower winning, and
 * the level's daily amount including this request. Each refusal names its limit and when it resets.
 */
export async function checkDailyLimits(
  trx: Transaction<DB>,
  merchantId: number,
  merchantCount: number,
  memberId: number,
  amountMinor: number,
  now: Date,
): Promise<void> {
  const [used, level] = await Promise.all([usedToday(trx, memberId, now), levelWithdrawLimits(trx, merchantId, memberId)]);
  if (level.count !== null && level.count < merchantCount && used.count >= level.count)
    throw fieldFailure('amountMinor', WITHDRAW_MESSAGES.vipDailyCountReached, { max: level.count, ...untilReset(now) }, CONFLICT);
  if (used.count >= merchantCount) throw fieldFailure('amountMinor', WITHDRAW_MESSAGES.dailyCountReached, { max: merchantCount }, CONFLICT);
  if (level.amountMinor !== null && used.amountMinor + amountMinor > level.amountMinor)
    throw fieldFailure(
      'amountMinor',
      WITHDRAW_MESSAGES.vipDailyAmountReached,
      { limitMinor: level.amountMinor, leftMinor: Math.max(0, level.amountMinor - used.amountMinor), ...untilReset(now) },
      CONFLICT,
    );
}
