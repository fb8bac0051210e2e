import type { Kysely, Transaction } from 'kysely';
import { EMERGENCY_MESSAGES, type TEmergencyPart, type TEmergencyState, type ZEmergencyRequest } from '@wl/schemas';
import type { z } from 'zod';
import type { DB } from '../db/schema.ts';
import type { TMerchant, TSessionOperator } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { conflict } from '../http/errors.ts';
import { auditedConfigChange } from '../audit/operator-audit.ts';
import { inTransaction } from '../wallet/ledger.service.ts';

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

/**
 * Stops or lifts one part (docs/rules/operator.md#o-12, #o-13), the merchant's row locked so parallel
 * switches queue. The same state again is refused (`emergency_unchanged`) and writes nothing. A change
 * bumps the config version, so open pages show the part's maintenance live (docs/0021), and is
 * audited with before and after, reasons included.
 */
export async function setEmergency(
  deps: TPlatformDeps,
  merchant: TMerchant,
  op: Pick<TSessionOperator, 'operatorId' | 'username'>,
  ip: string,
  req: z.output<typeof ZEmergencyRequest>,
): Promise<TEmergencyState> {
  return inTransaction(deps.db, async (trx) => {
    await trx.selectFrom('merchants').select('id').where('id', '=', merchant.id).forUpdate().executeTakeFirstOrThrow();
    const was = await trx
      .selectFrom('emergency_stops')
      .select(['reason', 'operator_username', 'set_at'])
      .where('merchant_id', '=', merchant.id)
      .where('part', '=', req.part)
      .executeTakeFirst();
    if ((was !== undefined) === req.stopped) throw conflict(EMERGENCY_MESSAGES.unchanged);
    if (req.stopped) {
      await trx
        .insertInto('emergency_stops')
        .values({
          merchant_id: merchant.id,
          part: req.part,
          reason: req.reason,
          operator_id: op.operatorId,
          operator_username: op.username,
          set_at: deps.clock(),
        })
        .execute();
    } else {
      await trx.deleteFrom('emergency_stops').where('merchant_id', '=', merchant.id).where('part', '=', req.part).execute();
    }
    await auditedConfigChange(trx, {
      merchantId: merchant.id,
      actor: op,
      ip,
      action: 'emergency.set',
      before: { part: req.part, stopped: was !== undefined, ...(was ? { reason: was.reason, by: was.operator_username } : {}) },
      after: { part: req.part, stopped: req.stopped, reason: req.reason },
    });
    return emergencyState(trx, merchant.id);
  });
}
