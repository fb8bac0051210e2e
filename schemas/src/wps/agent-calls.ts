import { z } from 'zod';
import { MAX_AMOUNT_MINOR } from '../domain/money.ts';
import { RECORD_MAX_RANGE_DAYS } from '../domain/records.ts';
import { zText } from '../text.ts';
import { AGENT, declareCall } from './call.ts';
import { inRecordRange, ZCount, ZIdempotencyKey, ZInstant, ZQueryId, ZRecordPaging, ZMinor, ZTzOffsetMinutes, zRecordPage } from './shapes.ts';

/**
 * docs/0046: the agent centre's calls. Every one answers only about the calling agent's own subtree
 * (the closure table of migration 0021); a member id outside it is answered exactly like
 * one that does not exist, and a caller that is not an agent (types 1, 2, 41, 42) gets 463
 * error_not_agent before any work is done.
 */
export const AGENT_PATHS = {
  /** GET { from, to, tzOffsetMinutes }: team size, new and active members, money and bets, with a series over time. */
  teamOverview: '/wps/agent/team/overview',
  /** GET { search, level, pageNo, pageSize }: the agent's downlines, paged, with the balance total over the filter. */
  downlines: '/wps/agent/downlines',
  /** GET { memberId }: one downline of the agent's subtree, with its team and lifetime figures. */
  downline: '/wps/agent/downlines/detail',
  /** POST { memberId, amountMinor, key, remark }: the agent's main wallet → the downline's main wallet. */
  transfer: '/wps/agent/downlines/transfer',
} as const;

/** Message keys of the agent centre; the web translates them. */
export const AGENT_MESSAGES = {
  /** The member named is not in the caller's subtree (or does not exist: the two are not told apart). */
  notInTeam: 'agent_not_in_team',
} as const;

/** A period as instants (the web turns the agent's calendar days into them) and the agent's UTC offset for the chart's buckets. */
export const ZTeamOverviewQuery = inRecordRange(z.object({ from: ZInstant, to: ZInstant, tzOffsetMinutes: ZTzOffsetMinutes }));
export type TTeamOverviewQuery = z.infer<typeof ZTeamOverviewQuery>;

/** The money and bet figures of a period (or of one bucket of it). */
const ZTeamFigures = z.object({
  newMembers: ZCount,
  depositMinor: ZMinor,
  withdrawMinor: ZMinor,
  /** Stake of bets less rollbacks. */
  validBetMinor: ZMinor,
  payoutMinor: ZMinor,
  /** The team's result: payout − valid bet (negative when the team lost). */
  profitMinor: ZMinor,
});
export const ZTeamPoint = ZTeamFigures.extend({ label: z.string().max(20) });
export type TTeamPoint = z.infer<typeof ZTeamPoint>;
export const ZTeamOverview = ZTeamFigures.extend({
  /** Every downline at any depth (the agent itself not counted). */
  teamSize: ZCount,
  /** Downlines one step below the agent. */
  directCount: ZCount,
  /** Downlines with at least one bet in the period. */
  activeMembers: ZCount,
  /** Hours for a period of up to two days, days otherwise. */
  bucket: z.enum(['hour', 'day']),
  series: z.array(ZTeamPoint).max(24 * 2 + RECORD_MAX_RANGE_DAYS + 2),
});
export type TTeamOverview = z.infer<typeof ZTeamOverview>;

export const ZDownlineQuery = z.object({
  /** Part of a username or nickname (case-insensitive); empty lists everyone. */
  search: zText({ max: 50 }).default(''),
  /** 0: every level; n: only downlines n steps below the agent. */
  level: z.coerce.number().int().min(0).max(100).default(0),
  ...ZRecordPaging,
});
export type TDownlineQuery = z.infer<typeof ZDownlineQuery>;

