import type { Transaction } from 'kysely';
import { BONUS_WAGER_MESSAGES, type TBonusForfeitWarning } from '@wl/schemas';
import { WpsError } from '../http/envelope.ts';
import type { DB } from '../db/schema.ts';
import { recordMemberAudit } from '../audit/member-audit.ts';
import { accountFor, transfer } from '../wallet/ledger.service.ts';
import type { TMerchantRef } from './award.ts';

/*
 * A bonus's ends (docs/0095): converted (its whole balance becomes cash), or expired, cancelled or
 * forfeited (its balance goes back to the merchant's bonus expense). Each happens once: the state
 * moves from 'active' with a guarded update, and the money under a key derived from the award.
 */

export type TBonusEnd = 'converted' | 'expired' | 'cancelled' | 'forfeited';

/** The member's bonus wallet balance (the member locked by the caller). */
export async function bonusBalance(trx: Transaction<DB>, merchant: TMerchantRef, memberId: number): Promise<{ account: number; balanceMinor: number }> {
  const account = await accountFor(trx, merchant, 'member_bonus', { memberId });
  const row = await trx.selectFrom('ledger_accounts').select('balance_minor').where('id', '=', account).executeTakeFirstOrThrow();
  return { account, balanceMinor: Number(row.balance_minor) };
}

/**
 * Ends the member's active bonus `awardId`: the caller's transaction has locked the member
 * (docs/0080). Answers null when it was not active (already ended: nothing moves twice), else the
 * amount the end moved (to cash for a conversion, to the bonus expense otherwise).
 */
export async function endBonus(
  trx: Transaction<DB>,
  merchant: TMerchantRef,
  memberId: number,
  awardId: number,
  end: TBonusEnd,
  now: Date,
  ip: string,
  /** What asked for it, kept in the audit trail (a member's key, a withdrawal). */
  cause = '',
): Promise<{ movedMinor: number } | null> {
  const ended = await trx
    .updateTable('bonus_awards')
    .set({ state: end, ended_at: now })
    .where('id', '=', awardId)
    .where('member_id', '=', memberId)
    .where('state', '=', 'active')
    .returning('id')
    .executeTakeFirst();
  if (!ended) return null;
  const { account, balanceMinor } = await bonusBalance(trx, merchant, memberId);
  if (balanceMinor > 0) {
    const converted = end === 'converted';
    const moved = await transfer(trx, {
      from: account,
      to: await accountFor(trx, merchant, converted ? 'member_wallet' : 'bonus_expense', converted ? { memberId } : {}),
      amountMinor: balanceMinor,
      owner: { kind: 'member', id: memberId },
      idempotencyKey: `${converted ? 'bonus-convert' : 'bonus-end'}:${awardId}`,
      kind: converted ? 'bonus_convert' : `bonus_${end}`,
      meta: { awardId },
    });
    await trx.updateTable('bonus_awards').set({ end_transaction_id: moved.transactionId }).where('id', '=', awardId).execute();
  }
  await recordMemberAudit(trx, { merchantId: merchant.id, memberId, action: `bonus_${end}`, detail: `${awardId} ${balanceMinor} ${cause}`.trim(), ip });
  return { movedMinor: balanceMinor };
}

/** The member's active bonus, if any (the member locked by the caller). */
export async function activeBonusOf(trx: Transaction<DB>, memberId: number) {
  return trx
    .selectFrom('bonus_awards')
    .select(['id', 'max_stake_minor', 'weights', 'turnover_done_minor', 'turnover_required_minor', 'expires_at'])
    .where('member_id', '=', memberId)
    .where('state', '=', 'active')
    .executeTakeFirst();
}

/**
 * A withdrawal request while a bonus is active (docs/0095): refused with the bonus money that would
 * be lost (409 bonus_forfeit_warning) unless the member said to forfeit it; then it is forfeited in
 * the withdrawal's transaction (the member locked by it), so a refused withdrawal forfeits nothing.
 */
export async function forfeitForWithdrawal(
  trx: Transaction<DB>,
  merchant: TMerchantRef,
  memberId: number,
  forfeit: boolean,
  now: Date,
  cause: string,
): Promise<void> {
  const award = await activeBonusOf(trx, memberId);
  if (!award) return;
  if (!forfeit) {
    const { balanceMinor } = await bonusBalance(trx, merchant, memberId);
    throw new WpsError(409, BONUS_WAGER_MESSAGES.forfeitWarning, { awardId: Number(award.id), bonusMinor: balanceMinor } satisfies TBonusForfeitWarning);
  }
  await endBonus(trx, merchant, memberId, Number(award.id), 'forfeited', now, '', cause);
}
