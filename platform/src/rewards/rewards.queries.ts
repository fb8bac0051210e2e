import { sql, type Kysely, type Transaction } from 'kysely';
import { GAME_TYPES, type TGameType } from '@wl/schemas';
import type { DB } from '../db/schema.ts';

type TDb = Kysely<DB> | Transaction<DB>;

/** A bet's valid amount (docs/0091): the lesser of the stake and what it won or lost, |payout − stake|. */
export const VALID_BET = sql<number>`least(r.stake_minor, abs(r.payout_minor - r.stake_minor))`;

/** The merchant's rewards settings; without a row, a 30-day period and rebates claimed by hand. */
export async function rewardsSettings(db: TDb, merchantId: number): Promise<{ periodDays: number; payout: 'manual' | 'automatic' }> {
  const row = await db.selectFrom('rewards_settings').selectAll().where('merchant_id', '=', merchantId).executeTakeFirst();
  return { periodDays: row?.vip_period_days ?? 30, payout: row?.rebate_payout ?? 'manual' };
}

/** The merchant's VIP levels, lowest first. */
export function vipLevels(db: TDb, merchantId: number) {
  return db.selectFrom('vip_levels').selectAll().where('merchant_id', '=', merchantId).orderBy('level').execute();
}
export type TVipLevelRow = Awaited<ReturnType<typeof vipLevels>>[number];

/** The merchant's rebate rates (level × game type). */
export function rebateRates(db: TDb, merchantId: number) {
  return db.selectFrom('rebate_rates').select(['level', 'game_type', 'rate_bp']).where('merchant_id', '=', merchantId).orderBy('game_type').execute();
}

/** A member's approved deposits and valid turnover since `since` (the VIP thresholds' figures), up to `until` when given (a referral's window, docs/0097). */
export async function vipFigures(db: TDb, memberId: number, since: Date, until?: Date): Promise<{ depositMinor: number; turnoverMinor: number }> {
  const [deposit, turnover] = await Promise.all([
    db
      .selectFrom('deposits')
      .select(sql<string>`coalesce(sum(amount_minor), 0)`.as('sum'))
      .where('member_id', '=', memberId)
      .where('status', '=', 'approved')
      .where('decided_at', '>=', since)
      .$if(until !== undefined, (q) => q.where('decided_at', '<=', until!))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('game_rounds as r')
      .select(sql<string>`coalesce(sum(${VALID_BET}), 0)`.as('sum'))
      .where('r.member_id', '=', memberId)
      .where('r.state', '=', 'settled')
      .where('r.mode', '=', 'real')
      .where('r.settled_at', '>=', since)
      .$if(until !== undefined, (q) => q.where('r.settled_at', '<=', until!))
      .executeTakeFirstOrThrow(),
  ]);
  return { depositMinor: Number(deposit.sum), turnoverMinor: Number(turnover.sum) };
}

/** The member's settled real bets not yet rebated, one row each with its game type and valid amount. */
export async function unrebatedRounds(db: TDb, memberId: number): Promise<{ id: number; gameType: string; validMinor: number }[]> {
  const rows = await db
    .selectFrom('game_rounds as r')
    .innerJoin('games as g', 'g.id', 'r.game_id')
    .leftJoin('rebated_rounds as rr', 'rr.round_id', 'r.id')
    .select(['r.id', 'g.game_type', VALID_BET.as('valid')])
    .where('r.member_id', '=', memberId)
    .where('r.state', '=', 'settled')
    .where('r.mode', '=', 'real')
    .where('rr.round_id', 'is', null)
    .orderBy('r.id')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), gameType: r.game_type, validMinor: Number(r.valid) }));
}

/** A member's current VIP level. */
export async function memberLevel(db: TDb, memberId: number): Promise<number> {
  const row = await db.selectFrom('members').select('vip_rank').where('id', '=', memberId).executeTakeFirstOrThrow();
  return row.vip_rank;
}

/** What the rewards services need of a merchant: its id, and its currency for ledger accounts. */
export type TMerchantRef = { id: number; currency: string };

/** A game type the schemas know (the rows keep them as text). */
export const isGameType = (t: string): t is TGameType => (GAME_TYPES as readonly string[]).includes(t);
