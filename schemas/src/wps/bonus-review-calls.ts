import { z } from 'zod';
import { declareCall, operatorWith } from './call.ts';
import { ZBigId, ZInstant } from './shapes.ts';

/**
 * Held bonuses (docs/0097): an activation of linked accounts waits for a finance operator, who
 * approves it (the bonus is paid) or rejects it (the offer lapses). Audited.
 */
export const BONUS_REVIEW_PATHS = {
  /** GET: the reviews waiting. */
  reviews: '/wps/operator/bonus/reviews',
  /** POST { reviewId, approve }. */
  decide: '/wps/operator/bonus/reviews/decide',
} as const;

const ZMinor = z.number().int().nonnegative().refine(Number.isSafeInteger);

export const ZBonusReview = z.object({
  reviewId: ZBigId,
  awardId: ZBigId,
  username: z.string().max(200),
  source: z.string().max(40),
  amountMinor: ZMinor,
  /** The shared networks, e.g. 'ip_range 203.0.113.0/24'. */
  reason: z.string().max(500),
  linkedUsernames: z.array(z.string().max(200)).max(100),
  createdAt: ZInstant,
});
export type TBonusReview = z.infer<typeof ZBonusReview>;
export const ZBonusReviewsResponse = z.object({ rows: z.array(ZBonusReview).max(200) });
export const ZBonusReviewDecideRequest = z.object({ reviewId: ZBigId, approve: z.boolean() });
export const ZBonusReviewDecideResponse = z.object({ reviewId: ZBigId, state: z.enum(['approved', 'rejected']) });

/** Message keys of the reviews; the web translates them. */
export const BONUS_REVIEW_MESSAGES = { decided: 'bonus_review_decided' } as const;

const SERVE = { moduleId: 'OPERATOR', region: 'serve' } as const;
export const OPERATOR_BONUS_CALLS = {
  bonusReviews: declareCall({ ...SERVE, method: 'GET', path: BONUS_REVIEW_PATHS.reviews, output: ZBonusReviewsResponse, audience: operatorWith('money.read') }),
  decideBonusReview: declareCall({
    ...SERVE,
    method: 'POST',
    path: BONUS_REVIEW_PATHS.decide,
    input: ZBonusReviewDecideRequest,
    output: ZBonusReviewDecideResponse,
    audience: operatorWith('money.write'),
  }),
} as const;
