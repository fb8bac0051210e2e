import {
  APPLY_IMAGE_MAX_BYTES,
  OPERATOR_PROMOTION_BANNER_CALLS,
  OPERATOR_PROMOTION_CALLS,
  PROMOTION_APPLY_CALLS,
  PROMOTION_IMAGE_UPLOAD_CALLS,
} from '@wl/schemas';
import { routesOf } from '../http/routes-of.ts';
import { requestLanguage } from '../http/request-context.ts';
import { setVipSettings, vipSettings } from '../rewards/vip-settings.service.ts';
import { applyState, applyToPromotion, removeApplyImage, uploadApplyImage } from './apply.service.ts';
import { applicationImage, approveApplication, operatorApplications, rejectApplication } from './applications.service.ts';
import { approvePromotion, consolePromotions, savePromotion, setPromotionBanner, setPromotionStatus } from './console.service.ts';

/** An image travels as base64 in JSON: 4/3 of 5 MB plus the envelope; anything bigger is refused before parsing (413). */
const IMAGE_BODY_LIMIT_BYTES = Math.ceil(APPLY_IMAGE_MAX_BYTES / 3) * 4 + 1024;

/** Manual-apply promotions for the session's own member (docs/0098); trial accounts are refused (REAL_MEMBER). */
export const promotionApplyRoutes = routesOf(PROMOTION_APPLY_CALLS, {
  submit: (c) => applyToPromotion(c.deps, c.merchant, c.actor, c.input, c.ip),
  state: (c) => applyState(c.deps.db, c.merchant.id, c.actor.memberId, c.input.promotionId, c.deps.clock()),
  removeImage: (c) => removeApplyImage(c.deps, c.actor, c.input.imageId),
});

/** One image of an application, relayed by the gateway's upload door; the body limit is raised for this call alone. */
export const promotionImageUploadRoutes = routesOf(PROMOTION_IMAGE_UPLOAD_CALLS, {
  uploadImage: { handle: (c) => uploadApplyImage(c.deps, c.merchant, c.actor, c.input), bodyLimit: IMAGE_BODY_LIMIT_BYTES },
});

/** The console's applications (money), promotions (content) and VIP settings (money). */
export const operatorPromotionRoutes = routesOf(OPERATOR_PROMOTION_CALLS, {
  applications: (c) => operatorApplications(c.deps.db, c.merchant.id, c.input),
  applicationImage: (c) => applicationImage(c.deps.db, c.merchant.id, c.input.imageId),
  approveApplication: (c) => approveApplication(c.deps, c.merchant, c.actor, c.ip, c.input),
  rejectApplication: (c) => rejectApplication(c.deps, c.merchant, c.actor, c.ip, c.input),
  promotions: (c) => consolePromotions(c.deps, c.merchant.id, requestLanguage(c.request)),
  savePromotion: (c) => savePromotion(c.deps, c.merchant, c.actor, c.ip, c.input, requestLanguage(c.request)),
  setPromotionStatus: (c) => setPromotionStatus(c.deps, c.merchant, c.actor, c.ip, c.input, requestLanguage(c.request)),
  approvePromotion: (c) => approvePromotion(c.deps, c.merchant, c.actor, c.ip, c.input, requestLanguage(c.request)),
  vipSettings: (c) => vipSettings(c.deps.db, c.merchant.id),
  setVipSettings: (c) => setVipSettings(c.deps, c.merchant, c.actor, c.ip, c.input),
});

/** A promotion's banner image, base64 in JSON: the body limit raised for this call alone. */
export const operatorPromotionBannerRoutes = routesOf(OPERATOR_PROMOTION_BANNER_CALLS, {
  setPromotionBanner: {
    handle: (c) => setPromotionBanner(c.deps, c.merchant, c.actor, c.ip, c.input, requestLanguage(c.request)),
    bodyLimit: IMAGE_BODY_LIMIT_BYTES,
  },
});
