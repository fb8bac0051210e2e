import type { Kysely } from 'kysely';
import { APPLY_MAX_IMAGES, APPLY_MESSAGES, type TApplyImage, type TApplyRequest, type TApplyStateResponse } from '@wl/schemas';
import { recordMemberAudit } from '../audit/member-audit.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { DB } from '../db/schema.ts';
import type { TMerchant, TSessionMember } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { conflict, CONFLICT, fieldFailure } from '../http/errors.ts';
import { lockMembers } from '../kernel/member-lock.ts';
import { checkedImage, imageAnswer, imageColumns, newImageId } from '../kernel/uploaded-image.ts';
import { inTransaction } from '../wallet/ledger.service.ts';
import { applicablePromotion, draftImages, manualApplyStates } from './apply.queries.ts';

/*
 * A member's application to a manual-apply promotion (docs/0098). Images go up one by one to a
 * draft, each checked by its bytes (a PNG or JPEG header that decodes to a size); the application
 * then names its drafts. Every write locks the member first, so the draft count and the one pending
 * application hold whatever races (the partial unique index is the backstop).
 */

/** The member's state of one promotion of the merchant, with whether it takes an application now and the drafts not yet sent. */
export async function applyState(db: Kysely<DB>, merchantId: number, memberId: number, promotionId: number, now: Date): Promise<TApplyStateResponse> {
  const [promotion, states, drafts] = await Promise.all([
    applicablePromotion(db, merchantId, promotionId, now),
    manualApplyStates(db, memberId, [promotionId]),
    draftImages(db, memberId, promotionId),
  ]);
  const s = states.get(promotionId) ?? { state: 'none' as const, applicationId: null, reason: null, amountMinor: null };
  return {
    applicable: promotion !== null && s.state !== 'applying' && s.state !== 'issued',
    maxAmountMinor: promotion?.terms.maxAmountMinor ?? null,
    ...s,
    draftImages: drafts.map((d) => ({ imageId: d.id, contentType: d.content_type, sizeBytes: d.size_bytes })),
  };
}

/** Refuses when the promotion takes no application from this member now: not manual_apply, not running, already pending or issued. */
async function assertCanApply(trx: Parameters<typeof applicablePromotion>[0], merchantId: number, memberId: number, promotionId: number, now: Date) {
  const promotion = await applicablePromotion(trx, merchantId, promotionId, now);
  if (!promotion) throw conflict(APPLY_MESSAGES.notApplicable);
  const latest = (await manualApplyStates(trx, memberId, [promotionId])).get(promotionId);
  if (latest?.state === 'applying') throw conflict(APPLY_MESSAGES.alreadyPending);
  if (latest?.state === 'issued') throw conflict(APPLY_MESSAGES.notApplicable);
  return promotion;
}

/** One image to the member's draft of a promotion: ≤ 5 MB, a png or jpg by its header, at most 3 drafts. */
export async function uploadApplyImage(
  deps: TPlatformDeps,
  merchant: TMerchant,
  member: TSessionMember,
  req: { promotionId: number; base64: string },
): Promise<TApplyImage> {
  const image = checkedImage(req.base64);
  const now = deps.clock();
  return inTransaction(deps.db, async (trx) => {
    await lockMembers(trx, [member.memberId], merchant.id);
    await assertCanApply(trx, merchant.id, member.memberId, req.promotionId, now);
    if ((await draftImages(trx, member.memberId, req.promotionId)).length >= APPLY_MAX_IMAGES) {
      throw fieldFailure('file', APPLY_MESSAGES.tooManyImages, { max: APPLY_MAX_IMAGES }, CONFLICT);
    }
    const id = newImageId();
    await trx
      .insertInto('promotion_application_images')
      .values({
        id,
        merchant_id: merchant.id,
        member_id: member.memberId,
        promotion_id: req.promotionId,
        ...imageColumns(image),
        created_at: now,
      })
      .execute();
    return imageAnswer(id, image);
  });
}

/** Takes one of the member's own draft images back; another member's or a sent one is not touched. */
export async function removeApplyImage(deps: TPlatformDeps, member: TSessionMember, imageId: string): Promise<{ removed: boolean }> {
  const r = await deps.db
    .deleteFrom('promotion_application_images')
    .where('id', '=', imageId)
    .where('member_id', '=', member.memberId)
    .where('application_id', 'is', null)
    .executeTakeFirst();
  return { removed: Number(r.numDeletedRows) === 1 };
}

/** Applies with the comment and the named drafts (all the member's, of this promotion); one pending application per promotion. */
export async function applyToPromotion(
  deps: TPlatformDeps,
  merchant: TMerchant,
  member: TSessionMember,
  req: TApplyRequest,
  ip: string,
): Promise<TApplyStateResponse> {
  const now = deps.clock();
  const imageIds = [...new Set(req.imageIds)];
  try {
    await inTransaction(deps.db, async (trx) => {
      await lockMembers(trx, [member.memberId], merchant.id);
      await assertCanApply(trx, merchant.id, member.memberId, req.promotionId, now);
      const drafts = new Set((await draftImages(trx, member.memberId, req.promotionId)).map((d) => d.id));
      if (imageIds.length !== req.imageIds.length || !imageIds.every((id) => drafts.has(id))) throw fieldFailure('imageIds', APPLY_MESSAGES.imageUnknown);
      const application = await trx
        .insertInto('promotion_applications')
        .values({
          merchant_id: merchant.id,
          member_id: member.memberId,
          promotion_id: req.promotionId,
          comment: req.comment,
          state: 'pending',
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (imageIds.length > 0) {
        await trx.updateTable('promotion_application_images').set({ application_id: application.id }).where('id', 'in', imageIds).execute();
      }
      await recordMemberAudit(trx, {
        merchantId: merchant.id,
        memberId: member.memberId,
        action: 'promotion_applied',
        detail: `${application.id} ${req.promotionId}`,
        ip,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(APPLY_MESSAGES.alreadyPending);
    throw error;
  }
  return applyState(deps.db, merchant.id, member.memberId, req.promotionId, now);
}
