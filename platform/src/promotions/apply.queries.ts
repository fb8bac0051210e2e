import type { Kysely, Transaction } from 'kysely';
import { ZPromotionTerms, type TApplyState } from '@wl/schemas';
import type { DB } from '../db/schema.ts';

/** A manual_apply promotion of the merchant that takes applications at `now` (active, started, not ended), with its terms. */
export async function applicablePromotion(db: Kysely<DB> | Transaction<DB>, merchantId: number, promotionId: number, now: Date) {
  const row = await db
    .selectFrom('promotions')
    .select(['id', 'terms', 'title_en'])
    .where('merchant_id', '=', merchantId)
    .where('id', '=', promotionId)
    .where('kind', '=', 'manual_apply')
    .where('status', '=', 'active')
    .where('starts_at', '<=', now)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .executeTakeFirst();
  if (!row) return null;
  const terms = ZPromotionTerms.parse(row.terms);
  return terms.kind === 'manual_apply' ? { id: row.id, terms } : null;
}

/** The member's draft images of a promotion (uploaded, not yet sent with an application). */
export function draftImages(db: Kysely<DB> | Transaction<DB>, memberId: number, promotionId: number) {
  return db
    .selectFrom('promotion_application_images')
    .select(['id', 'content_type', 'size_bytes'])
    .where('member_id', '=', memberId)
    .where('promotion_id', '=', promotionId)
    .where('application_id', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

const STATE_OF = { pending: 'applying', rejected: 'rejected', approved: 'issued' } as const satisfies Record<string, TApplyState>;

export type TMemberApplyState = { state: TApplyState; applicationId: number | null; reason: string | null; amountMinor: number | null };

/**
 * Each promotion's manual-apply state for one member (docs/0098), from the member's latest
 * application to it: applying (pending), rejected (with the operator's reason), issued (approved and
 * paid); a promotion the member never applied to is absent. Helper B's promotions list reads this.
 */
export async function manualApplyStates(
  db: Kysely<DB> | Transaction<DB>,
  memberId: number,
  promotionIds: readonly number[],
): Promise<Map<number, TMemberApplyState>> {
  const out = new Map<number, TMemberApplyState>();
  if (promotionIds.length === 0) return out;
  const rows = await db
    .selectFrom('promotion_applications')
    .select(['id', 'promotion_id', 'state', 'reason', 'amount_minor'])
    .where('member_id', '=', memberId)
    .where('promotion_id', 'in', [...new Set(promotionIds)])
    .orderBy('id', 'desc')
    .execute();
  for (const r of rows) {
    if (out.has(r.promotion_id)) continue;
    out.set(r.promotion_id, {
      state: STATE_OF[r.state],
      applicationId: Number(r.id),
      reason: r.reason,
      amountMinor: r.amount_minor === null ? null : Number(r.amount_minor),
    });
  }
  return out;
}
