import { z } from 'zod';
import { PROOF_CONTENT_TYPES } from '../domain/proof.ts';
import { APPLY_COMMENT_MAX, APPLY_IMAGE_MAX_BYTES, APPLY_MAX_IMAGES, APPLY_MESSAGES, APPLY_STATES } from '../domain/promotion-apply.ts';
import { hasControlCharacters, INVALID_CHARACTERS } from '../text.ts';
import { declareCall, REAL_MEMBER } from './call.ts';
import { ZBigId, ZQueryId, ZRowId } from './shapes.ts';

/*
 * Manual-apply promotions for members (docs/0098): images go up one by one to a draft (the gateway's
 * upload door, raw bytes, as proofs do), then the application names them with its comment. An
 * operator approves it with an amount (a bonus, docs/0094) or rejects it with a reason.
 */

export const PROMOTION_APPLY_PATHS = {
  /** POST { promotionId, comment, imageIds }: apply (one pending per promotion). */
  apply: '/wps/member/promotions/apply',
  /** GET ?promotionId=: the member's state for one promotion (none, applying, rejected, issued). */
  state: '/wps/member/promotions/apply/state',
  /** POST { promotionId, base64 }: one image to the draft (the upload door sends it). */
  image: '/wps/member/promotions/apply/image',
  /** POST { imageId }: takes a draft image back before applying. */
  removeImage: '/wps/member/promotions/apply/image/remove',
} as const;

export { APPLY_COMMENT_MAX, APPLY_IMAGE_MAX_BYTES, APPLY_MAX_IMAGES, APPLY_MESSAGES, APPLY_STATES, type TApplyState } from '../domain/promotion-apply.ts';

/** An image id: 24 url-safe characters (18 random bytes). */
export const ZApplyImageId = z
  .string()
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'invalid');

/** The comment: bounded raw first, trimmed, then at most 140 characters and no control character but line breaks. */
export const ZApplyComment = z
  .string()
  .max(4 * APPLY_COMMENT_MAX, { message: APPLY_MESSAGES.commentTooLong, abort: true })
  .trim()
  .max(APPLY_COMMENT_MAX, APPLY_MESSAGES.commentTooLong)
  .refine((s) => !hasControlCharacters(s, true), INVALID_CHARACTERS);

export const ZApplyRequest = z.object({
  promotionId: ZRowId,
  comment: ZApplyComment,
  imageIds: z.array(ZApplyImageId).max(APPLY_MAX_IMAGES, APPLY_MESSAGES.tooManyImages),
});
export type TApplyRequest = z.infer<typeof ZApplyRequest>;
export const ZApplyStateQuery = z.object({ promotionId: ZQueryId });
export const ZApplyStateResponse = z.object({
  /** Whether the promotion takes an application from this member now (manual_apply, running, none pending or issued). */
  applicable: z.boolean(),
  /** The most an approval may pay (the promotion's terms); null when it is not a manual-apply promotion running now. */
  maxAmountMinor: z.number().int().positive().nullable(),
  state: z.enum(APPLY_STATES),
  applicationId: ZBigId.nullable(),
  /** The operator's reason of a rejection. */
  reason: z.string().max(200).nullable(),
  /** The amount issued. */
  amountMinor: z.number().int().positive().nullable(),
  /** Draft images uploaded and not yet sent. */
  draftImages: z
    .array(z.object({ imageId: ZApplyImageId, contentType: z.enum(PROOF_CONTENT_TYPES), sizeBytes: z.number().int().positive() }))
    .max(APPLY_MAX_IMAGES),
});
export type TApplyStateResponse = z.infer<typeof ZApplyStateResponse>;
const BASE64_MAX = Math.ceil(APPLY_IMAGE_MAX_BYTES / 3) * 4 + 4;
export const ZApplyImageUpload = z.object({
  promotionId: ZRowId,
  base64: z
    .string()
    .max(BASE64_MAX, { message: APPLY_MESSAGES.imageTooLarge, abort: true })
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'invalid'),
});
export const ZApplyImage = z.object({
  imageId: ZApplyImageId,
  contentType: z.enum(PROOF_CONTENT_TYPES),
  sizeBytes: z.number().int().positive(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type TApplyImage = z.infer<typeof ZApplyImage>;

export const PROMOTION_APPLY_CALLS = {
  /** Never retried (a POST); a second pending application of the same promotion is refused. */
  submit: declareCall({
    method: 'POST',
    path: PROMOTION_APPLY_PATHS.apply,
    moduleId: 'PROMOTION',
    input: ZApplyRequest,
    output: ZApplyStateResponse,
    audience: REAL_MEMBER,
  }),
  state: declareCall({
    method: 'GET',
    path: PROMOTION_APPLY_PATHS.state,
    moduleId: 'PROMOTION',
    input: ZApplyStateQuery,
    output: ZApplyStateResponse,
    audience: REAL_MEMBER,
  }),
  removeImage: declareCall({
    method: 'POST',
    path: PROMOTION_APPLY_PATHS.removeImage,
    moduleId: 'PROMOTION',
    input: z.object({ imageId: ZApplyImageId }),
    output: z.object({ removed: z.boolean() }),
    audience: REAL_MEMBER,
  }),
} as const;

/** The image upload: the gateway's upload door sends it (never a tRPC procedure: the door reads and limits the raw bytes). */
export const PROMOTION_IMAGE_UPLOAD_CALLS = {
  uploadImage: declareCall({
    method: 'POST',
    path: PROMOTION_APPLY_PATHS.image,
    moduleId: 'PROMOTION',
    input: ZApplyImageUpload,
    output: ZApplyImage,
    audience: REAL_MEMBER,
  }),
} as const;
