import { z } from 'zod';
import { REFERRAL_CODE_PATTERN } from '../domain/referral-code.ts';
import { declareCall, REAL_MEMBER } from './call.ts';
import { ZInstant } from './shapes.ts';

/**
 * The member's referral area (docs/0097): the member's own code (the web builds the link
 * `/register?ref=CODE` on its own origin), the referral promotion's rules and reward, and the friends
 * referred with their state.
 */
export const REFERRAL_PATHS = {
  /** GET: the member's code, the rules, the friends and the total paid. */
  summary: '/wps/member/referral',
  /** POST: settle every pending friend found qualified (paid, or refused as the referrer under another name); the page sends it when it opens. */
  settle: '/wps/member/referral/settle',
} as const;

const ZMinor = z.number().int().nonnegative().refine(Number.isSafeInteger);

export { REFERRAL_CODE_PATTERN };
export const ZReferralCode = z.string().max(8).regex(REFERRAL_CODE_PATTERN);

/** What the referrer sees of a friend: pending (with what is missing), qualified (paid at the next run), paid, not eligible. */
export const REFERRAL_FRIEND_STATES = ['pending', 'qualified', 'paid', 'not_eligible'] as const;
export const REFERRAL_MISSING = ['mobile', 'deposit', 'turnover'] as const;
export const ZReferralFriend = z.object({
  /** The friend's name masked: its first and last characters only. */
  name: z.string().max(40),
  registeredAt: ZInstant,
  state: z.enum(REFERRAL_FRIEND_STATES),
  missing: z.array(z.enum(REFERRAL_MISSING)).max(3),
  rewardMinor: ZMinor,
});
export type TReferralFriend = z.infer<typeof ZReferralFriend>;

export const ZReferralSummary = z.object({
  /** A referral promotion is running: without one, no reward is paid and the page says so. */
  enabled: z.boolean(),
  code: ZReferralCode,
  /** The running referral promotion's title, rules and terms; null without one. */
  promotion: z
    .object({
      title: z.string().max(200),
      rules: z.string().max(20_000),
      rewardMinor: ZMinor,
      minDepositMinor: ZMinor,
      turnoverMinor: ZMinor,
      windowDays: z.number().int().min(1).max(365),
    })
    .nullable(),
  friends: z.array(ZReferralFriend).max(200),
  friendCount: z.number().int().nonnegative(),
  totalPaidMinor: ZMinor,
});
export type TReferralSummary = z.infer<typeof ZReferralSummary>;

/** `paid`: the member's friends this call found qualified that are paid after it (by it, or by a settlement that raced it). */
export const ZReferralSettleResult = z.object({ paid: z.number().int().nonnegative().max(200) });
export type TReferralSettleResult = z.infer<typeof ZReferralSettleResult>;

export const REFERRAL_CALLS = {
  /** A read: it moves no money (docs/0100); paying a qualified friend is the call below. */
  summary: declareCall({ method: 'GET', path: REFERRAL_PATHS.summary, moduleId: 'REFERRAL', output: ZReferralSummary, audience: REAL_MEMBER }),
  /** A money call: pays the reward of each friend found qualified (docs/0097), once per friend whatever races. */
  settle: declareCall({
    method: 'POST',
    path: REFERRAL_PATHS.settle,
    moduleId: 'REFERRAL',
    output: ZReferralSettleResult,
    audience: REAL_MEMBER,
    kind: 'money',
  }),
} as const;
