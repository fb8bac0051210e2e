import { sql } from 'kysely';
import { DEFAULT_BONUS_TERMS, REWARD_CODE_MESSAGES, type TRewardCodeRedeemResult, type TRewardCodeRow, type ZRewardCodeCreateRequest } from '@wl/schemas';
import type { z } from 'zod';
import { recordOperatorAudit } from '../audit/operator-audit.ts';
import { recordMemberAudit } from '../audit/member-audit.ts';
import { awardBonus, excludedFromMarketing } from '../bonus/award.ts';
import type { Selectable } from 'kysely';
import type { RewardCodesTable } from '../db/schema.ts';
import type { TMerchant, TSessionOperator } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { WpsError } from '../http/envelope.ts';
import { mayMarket } from '../kernel/closure.ts';
import { lockMembers } from '../kernel/member-lock.ts';
import { inTransaction } from '../wallet/ledger.service.ts';
import { payFromBonusExpense } from '../wallet/member-wallets.ts';
import { assertNotStopped } from '../kernel/emergency-stop.ts';

/*
 * Bonus and cash codes (docs/0118). A finance operator creates a code; a member redeems it once.
 * One transaction per redemption, in the lock order of every money path (docs/0080): the member
 * locked, the marketing rule (a closed account is paid nothing, docs/rules/protection.md#p-25), the
 * code's `used` raised by an update guarded by `used < cap` and the expiry, the award (a bonus through
 * the bonus wallet with the code's terms, or cash from the bonus expense under `code:<id>` scoped to
 * the member), then the use row, unique per code and member. Any refusal rolls all of it back.
 */

const SHOWN = 200;
const refused = (key: (typeof REWARD_CODE_MESSAGES)[keyof typeof REWARD_CODE_MESSAGES]) => new WpsError(409, key);

const iso = (d: Date | string) => new Date(d).toISOString();
const rowOf = (r: Selectable<RewardCodesTable>): TRewardCodeRow => ({
  id: Number(r.id),
  code: r.code,
  kind: r.kind,
  amountMinor: Number(r.amount_minor),
  turnoverMultiple: r.turnover_multiple,
  validDays: r.valid_days,
  cap: r.cap,
  used: r.used,
  expiresAt: iso(r.expires_at),
  createdAt: iso(r.created_at),
});

/** Redeems a code for the member: exactly one award, or a translated refusal and nothing changed. */
export async function redeemCode(deps: TPlatformDeps, merchant: TMerchant, memberId: number, code: string, ip: string): Promise<TRewardCodeRedeemResult> {
  const now = deps.clock();
  return inTransaction(deps.db, async (trx) => {
    await lockMembers(trx, [memberId], merchant.id);
    await assertNotStopped(trx, merchant.id, 'money'); // docs/rules/operator.md#o-12
    const c = await trx.selectFrom('reward_codes').selectAll().where('merchant_id', '=', merchant.id).where('code', '=', code).executeTakeFirst();
    if (!c) throw refused(REWARD_CODE_MESSAGES.unknown);
    const mine = await trx.selectFrom('reward_code_uses').select('id').where('code_id', '=', c.id).where('member_id', '=', memberId).executeTakeFirst();
    if (mine) throw refused(REWARD_CODE_MESSAGES.alreadyUsed);
    if (new Date(c.expires_at).getTime() <= now.getTime()) throw refused(REWARD_CODE_MESSAGES.expired);
    if (!(await mayMarket(trx, memberId, now))) throw excludedFromMarketing();
    const taken = await sql<{ id: number }>`
      update reward_codes set used = used + 1
      where id = ${c.id} and used < cap and expires_at > ${now}
      returning id`.execute(trx);
    if (taken.rows.length === 0) throw refused(REWARD_CODE_MESSAGES.usedUp);
    const amountMinor = Number(c.amount_minor);
    let awardId: number | null = null;
    let transactionId: number | null = null;
    let held = false;
    if (c.kind === 'bonus') {
      const awarded = await awardBonus(trx, merchant, {
        memberId,
        promotionId: null,
        source: 'code',
        sourceKey: `code:${c.id}`,
        amountMinor,
        terms: { ...DEFAULT_BONUS_TERMS, turnoverMultiple: c.turnover_multiple!, validDays: c.valid_days! },
        now,
        ip,
      });
      awardId = awarded.awardId;
      held = awarded.held === true;
    } else {
      const [paid] = await payFromBonusExpense(trx, merchant, [
        { memberId, amountMinor, key: `code:${c.id}`, kind: 'reward_code', meta: { codeId: Number(c.id) } },
      ]);
      transactionId = paid!.transactionId;
    }
    await trx.insertInto('reward_code_uses').values({ code_id: c.id, member_id: memberId, award_id: awardId, transaction_id: transactionId }).execute();
    await recordMemberAudit(trx, { merchantId: merchant.id, memberId, action: 'reward_code_redeemed', detail: `${c.id} ${c.kind} ${amountMinor}`, ip });
    return { kind: c.kind, amountMinor, awardId, held };
  });
}

/** The merchant's codes, newest first. */
export async function listCodes(deps: TPlatformDeps, merchant: TMerchant): Promise<{ rows: TRewardCodeRow[] }> {
  const rows = await deps.db.selectFrom('reward_codes').selectAll().where('merchant_id', '=', merchant.id).orderBy('id', 'desc').limit(SHOWN).execute();
  return { rows: rows.map(rowOf) };
}

/** Creates a code (finance: it pays money); audited; a code text the merchant has already is refused. */
export async function createCode(
  deps: TPlatformDeps,
  merchant: TMerchant,
  actor: TSessionOperator,
  ip: string,
  input: z.infer<typeof ZRewardCodeCreateRequest>,
): Promise<TRewardCodeRow> {
  if (new Date(input.expiresAt).getTime() <= deps.clock().getTime()) throw new WpsError(400, REWARD_CODE_MESSAGES.expired);
  return inTransaction(deps.db, async (trx) => {
    const inserted = await trx
      .insertInto('reward_codes')
      .values({
        merchant_id: merchant.id,
        code: input.code,
        kind: input.kind,
        amount_minor: input.amountMinor,
        turnover_multiple: input.kind === 'bonus' ? input.turnoverMultiple : null,
        valid_days: input.kind === 'bonus' ? input.validDays : null,
        cap: input.cap,
        expires_at: new Date(input.expiresAt),
        created_by: actor.operatorId,
      })
      .onConflict((oc) => oc.columns(['merchant_id', 'code']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!inserted) throw refused(REWARD_CODE_MESSAGES.exists);
    const row = rowOf(inserted);
    await recordOperatorAudit(trx, { merchantId: merchant.id, actor, ip, action: 'reward_code.create', before: null, after: row, configVersion: null });
    return row;
  });
}
