import { z } from 'zod';
import { ZGameType } from '../domain/game.ts';
import { declareCall, REAL_MEMBER } from './call.ts';
import { ZIdempotencyKey } from './shapes.ts';

/**
 * The rewards area (docs/0091): the operator's VIP levels with the member's progress, rebates on
 * valid bets by game type, and the member's claim of them (the manualRebate page, REBATE3).
 */
export const REWARD_PATHS = {
  /** GET: every VIP level with its benefits, the member's level and figures over the period. */
  vip: '/wps/member/rewards/vip',
  /** POST: move the member up to the level the period's figures reach, paying each level's bonus once; the VIP page sends it when it opens. */
  upgrade: '/wps/member/rewards/vip/upgrade',
  /** GET: the rebate claimable now, by game type. */
  rebates: '/wps/member/rewards/rebates',
  /** POST { key }: pay every claimable rebate into the main wallet. */
  claimRebate: '/wps/member/rewards/rebates/claim',
} as const;

/** Message keys of the rewards area; the web translates them. */
export const REWARD_MESSAGES = {
  nothingToClaim: 'rebate_nothing_to_claim',
  keyReused: 'idempotency_key_reused',
} as const;

const ZMinor = z.number().int().nonnegative().refine(Number.isSafeInteger);
/** A rate in basis points of the valid bet (80 = 0.8 %). */
const ZRateBp = z.number().int().min(0).max(1000);

export const ZVipLevel = z.object({
  level: z.number().int().nonnegative().max(50),
  name: z.string().max(40),
  minDepositMinor: ZMinor,
  minTurnoverMinor: ZMinor,
  upgradeBonusMinor: ZMinor,
  withdrawLimitMinor: ZMinor,
  withdrawCount: z.number().int().nonnegative().max(1000),
  rates: z.array(z.object({ gameType: ZGameType, rateBp: ZRateBp })).max(20),
});
export type TVipLevel = z.infer<typeof ZVipLevel>;
export const ZVipStatus = z.object({
  level: z.number().int().nonnegative().max(50),
  /** The member's approved deposits and valid turnover over the last `periodDays` days. */
  depositMinor: ZMinor,
  turnoverMinor: ZMinor,
  periodDays: z.number().int().min(1).max(366),
  levels: z.array(ZVipLevel).max(51),
});
export type TVipStatus = z.infer<typeof ZVipStatus>;
export const ZVipUpgradeResult = z.object({ level: z.number().int().nonnegative().max(50) });
export type TVipUpgradeResult = z.infer<typeof ZVipUpgradeResult>;

export const ZRebateLine = z.object({ gameType: ZGameType, validBetMinor: ZMinor, rateBp: ZRateBp, amountMinor: ZMinor });
export type TRebateLine = z.infer<typeof ZRebateLine>;
export const ZRebateSummary = z.object({
  /** `automatic`: a daily job pays it; the member may still claim before it runs. */
  payout: z.enum(['manual', 'automatic']),
  lines: z.array(ZRebateLine).max(20),
  totalMinor: ZMinor,
});
export type TRebateSummary = z.infer<typeof ZRebateSummary>;
export const ZRebateClaimRequest = z.object({ key: ZIdempotencyKey });
export type TRebateClaimRequest = z.infer<typeof ZRebateClaimRequest>;
export const ZRebateClaimResult = z.object({ claimId: z.number().int().positive(), amountMinor: ZMinor, mainMinor: ZMinor });
export type TRebateClaimResult = z.infer<typeof ZRebateClaimResult>;

export const REWARD_CALLS = {
  /** A read: it moves no money (docs/0100); the upgrade is the call below. */
  vip: declareCall({ method: 'GET', path: REWARD_PATHS.vip, moduleId: 'VIP', output: ZVipStatus, audience: REAL_MEMBER }),
  /** A money call: pays any upgrade bonus the member has earned (docs/0091); a resend pays nothing more (once per member and level). */
  upgrade: declareCall({ method: 'POST', path: REWARD_PATHS.upgrade, moduleId: 'VIP', output: ZVipUpgradeResult, audience: REAL_MEMBER, kind: 'money' }),
  rebates: declareCall({
    method: 'GET',
    path: REWARD_PATHS.rebates,
    moduleId: 'REBATE',
    output: ZRebateSummary,
    audience: REAL_MEMBER,
    modules: ['REBATE3'],
  }),
  /** Never retried (a POST); the member's key makes a resend the same claim. */
  claimRebate: declareCall({
    method: 'POST',
    path: REWARD_PATHS.claimRebate,
    moduleId: 'REBATE',
    input: ZRebateClaimRequest,
    output: ZRebateClaimResult,
    audience: REAL_MEMBER,
    modules: ['REBATE3'],
    kind: 'money',
  }),
} as const;
