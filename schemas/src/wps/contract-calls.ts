import { z } from 'zod';
import { CONTRACT_KINDS, CONTRACT_STATES, CONTRACT_TIERS_MAX, DIVIDEND_PERIODS, RATE_BP_MAX, tiersProblem } from '../domain/contracts.ts';
import { MAX_AMOUNT_MINOR } from '../domain/money.ts';
import { RECORD_MAX_RANGE_DAYS } from '../domain/records.ts';
import { AGENT, declareCall } from './call.ts';
import { inRecordRange, ZInstant, ZMinor, ZQueryId, ZRecordPaging, ZTzOffsetMinutes, zRecordPage } from './shapes.ts';

/**
 * docs/0049: agent contracts — offered by an agent to a direct downline
 * that is itself an agent, accepted or rejected, ended by a termination request the other side
 * confirms — and their settlements. Every call is scoped like the rest of the agent centre
 * (docs/0046): a contract the caller neither holds nor offered answers 404 agent_not_in_team.
 */
export const CONTRACT_PATHS = {
  /** GET { kind }: my contract of the kind, the ones I offered, the direct downline agents I may offer to. */
  overview: '/wps/agent/contracts',
  /** POST { kind, memberId, terms, key }: offer a direct downline agent a contract. */
  offer: '/wps/agent/contracts/offer',
  /** POST { contractId, action }: accept, reject, request or answer a termination, withdraw an offer. */
  act: '/wps/agent/contracts/act',
  /** GET { kind, scope, from, to, pageNo, pageSize }: paid settlements of mine or of the contracts I offered. */
  settlements: '/wps/agent/contracts/settlements',
  /** GET { from, to, tzOffsetMinutes, pageNo, pageSize }: agentRevenueReport, salaries and dividends received. */
  income: '/wps/agent/income',
} as const;

/** Message keys of the contract calls; the web translates them. */
export const CONTRACT_MESSAGES = {
  /** The target is not a direct downline (depth 1). */
  directOnly: 'contract_direct_only',
  /** The target is not an agent (types 1, 2, 41, 42). */
  notAgent: 'contract_not_agent',
  /** The holder already has an offer of the kind waiting for an answer. */
  exists: 'contract_exists',
  /** The offering agent has no accepted contract of the kind (nothing to share from). */
  noOwn: 'contract_no_own',
  /** A rate above the offering agent's own contract. */
  aboveUpline: 'contract_rate_above_upline',
  /** The action does not fit the contract's state or the caller's side. */
  badState: 'contract_bad_state',
  /** The whitelabel flag of the kind is off (code 543). */
  kindOff: 'error_feature_off',
  tiersOrder: 'contract_tiers_order',
  rateZero: 'contract_rate_zero',
  periodMismatch: 'contract_period_mismatch',
} as const;

const ZRate = z
  .number({ message: 'contract_rate_invalid' })
  .int('contract_rate_invalid')
  .min(0, 'contract_rate_invalid')
  .max(RATE_BP_MAX, 'contract_rate_invalid');
const ZTierRate = ZRate.min(1, 'contract_rate_invalid');
const ZThreshold = z
  .number({ message: 'contract_amount_invalid' })
  .int('contract_amount_invalid')
  .min(0, 'contract_amount_invalid')
  .max(MAX_AMOUNT_MINOR, 'contract_amount_invalid');
const ZId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const ZContractKind = z.enum(CONTRACT_KINDS);
export const ZVolumeTier = z.strictObject({ minBetMinor: ZThreshold, rateBp: ZTierRate });
export const ZDividendTier = z.strictObject({
  minValidBetMinor: ZThreshold,
  /** The team's loss in the period (valid bet − payout): what a dividend shares. */
  minLossMinor: ZThreshold,
  minActive: z
    .number({ message: 'contract_amount_invalid' })
    .int('contract_amount_invalid')
    .min(0, 'contract_amount_invalid')
    .max(1_000_000, 'contract_amount_invalid'),
  rateBp: ZTierRate,
});
const tiersOf = <T extends z.ZodTypeAny>(tier: T) => z.array(tier).min(1, 'contract_tiers_missing').max(CONTRACT_TIERS_MAX, 'contract_tiers_too_many');

