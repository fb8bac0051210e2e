import type { Kysely } from 'kysely';
import { BONUS_WAGER_MESSAGES, WPS_CODES, type TBonusCancelResult, type TBonusList, type TBonusListQuery } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import { WpsError } from '../http/envelope.ts';
import { lockMembers } from '../kernel/member-lock.ts';
import { inTransaction } from '../wallet/ledger.service.ts';
import type { TMerchantRef } from './award.ts';
import { endBonus } from './ends.ts';

/* The member's bonus area (docs/0095): the awards with their progress, and the cancel of the active one. */

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The member's awards, newest first, paged, and the bonus wallet's balance now. */
export async function listBonuses(db: Kysely<DB>, merchant: TMerchantRef, memberId: number, q: TBonusListQuery): Promise<TBonusList> {
  const [rows, count, balance] = await Promise.all([
    db
      .selectFrom('bonus_awards')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('merchant_id', '=', merchant.id)
      .orderBy('id', 'desc')
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize)
      .execute(),
    db
      .selectFrom('bonus_awards')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('ledger_accounts')
      .select('balance_minor')
      .where('member_id', '=', memberId)
      .where('merchant_id', '=', merchant.id)
      .where('kind', '=', 'member_bonus')
      .executeTakeFirst(),
  ]);
  return {
    rows: rows.map((r) => ({
      id: Number(r.id),
      source: r.source,
      state: r.state,
      amountMinor: Number(r.amount_minor),
      turnoverDoneMinor: Number(r.turnover_done_minor),
      turnoverRequiredMinor: Number(r.turnover_required_minor),
      weights: r.weights,
      maxStakeMinor: r.max_stake_minor === null ? null : Number(r.max_stake_minor),
      claimBy: iso(r.claim_by)!,
      expiresAt: iso(r.expires_at),
      createdAt: iso(r.created_at)!,
      endedAt: iso(r.ended_at),
    })),
    total: Number(count.n),
    balanceMinor: Number(balance?.balance_minor ?? 0),
  };
}

/**
 * Cancels the member's active bonus: its balance goes back to the merchant's bonus expense, once.
 * Another member's award answers not found; a bonus this member already cancelled answers as it is
 * (a resend); any other state is refused. The key is kept in the audit trail with the cancel.
 */
export async function cancelBonus(
  db: Kysely<DB>,
  merchant: TMerchantRef,
  memberId: number,
  awardId: number,
  key: string,
  now: Date,
  ip: string,
): Promise<TBonusCancelResult> {
  return inTransaction(db, async (trx) => {
    await lockMembers(trx, [memberId], merchant.id);
    const award = await trx
      .selectFrom('bonus_awards')
      .select(['state'])
      .where('id', '=', awardId)
      .where('member_id', '=', memberId)
      .where('merchant_id', '=', merchant.id)
      .executeTakeFirst();
    if (!award) throw new WpsError(WPS_CODES.notFound, 'error_not_found');
    if (award.state === 'cancelled') return { awardId, state: 'cancelled' as const, forfeitedMinor: 0 };
    if (award.state !== 'active') throw new WpsError(409, BONUS_WAGER_MESSAGES.notActive);
    const ended = await endBonus(trx, merchant, memberId, awardId, 'cancelled', now, ip, key);
    return { awardId, state: 'cancelled' as const, forfeitedMinor: ended?.movedMinor ?? 0 };
  });
}
