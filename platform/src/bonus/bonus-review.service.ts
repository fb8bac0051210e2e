import { BONUS_REVIEW_MESSAGES, WPS_MESSAGES, type TBonusReview } from '@wl/schemas';
import { recordOperatorAudit } from '../audit/operator-audit.ts';
import type { TMerchant, TSessionOperator } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { WpsError } from '../http/envelope.ts';
import { lockMembers } from '../kernel/member-lock.ts';
import { inTransaction } from '../wallet/ledger.service.ts';
import { activateBonus } from './award.ts';

/*
 * Held bonuses (docs/0097): an activation of linked accounts waits here for a finance operator.
 * Approving activates it (with every other rule of activation, one bonus of a kind per person
 * included); rejecting lapses the offer. Either is audited, and decided once.
 */

const SHOWN = 200;

/** The reviews waiting, oldest first, with the members they are linked to. */
export async function pendingReviews(deps: TPlatformDeps, merchant: TMerchant): Promise<{ rows: TBonusReview[] }> {
  const rows = await deps.db
    .selectFrom('bonus_reviews as v')
    .innerJoin('bonus_awards as b', 'b.id', 'v.award_id')
    .innerJoin('members as m', 'm.id', 'v.member_id')
    .select(['v.id', 'v.award_id', 'v.reason', 'v.linked_member_ids', 'v.created_at', 'b.source', 'b.amount_minor', 'm.username'])
    .where('v.merchant_id', '=', merchant.id)
    .where('v.state', '=', 'pending')
    .orderBy('v.id')
    .limit(SHOWN)
    .execute();
  const linkedIds = [...new Set(rows.flatMap((r) => r.linked_member_ids.map(Number)))];
  const names = new Map<number, string>();
  if (linkedIds.length > 0) {
    for (const m of await deps.db.selectFrom('members').select(['id', 'username']).where('id', 'in', linkedIds).execute()) names.set(m.id, m.username);
  }
  return {
    rows: rows.map((r) => ({
      reviewId: Number(r.id),
      awardId: Number(r.award_id),
      username: r.username,
      source: r.source,
      amountMinor: Number(r.amount_minor),
      reason: r.reason,
      linkedUsernames: r.linked_member_ids.slice(0, 100).map((id) => names.get(Number(id)) ?? String(id)),
      createdAt: new Date(r.created_at).toISOString(),
    })),
  };
}

/** Approves (pays) or rejects (lapses) a held bonus, once; another merchant's review is not found. */
export async function decideReview(
  deps: TPlatformDeps,
  merchant: TMerchant,
  actor: TSessionOperator,
  ip: string,
  input: { reviewId: number; approve: boolean },
): Promise<{ reviewId: number; state: 'approved' | 'rejected' }> {
  return inTransaction(deps.db, async (trx) => {
    const head = await trx
      .selectFrom('bonus_reviews')
      .select(['member_id'])
      .where('id', '=', input.reviewId)
      .where('merchant_id', '=', merchant.id)
      .executeTakeFirst();
    if (!head) throw new WpsError(404, WPS_MESSAGES.notFound);
    await lockMembers(trx, [head.member_id], merchant.id);
    const review = await trx.selectFrom('bonus_reviews').selectAll().where('id', '=', input.reviewId).forNoKeyUpdate().executeTakeFirstOrThrow();
    if (review.state !== 'pending') throw new WpsError(409, BONUS_REVIEW_MESSAGES.decided);
    const now = deps.clock();
    const state = input.approve ? ('approved' as const) : ('rejected' as const);
    if (input.approve) {
      await activateBonus(trx, merchant, review.member_id, Number(review.award_id), now, ip, { reviewed: true });
    } else {
      await trx.updateTable('bonus_awards').set({ state: 'lapsed', held: false }).where('id', '=', review.award_id).where('state', '=', 'offered').execute();
    }
    await trx.updateTable('bonus_reviews').set({ state, decided_at: now, operator_id: actor.operatorId }).where('id', '=', review.id).execute();
    await recordOperatorAudit(trx, {
      merchantId: merchant.id,
      actor,
      ip,
      action: input.approve ? 'bonus.review.approve' : 'bonus.review.reject',
      before: { reviewId: review.id, awardId: review.award_id, memberId: review.member_id, state: 'pending' },
      after: { reviewId: review.id, awardId: review.award_id, memberId: review.member_id, state },
      configVersion: null,
    });
    return { reviewId: Number(review.id), state };
  });
}
