import type { Kysely, Transaction } from 'kysely';
import { EMERGENCY_MESSAGES, type TEmergencyPart, type TEmergencyState } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import { conflict } from '../http/errors.ts';

type TDb = Kysely<DB> | Transaction<DB>;

const REFUSAL: Record<TEmergencyPart, string> = { gaming: EMERGENCY_MESSAGES.gamingStopped, money: EMERGENCY_MESSAGES.moneyStopped };

/**
 * The refusal's message key when the owner stopped `part` of the merchant (docs/rules/operator.md#o-12),
 * else null. One indexed probe; called in the transaction of the action itself (the bet's debit, the
 * deposit's credit, the withdrawal's hold, the transfer, the conversion), so a stop committed before
 * the action holds for it. Rounds in flight are not stopped: only bets and launches ask for 'gaming'.
 */
export async function emergencyRefusal(db: TDb, merchantId: number, part: TEmergencyPart): Promise<string | null> {
  const row = await db.selectFrom('emergency_stops').select('part').where('merchant_id', '=', merchantId).where('part', '=', part).executeTakeFirst();
  return row ? REFUSAL[part] : null;
}

/** The emergency refusal as an error (409): what every path but the seamless bet throws. */
export async function assertNotStopped(db: TDb, merchantId: number, part: TEmergencyPart): Promise<void> {
  const key = await emergencyRefusal(db, merchantId, part);
  if (key !== null) throw conflict(key);
}

/** What is stopped, why, by whom and since when (docs/0122). */
export async function emergencyState(db: TDb, merchantId: number): Promise<TEmergencyState> {
  const rows = await db
    .selectFrom('emergency_stops')
    .select(['part', 'reason', 'operator_username', 'set_at'])
    .where('merchant_id', '=', merchantId)
    .orderBy('part')
    .execute();
  return { stops: rows.map((r) => ({ part: r.part, reason: r.reason, by: r.operator_username, at: new Date(r.set_at).toISOString() })) };
}

/** The parts stopped, for the site's pages (permission info, docs/0122). */
export async function stoppedParts(db: TDb, merchantId: number): Promise<TEmergencyPart[]> {
  return (await emergencyState(db, merchantId)).stops.map((s) => s.part);
}
