import type { Kysely, Transaction } from 'kysely';
import { GAME_TYPES, type TGameType } from '@wl/schemas';
import type { DB } from '../db/schema.ts';

type TDb = Kysely<DB> | Transaction<DB>;

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

// The figures read from settled rounds live with their one definition (docs/0099).
export { vipFigures } from './settled-rounds.ts';

/** A member's current VIP level. */
export async function memberLevel(db: TDb, memberId: number): Promise<number> {
  const row = await db.selectFrom('members').select('vip_rank').where('id', '=', memberId).executeTakeFirstOrThrow();
  return row.vip_rank;
}

/** What the rewards services need of a merchant: its id, and its currency for ledger accounts. */
export type TMerchantRef = { id: number; currency: string };

/** A game type the schemas know (the rows keep them as text). */
export const isGameType = (t: string): t is TGameType => (GAME_TYPES as readonly string[]).includes(t);
