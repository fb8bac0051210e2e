import { z } from 'zod';
import { ZGameType } from '../domain/game.ts';
import { PROOF_CONTENT_TYPES } from '../domain/proof.ts';
import { BONUS_STATES, PROMOTION_KINDS, PROMOTION_STATUSES, ZPromotionTerms } from '../domain/promotion-terms/index.ts';
import { zText } from '../text.ts';
import { declareCall, operatorWith } from './call.ts';
import { PROMOTION_CATEGORIES } from './catalogue-call-set.ts';
import { APPLY_COMMENT_MAX, APPLY_IMAGE_MAX_BYTES, ZApplyImage, ZApplyImageId } from './promotion-apply-calls.ts';
import { ZBigId, ZCount, ZInstant, ZOperatorPageInfo, ZQueryId, ZRowId } from './shapes.ts';

/*
 * The console's promotions (docs/0098): applications to review (money: money.read to see, money.write
 * to approve or reject), promotions to create, schedule, pause and end (content: config.read to see,
 * whitelabel.write to change), and the VIP levels and rebate rates (money.read / money.write).
 */

export const OPERATOR_PROMOTION_PATHS = {
  applications: '/wps/operator/promotions/applications',
  applicationImage: '/wps/operator/promotions/applications/image',
  approveApplication: '/wps/operator/promotions/applications/approve',
  rejectApplication: '/wps/operator/promotions/applications/reject',
  promotions: '/wps/operator/promotions',
  setPromotionStatus: '/wps/operator/promotions/status',
  /** POST { id }: finance approves a paying promotion's money (terms, budget, recipients, dates) as they are now (docs/0100). */
  approvePromotion: '/wps/operator/promotions/approve',
  banner: '/wps/operator/promotions/banner',
  vip: '/wps/operator/rewards/vip',
} as const;

/** Message keys of the console's promotion and VIP refusals; the web translates them (EN and BN). */
export const OPERATOR_PROMOTION_MESSAGES = {
  statusTransition: 'promotion_status_transition',
  kindFixed: 'promotion_kind_fixed',
  endsBeforeStart: 'promotion_ends_before_start',
  bannerWrongType: 'promotion_banner_wrong_type',
  vipLevelZero: 'vip_level_zero_required',
  vipLevelsOrder: 'vip_levels_order',
  vipLevelInUse: 'vip_level_in_use',
  rateTooHigh: 'rebate_rate_too_high',
  /** A paying promotion goes live, or stays live, only with a budget (docs/0100). */
  budgetRequired: 'promotion_budget_required',
  /** Going live, or raising the money of a live paying promotion, needs the finance permission or its approval (docs/0100). */
  needsFinance: 'promotion_needs_finance',
  /** The money changed between finance reading it and approving it: read it again (docs/0100). */
  moneyChanged: 'promotion_money_changed',
} as const;

const ZMinor = z.number().int().nonnegative().refine(Number.isSafeInteger);
const ZPositiveMinor = z.number().int().positive().refine(Number.isSafeInteger);

// Applications --------------------------------------------------------------------------------

