import type { z } from 'zod';
import { EMERGENCY_MESSAGES, type TEmergencyState, type ZEmergencyRequest } from '@wl/schemas';
import { auditedConfigChange } from '../audit/operator-audit.ts';
import type { TMerchant, TSessionOperator } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { conflict } from '../http/errors.ts';
import { emergencyState } from '../kernel/emergency-stop.ts';
import { inTransaction } from '../wallet/ledger.service.ts';

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
    await trx.selectFrom('merchants').select('id').where('id', '=', merchant.id).forNoKeyUpdate().executeTakeFirstOrThrow();
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