/** docs/rules/agent.md#ag-9 contract fields, by kind. */
export const ZContractTerms = z
  .discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('dividend'), period: z.enum(DIVIDEND_PERIODS), tiers: tiersOf(ZDividendTier) }),
    z.strictObject({ kind: z.literal('daily'), tiers: tiersOf(ZVolumeTier) }),
    z.strictObject({ kind: z.literal('hourly'), tiers: tiersOf(ZVolumeTier) }),
    z.strictObject({ kind: z.literal('realtime'), profitRateBp: ZRate, lossRateBp: ZRate, minSingleBetMinor: ZThreshold }),
  ])
  .superRefine((terms, ctx) => {
    const problem = tiersProblem(terms);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [terms.kind === 'realtime' ? 'profitRateBp' : 'tiers'] });
  });
export type TContractTermsInput = z.infer<typeof ZContractTerms>;

export const ZContract = z.object({
  id: z.number().int().positive(),
  kind: ZContractKind,
  state: z.enum(CONTRACT_STATES),
  terms: ZContractTerms,
  /** The offering agent; null: given by the operator (the top agent's contract, docs/0049). */
  upline: z.object({ memberId: z.number().int().positive(), username: z.string().max(200), nickname: z.string().max(200) }).nullable(),
  holder: z.object({ memberId: z.number().int().positive(), username: z.string().max(200), nickname: z.string().max(200) }),
  /** Who asked to end it while it is in termination: the offering agent or the holder. */
  terminationBy: z.enum(['upline', 'holder']).nullable(),
  /** Why it ended: rejected, terminated on request, withdrawn before an answer, replaced by a newer one accepted, or ended because the cap above it fell. */
  endReason: z.enum(['rejected', 'terminated', 'withdrawn', 'replaced', 'auto']).nullable(),
  offeredAt: z.string().max(40),
  acceptedAt: z.string().max(40).nullable(),
  endedAt: z.string().max(40).nullable(),
});
export type TContract = z.infer<typeof ZContract>;

export const ZContractOverviewQuery = z.object({ kind: ZContractKind });
export const ZContractOverview = z.object({
  kind: ZContractKind,
  /** My paid contract of the kind (or the last one that ended), null when I never had one. */
  mine: ZContract.nullable(),
  /** An offer from my upline waiting for my answer (beside `mine`, accepting it replaces it). */
  myOffer: ZContract.nullable(),
  /** The contracts I offered of this kind, live ones first, then the latest ended ones. */
  offered: z.array(ZContract).max(200),
  /** Direct downline agents, with whether each has an offer of the kind waiting. */
  candidates: z
    .array(z.object({ memberId: z.number().int().positive(), username: z.string().max(200), nickname: z.string().max(200), hasOffer: z.boolean() }))
    .max(500),
  /** The real-time window in seconds (docs/rules/money.md#m-12: 300). */
  windowSeconds: z.number().int().positive(),
});
export type TContractOverview = z.infer<typeof ZContractOverview>;

export const ZContractOfferRequest = z.object({
  memberId: ZQueryId,
  terms: ZContractTerms,
});
export type TContractOfferRequest = z.infer<typeof ZContractOfferRequest>;

export const CONTRACT_ACTIONS = ['accept', 'reject', 'terminate', 'confirmTermination', 'declineTermination', 'withdraw'] as const;
export const ZContractActRequest = z.object({ contractId: ZId, action: z.enum(CONTRACT_ACTIONS) });
export type TContractActRequest = z.infer<typeof ZContractActRequest>;

export const ZSettlementQuery = inRecordRange(
  z.object({
    kind: ZContractKind,
    /** mine: settlements paid to me; team: those paid on the contracts I offered. */
    scope: z.enum(['mine', 'team']).default('mine'),
    from: ZInstant,
    to: ZInstant,
    ...ZRecordPaging,
  }),
);
export type TSettlementQuery = z.infer<typeof ZSettlementQuery>;