export const ZApplicationsQuery = z.object({
  view: z.enum(['pending', 'decided']).default('pending'),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type TApplicationsQuery = z.infer<typeof ZApplicationsQuery>;
export const ZOperatorApplication = z.object({
  id: ZBigId,
  memberId: ZRowId,
  username: z.string().max(200),
  promotionId: ZRowId,
  promotionTitle: z.string().max(200),
  maxAmountMinor: ZPositiveMinor,
  comment: z.string().max(APPLY_COMMENT_MAX),
  state: z.enum(['pending', 'approved', 'rejected']),
  createdAt: ZInstant,
  decidedAt: ZInstant.nullable(),
  decidedBy: z.string().max(200).nullable(),
  amountMinor: ZPositiveMinor.nullable(),
  reason: z.string().max(200).nullable(),
  images: z.array(ZApplyImage).max(3),
});
export type TOperatorApplication = z.infer<typeof ZOperatorApplication>;
export const ZApplicationsResponse = z.object({ applications: z.array(ZOperatorApplication).max(100), ...ZOperatorPageInfo });
export type TApplicationsResponse = z.infer<typeof ZApplicationsResponse>;
export const ZApplicationImageQuery = z.object({ imageId: ZApplyImageId });
export const ZApplicationImage = z.object({ contentType: z.enum(PROOF_CONTENT_TYPES), base64: z.string().max(Math.ceil(APPLY_IMAGE_MAX_BYTES / 3) * 4 + 4) });
export const ZApproveApplicationRequest = z.object({ applicationId: ZBigId, amountMinor: ZPositiveMinor });
export const ZRejectApplicationRequest = z.object({ applicationId: ZBigId, reason: zText({ max: 200, min: 1, multiline: true }) });

// Promotions ----------------------------------------------------------------------------------

export const ZOperatorPromotionInput = z
  .object({
    /** Null: a new promotion (a draft). */
    id: ZRowId.nullable(),
    titleEn: zText({ max: 120, min: 1 }),
    titleBn: zText({ max: 120, min: 1 }),
    rulesEn: zText({ max: 5000, multiline: true }),
    rulesBn: zText({ max: 5000, multiline: true }),
    category: z.enum(PROMOTION_CATEGORIES),
    terms: ZPromotionTerms,
    startsAt: ZInstant,
    endsAt: ZInstant.nullable(),
    budgetMinor: ZPositiveMinor.nullable(),
    maxRecipients: z.number().int().positive().max(10_000_000).nullable(),
    sort: z.number().int().min(0).max(100_000).default(0),
  })
  .refine((p) => p.endsAt === null || Date.parse(p.endsAt) > Date.parse(p.startsAt), {
    message: OPERATOR_PROMOTION_MESSAGES.endsBeforeStart,
    path: ['endsAt'],
  });
export type TOperatorPromotionInput = z.infer<typeof ZOperatorPromotionInput>;

export const ZPromotionFigures = z.object({
  spentMinor: ZMinor,
  recipients: ZCount,
  /** Awards of the promotion by state. */
  awards: z.partialRecord(z.enum(BONUS_STATES), ZCount),
  turnoverDoneMinor: ZMinor,
  turnoverRequiredMinor: ZMinor,
  /** done / required in basis points (10000 = all met); null when nothing is required. */
  turnoverCompletionBp: z.number().int().min(0).max(10_000).nullable(),
  pendingApplications: ZCount,
});
export type TPromotionFigures = z.infer<typeof ZPromotionFigures>;
export const ZOperatorPromotion = z.object({
  id: ZRowId,
  titleEn: z.string().max(120),
  titleBn: z.string().max(120),
  rulesEn: z.string().max(5000),
  rulesBn: z.string().max(5000),
  category: z.enum(PROMOTION_CATEGORIES),
  kind: z.enum(PROMOTION_KINDS),
  terms: ZPromotionTerms,
  status: z.enum(PROMOTION_STATUSES),
  startsAt: ZInstant,
  endsAt: ZInstant.nullable(),
  budgetMinor: ZPositiveMinor.nullable(),
  maxRecipients: z.number().int().positive().nullable(),
  sort: z.number().int(),
  bannerUrl: z.string().max(500),
  hasOwnBanner: z.boolean(),
  figures: ZPromotionFigures,
  /** A paying kind (docs/0100): it needs a budget and finance's approval of its money to go live. */
  paying: z.boolean(),
  /** Finance approved the money as it is now (cleared by a change of it); always true for a kind that does not pay. */
  moneyApproved: z.boolean(),
  /** A digest of the money as it is now (terms, budget, recipients, dates): finance's approval names the one it read. */
  moneyVersion: z.string().max(64),
});
export type TOperatorPromotion = z.infer<typeof ZOperatorPromotion>;
export const ZOperatorPromotionsResponse = z.object({ promotions: z.array(ZOperatorPromotion).max(500) });
export const ZOperatorPromotionQuery = z.object({ id: ZQueryId });
export const ZSetPromotionStatusRequest = z.object({ id: ZRowId, status: z.enum(PROMOTION_STATUSES) });
/** Finance approves the money it read: `moneyVersion` from the promotion it was shown (docs/0100). */
export const ZApprovePromotionRequest = z.object({
  id: ZRowId,
  moneyVersion: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[0-9a-f]+$/),
});
export const ZPromotionBannerRequest = z.object({
  id: ZRowId,
  base64: z.string().max(Math.ceil(APPLY_IMAGE_MAX_BYTES / 3) * 4 + 4, { message: 'promotion_apply_image_too_large', abort: true }),
});

// VIP levels and rebate rates -------------------------------------------------------------------

/** A rebate rate in basis points of the valid bet: at most 10 %. */
export const ZOperatorRateBp = z.number().int().min(0).max(1000, OPERATOR_PROMOTION_MESSAGES.rateTooHigh);
export const ZOperatorVipLevel = z.object({
  level: z.number().int().min(0).max(50),
  nameEn: zText({ max: 40, min: 1 }),
  nameBn: zText({ max: 40, min: 1 }),
  minDepositMinor: ZMinor,
  minTurnoverMinor: ZMinor,
  upgradeBonusMinor: ZMinor,
  withdrawLimitMinor: ZMinor,
  withdrawCount: z.number().int().min(0).max(1000),
  rates: z.array(z.object({ gameType: ZGameType, rateBp: ZOperatorRateBp })).max(20),
});
export type TOperatorVipLevel = z.infer<typeof ZOperatorVipLevel>;
export const ZOperatorVipSettings = z.object({
  periodDays: z.number().int().min(1).max(366),
  rebatePayout: z.enum(['manual', 'automatic']),
  levels: z.array(ZOperatorVipLevel).min(1).max(51),
});
export type TOperatorVipSettings = z.infer<typeof ZOperatorVipSettings>;

const SERVE = { moduleId: 'OPERATOR', region: 'serve' } as const;

export const OPERATOR_PROMOTION_CALLS = {
  applications: declareCall({
    ...SERVE,
    method: 'GET',
    path: OPERATOR_PROMOTION_PATHS.applications,
    input: ZApplicationsQuery,
    output: ZApplicationsResponse,
    audience: operatorWith('money.read'),
  }),
  /** An application's image as base64: served to operators only. */
  applicationImage: declareCall({
    ...SERVE,
    method: 'GET',
    path: OPERATOR_PROMOTION_PATHS.applicationImage,
    input: ZApplicationImageQuery,
    output: ZApplicationImage,
    audience: operatorWith('money.read'),
  }),
  /** Pays the bonus once (key `application:<id>`), in the approval's transaction; audited. */
  approveApplication: declareCall({
    ...SERVE,
    method: 'POST',
    path: OPERATOR_PROMOTION_PATHS.approveApplication,
    input: ZApproveApplicationRequest,
    output: ZOperatorApplication,
    audience: operatorWith('money.write'),
  }),
  rejectApplication: declareCall({
    ...SERVE,
    method: 'POST',
    path: OPERATOR_PROMOTION_PATHS.rejectApplication,
    input: ZRejectApplicationRequest,
    output: ZOperatorApplication,
    audience: operatorWith('money.write'),
  }),
  promotions: declareCall({
    ...SERVE,
    method: 'GET',
    path: OPERATOR_PROMOTION_PATHS.promotions,
    output: ZOperatorPromotionsResponse,
    audience: operatorWith('config.read'),
  }),
  /** Creates (id null, a draft) or edits a promotion; audited before/after, config version bumped. */
  savePromotion: declareCall({
    ...SERVE,
    method: 'PUT',
    path: OPERATOR_PROMOTION_PATHS.promotions,
    input: ZOperatorPromotionInput,
    output: ZOperatorPromotion,
    audience: operatorWith('whitelabel.write'),
  }),
  /** draft → active ⇄ paused → ended; ended is final. */
  setPromotionStatus: declareCall({
    ...SERVE,
    method: 'POST',
    path: OPERATOR_PROMOTION_PATHS.setPromotionStatus,
    input: ZSetPromotionStatusRequest,
    output: ZOperatorPromotion,
    audience: operatorWith('whitelabel.write'),
  }),
  /** Finance's approval of a paying promotion's money as it is now; audited (docs/0100). */
  approvePromotion: declareCall({
    ...SERVE,
    method: 'POST',
    path: OPERATOR_PROMOTION_PATHS.approvePromotion,
    input: ZApprovePromotionRequest,
    output: ZOperatorPromotion,
    audience: operatorWith('money.write'),
  }),
  vipSettings: declareCall({ ...SERVE, method: 'GET', path: OPERATOR_PROMOTION_PATHS.vip, output: ZOperatorVipSettings, audience: operatorWith('money.read') }),
  setVipSettings: declareCall({
    ...SERVE,
    method: 'PUT',
    path: OPERATOR_PROMOTION_PATHS.vip,
    input: ZOperatorVipSettings,
    output: ZOperatorVipSettings,
    audience: operatorWith('money.write'),
  }),
} as const;

/** A promotion's banner (png or jpg by content, ≤ 5 MB as base64): the platform raises its body limit for it alone. */
export const OPERATOR_PROMOTION_BANNER_CALLS = {
  setPromotionBanner: declareCall({
    ...SERVE,
    method: 'PUT',
    path: OPERATOR_PROMOTION_PATHS.banner,
    input: ZPromotionBannerRequest,
    output: ZOperatorPromotion,
    audience: operatorWith('whitelabel.write'),
  }),
} as const;
