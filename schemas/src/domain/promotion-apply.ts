/*
 * Manual-apply promotions' bounds, states and refusal keys (docs/0098). No zod here: the web's apply
 * form imports this alone (`@wl/schemas/domain/promotion-apply`); the calls file re-exports it.
 */

/** At most this many images an application, each at most this many bytes (png or jpg by content). */
export const APPLY_MAX_IMAGES = 3;
export const APPLY_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const APPLY_COMMENT_MAX = 140;

/** Message keys of manual-apply refusals; the web translates them (EN and BN). */
export const APPLY_MESSAGES = {
  commentTooLong: 'promotion_apply_comment_too_long',
  imageTooLarge: 'promotion_apply_image_too_large',
  imageWrongType: 'promotion_apply_image_wrong_type',
  tooManyImages: 'promotion_apply_too_many_images',
  imageUnknown: 'promotion_apply_image_unknown',
  notApplicable: 'promotion_apply_not_applicable',
  alreadyPending: 'promotion_apply_already_pending',
  notPending: 'promotion_application_not_pending',
  amountAboveMax: 'promotion_application_amount_above_max',
} as const;

/** The member's state of a manual-apply promotion: none yet, applying (pending), rejected (with the reason), issued. */
export const APPLY_STATES = ['none', 'applying', 'rejected', 'issued'] as const;
export type TApplyState = (typeof APPLY_STATES)[number];

/** The tabs of the promotions page (docs/0084), in their order; the wps content calls re-export them. */
export const PROMOTION_CATEGORY_CODES = ['NEW_MEMBER', 'DEPOSIT', 'REBATE', 'VIP', 'REFERRAL', 'EVENT'] as const;