export const ZSettlementRow = z.object({
  id: z.number().int().positive(),
  contractId: z.number().int().positive(),
  holderUsername: z.string().max(200),
  periodStart: z.string().max(40),
  periodEnd: z.string().max(40),
  validBetMinor: ZMinor,
  payoutMinor: ZMinor,
  activeMembers: z.number().int().nonnegative(),
  /** What the rate applied to (valid bet, qualifying single bets, or the team's loss for a dividend). */
  baseMinor: ZMinor,
  rateBp: z.number().int().nonnegative(),
  amountMinor: ZMinor,
  paidAt: z.string().max(40),
});
export type TSettlementRow = z.infer<typeof ZSettlementRow>;
export const ZSettlementList = zRecordPage(ZSettlementRow).extend({
  /** Over the whole filter. */
  amountMinor: ZMinor,
  baseMinor: ZMinor,
});
export type TSettlementList = z.infer<typeof ZSettlementList>;

export const ZIncomeQuery = inRecordRange(
  z.object({
    from: ZInstant,
    to: ZInstant,
    tzOffsetMinutes: ZTzOffsetMinutes,
    ...ZRecordPaging,
  }),
);
export type TIncomeQuery = z.infer<typeof ZIncomeQuery>;
export const ZIncomeRow = z.object({
  id: z.number().int().positive(),
  time: z.string().max(40),
  kind: ZContractKind,
  amountMinor: ZMinor,
  periodStart: z.string().max(40),
});
export type TIncomeRow = z.infer<typeof ZIncomeRow>;
export const ZIncomeReport = zRecordPage(ZIncomeRow).extend({
  totalMinor: ZMinor,
  byKind: z.object({ dividend: ZMinor, daily: ZMinor, hourly: ZMinor, realtime: ZMinor }),
  /** One point per local day of the range (empty days included). */
  series: z.array(z.object({ label: z.string().max(20), amountMinor: ZMinor })).max(RECORD_MAX_RANGE_DAYS + 2),
});
export type TIncomeReport = z.infer<typeof ZIncomeReport>;

/** What every contract call shares; income is behind its own page. */
const CONTRACTS = { moduleId: 'AGENT', audience: AGENT, modules: ['AGENTCENTER'] } as const;

/**
 * Contracts and income as declared calls (docs/0076): agents only. The contract calls are gated
 * by AGENTCENTER alone: the kind's own switch (DIVIDEND, DAYSAL, HOURSAL3, RTSALARY3) is in the
 * input, so the contract service checks it (543). Income is behind its page, AGEREV3.
 */
export const CONTRACT_CALLS = {
  /** A contract page's data for one kind. */
  contracts: declareCall({ ...CONTRACTS, method: 'GET', path: CONTRACT_PATHS.overview, input: ZContractOverviewQuery, output: ZContractOverview }),
  /** Offer a direct downline agent a contract (never retried: a POST; a second offer is contract_exists). */
  contractOffer: declareCall({ ...CONTRACTS, method: 'POST', path: CONTRACT_PATHS.offer, input: ZContractOfferRequest, output: ZContract }),
  /** Accept, reject, terminate, answer a termination, withdraw an offer. */
  contractAct: declareCall({ ...CONTRACTS, method: 'POST', path: CONTRACT_PATHS.act, input: ZContractActRequest, output: ZContract }),
  /** Settlement records of a kind, mine or of the contracts I offered. */
  settlements: declareCall({ ...CONTRACTS, method: 'GET', path: CONTRACT_PATHS.settlements, input: ZSettlementQuery, output: ZSettlementList }),
  /** agentRevenueReport: salaries and dividends received. */
  income: declareCall({ ...CONTRACTS, modules: ['AGEREV3'], method: 'GET', path: CONTRACT_PATHS.income, input: ZIncomeQuery, output: ZIncomeReport }),
} as const;
