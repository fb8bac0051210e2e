import { z } from 'zod';
import { MAX_TURNOVER_MULTIPLE } from '../domain/promotion-terms/bonus.ts';
import { REWARD_CODE_PATTERN } from '../domain/reward-code.ts';
import { declareCall, operatorWith, REAL_MEMBER } from './call.ts';
import { ZInstant, ZRowId } from './shapes.ts';

/**
 * Bonus and cash codes (docs/0118): a finance operator creates a code (a bonus with turnover terms
 * or cash, an amount, a total cap, an expiry); a member redeems it once on the reward centre.
 */
export const REWARD_CODE_PATHS = {
  /** POST { code }: redeem a code; one award, once per member. */
  redeem: '/wps/member/rewardCode/redeem',
  /** GET: the merchant's codes, newest first, with their uses. */
  list: '/wps/operator/rewardCodes',
  /** POST: create a code. */
  create: '/wps/operator/rewardCodes/create',
} as const;

/** Message keys of the codes; the web translates them (promotions texts). */
export const REWARD_CODE_MESSAGES = {
  /** No such code at this merchant (or not a code's format). */
  unknown: 'reward_code_unknown',
  expired: 'reward_code_expired',
  /** Every use of the code's cap is taken. */
  usedUp: 'reward_code_used_up',
  /** The member redeemed it already. */
  alreadyUsed: 'reward_code_already_used',
  /** Operator: the merchant has a code with this text already. */
  exists: 'reward_code_exists',
} as const;

export { REWARD_CODE_PATTERN };
export const ZRewardCode = z
  .string()
  .trim()
  .regex(REWARD_CODE_PATTERN)
  .transform((c) => c.toUpperCase());

export const REWARD_CODE_KINDS = ['bonus', 'cash'] as const;
export type TRewardCodeKind = (typeof REWARD_CODE_KINDS)[number];

/** The largest amount a code may pay, in minor units (৳100,000). */
export const MAX_REWARD_CODE_MINOR = 10_000_000;
const ZAmount = z.number().int().min(1).max(MAX_REWARD_CODE_MINOR);

export const ZRewardCodeRedeemRequest = z.object({ code: ZRewardCode });
export type TRewardCodeRedeemRequest = z.input<typeof ZRewardCodeRedeemRequest>;
export const ZRewardCodeRedeemResult = z.object({
  kind: z.enum(REWARD_CODE_KINDS),
  amountMinor: ZAmount,
  /** A bonus code's award; null for cash. */
  awardId: ZRowId.nullable(),
  /** A bonus held for an operator's review (linked accounts, docs/0097): not yet in the bonus wallet. */
  held: z.boolean(),
});
export type TRewardCodeRedeemResult = z.infer<typeof ZRewardCodeRedeemResult>;

export const ZRewardCodeCreateRequest = z
  .object({
    code: ZRewardCode,
    kind: z.enum(REWARD_CODE_KINDS),
    amountMinor: ZAmount,
    /** A bonus code's turnover multiple and days to meet it; null for cash. */
    turnoverMultiple: z.number().int().min(1).max(MAX_TURNOVER_MULTIPLE).nullable(),
    validDays: z.number().int().min(1).max(90).nullable(),
    cap: z.number().int().min(1).max(1_000_000),
    expiresAt: ZInstant,
  })
  .refine((r) => (r.kind === 'bonus') === (r.turnoverMultiple !== null && r.validDays !== null), { path: ['turnoverMultiple'] });
export type TRewardCodeCreateRequest = z.input<typeof ZRewardCodeCreateRequest>;

export const ZRewardCodeRow = z.object({
  id: ZRowId,
  code: z.string().max(32),
  kind: z.enum(REWARD_CODE_KINDS),
  amountMinor: ZAmount,
  turnoverMultiple: z.number().int().nullable(),
  validDays: z.number().int().nullable(),
  cap: z.number().int().nonnegative(),
  used: z.number().int().nonnegative(),
  expiresAt: ZInstant,
  createdAt: ZInstant,
});
export type TRewardCodeRow = z.infer<typeof ZRewardCodeRow>;
export const ZRewardCodeList = z.object({ rows: z.array(ZRewardCodeRow).max(200) });

export const REWARD_CODE_CALLS = {
  /** Never retried (a POST); a second redemption by the member is refused, nothing paid twice. */
  redeem: declareCall({
    method: 'POST',
    path: REWARD_CODE_PATHS.redeem,
    moduleId: 'REWARD',
    input: ZRewardCodeRedeemRequest,
    output: ZRewardCodeRedeemResult,
    audience: REAL_MEMBER,
    modules: ['REWARD3'],
    kind: 'money',
  }),
} as const;

const SERVE = { moduleId: 'OPERATOR', region: 'serve' } as const;
export const OPERATOR_REWARD_CODE_CALLS = {
  rewardCodes: declareCall({ ...SERVE, method: 'GET', path: REWARD_CODE_PATHS.list, output: ZRewardCodeList, audience: operatorWith('money.read') }),
  /** Codes pay money: finance (money.write) creates them. */
  createRewardCode: declareCall({
    ...SERVE,
    method: 'POST',
    path: REWARD_CODE_PATHS.create,
    input: ZRewardCodeCreateRequest,
    output: ZRewardCodeRow,
    audience: operatorWith('money.write'),
  }),
} as const;