export const ZDownlineRow = z.object({
  memberId: z.number().int().positive(),
  username: z.string().max(200),
  nickname: z.string().max(200),
  /** Steps below the calling agent (1 = direct). */
  level: z.number().int().positive(),
  isAgent: z.boolean(),
  /** The downline's own upline, by nickname. */
  uplineNickname: z.string().max(200),
  balanceMinor: ZMinor,
  registeredAt: z.string().max(40),
  lastLoginAt: z.string().max(40).nullable(),
  /** A live session right now. */
  online: z.boolean(),
});
export type TDownlineRow = z.infer<typeof ZDownlineRow>;
export const ZDownlineList = zRecordPage(ZDownlineRow).extend({
  /** Sum of the balances over the whole filter, not the page. */
  balanceMinor: ZMinor,
});
export type TDownlineList = z.infer<typeof ZDownlineList>;

export const ZDownlineDetailQuery = z.object({ memberId: ZQueryId });
export const ZDownlineDetail = ZDownlineRow.extend({
  teamSize: ZCount,
  directCount: ZCount,
  /** Lifetime figures of the downline itself. */
  depositMinor: ZMinor,
  withdrawMinor: ZMinor,
  validBetMinor: ZMinor,
  profitMinor: ZMinor,
  /** Transfers this agent made to the downline, newest first. */
  transfers: z.array(z.object({ id: z.number().int().positive(), amountMinor: ZMinor, remark: z.string().max(140), createdAt: z.string().max(40) })).max(20),
});
export type TDownlineDetail = z.infer<typeof ZDownlineDetail>;

export const ZDownlineTransferRequest = z.object({
  memberId: ZQueryId,
  amountMinor: z.number({ message: 'amount_invalid' }).int('amount_invalid').positive('amount_invalid').max(MAX_AMOUNT_MINOR, 'amount_invalid'),
  /** Scoped to the agent (docs/0026): a resend with the same key is the same transfer. */
  key: ZIdempotencyKey,
  remark: zText({ max: 140 }).default(''),
});
export type TDownlineTransferRequest = z.infer<typeof ZDownlineTransferRequest>;
export const ZDownlineTransferResult = z.object({
  transactionId: z.number().int().positive(),
  /** The agent's main balance after the transfer. */
  mainMinor: ZMinor,
  downlineBalanceMinor: ZMinor,
});
export type TDownlineTransferResult = z.infer<typeof ZDownlineTransferResult>;

/** What every agent centre call shares. */
const AGENT_CENTRE = { moduleId: 'AGENT', audience: AGENT } as const;

/**
 * The agent centre's calls (docs/0076): agents only, each page's calls behind its module switch
 * (AGENTCENTER above them all).
 */
export const AGENT_CALLS = {
  /** agentTeamOverview: figures and a series for a period. */
  teamOverview: declareCall({
    ...AGENT_CENTRE,
    method: 'GET',
    path: AGENT_PATHS.teamOverview,
    input: ZTeamOverviewQuery,
    output: ZTeamOverview,
    modules: ['AGEINFO3'],
  }),
  /** downlineManagmentView: search, level, paging. */
  downlines: declareCall({ ...AGENT_CENTRE, method: 'GET', path: AGENT_PATHS.downlines, input: ZDownlineQuery, output: ZDownlineList, modules: ['DOWNMAN'] }),
  /** One downline's details (not found outside the subtree). */
  downline: declareCall({
    ...AGENT_CENTRE,
    method: 'GET',
    path: AGENT_PATHS.downline,
    input: ZDownlineDetailQuery,
    output: ZDownlineDetail,
    modules: ['DOWNMAN'],
  }),
  /** Agent main wallet → a downline's main wallet, once per agent key (never retried: a POST). */
  transfer: declareCall({
    ...AGENT_CENTRE,
    method: 'POST',
    path: AGENT_PATHS.transfer,
    input: ZDownlineTransferRequest,
    output: ZDownlineTransferResult,
    modules: ['DOWNMAN'],
    kind: 'money',
  }),
} as const;
