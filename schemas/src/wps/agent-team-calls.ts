import { z } from 'zod';
import { MAX_TEXT_LENGTH } from '../constants.ts';
import { DOWNLINE_ROLES, TEAM_PROFIT_SORTS } from '../domain/agent-team.ts';
import { zSecret, zText } from '../text.ts';
import { AGENT, declareCall } from './call.ts';
import { ACCOUNT_RECORD_TYPES, ZAccountRecordRow } from './record-calls.ts';
import { inRecordRange, ZCount, ZInstant, ZMinor, ZQueryId, ZRecordPaging, zRecordPage } from './shapes.ts';

/**
 * docs/0051, second part: registerCenter (a downline registered by its agent,
 * invitation codes and their links) and the team reports — team betting (personalHistoryCopy),
 * user P&L statements (palStatementsAgentCopy) and account details
 * (agentDownlineTransactionDetailsCopy). Like every agent call (agent-calls.ts, docs/0046) each one
 * answers only about the calling agent's own subtree; nothing in a request chooses whose team is read.
 */
export const AGENT_TEAM_PATHS = {
  /** POST { username, password, confirmPassword, role }: a new member or agent directly under the caller. */
  registerDownline: '/wps/agent/downlines/register',
  /** GET { pageNo, pageSize }: the caller's invitation codes with their registrations; POST { role }: a new code. */
  invitations: '/wps/agent/invitations',
  /** POST { id, enabled }: switch one of the caller's codes off or on. */
  invitationUpdate: '/wps/agent/invitations/update',
  /** POST { id }: delete one of the caller's codes (it stays taken; its link stops working). */
  invitationDelete: '/wps/agent/invitations/delete',
  /** GET: the team's bets (one row per bet with its round's payout), newest first, with totals. */
  teamBets: '/wps/agent/reports/bets',
  /** GET: per downline, deposits, withdrawals, valid bets, payout, bonus and P&L, sorted, with totals. */
  teamProfit: '/wps/agent/reports/profit',
  /** GET: movements of the downlines' main wallets, newest first, by type, with totals. */
  teamTransactions: '/wps/agent/reports/transactions',
} as const;

/** Message keys of these calls; the web translates them. */
export const AGENT_TEAM_MESSAGES = {
  /** Not one of the caller's own (undeleted) codes: the same answer whatever the reason. */
  invitationNotFound: 'agent_invitation_not_found',
  /** The caller has AGENT_INVITATIONS_MAX codes already. */
  invitationLimit: 'agent_invitation_limit',
  /** An agent-type downline this deep below its top agent is over the merchant's limit (docs/0064). */
  agentDepthLimit: 'agent_downline_depth_limit',
  /** The upline has the most agent-type direct downlines the merchant allows (docs/0064). */
  agentCountLimit: 'agent_downline_count_limit',
} as const;

export {
  AGENT_INVITATIONS_MAX,
  DOWNLINE_ROLES,
  DOWNLINE_ROLE_TYPES,
  INVITATION_CODE_PATTERN,
  TEAM_PROFIT_SORTS,
  type TDownlineRole,
  type TTeamProfitSort,
} from '../domain/agent-team.ts';

const ZRole = z.enum(DOWNLINE_ROLES);

/**
 * A downline registered by its agent. The username and password are checked on the platform with
 * the merchant's registration rules (docs/rules/accounts.md#a-11, the same validator as the registration form); here
 * they are only bounded and free of control characters.
 */
export const ZRegisterDownlineRequest = z.object({
  username: zText({ max: MAX_TEXT_LENGTH }),
  password: zSecret(128),
  confirmPassword: zSecret(128),
  role: ZRole,
});
export type TRegisterDownlineRequest = z.infer<typeof ZRegisterDownlineRequest>;
export const ZRegisterDownlineResult = z.object({ memberId: z.number().int().positive(), username: z.string().max(MAX_TEXT_LENGTH), role: ZRole });
export type TRegisterDownlineResult = z.infer<typeof ZRegisterDownlineResult>;

export const ZInvitationListQuery = z.object(ZRecordPaging);
export type TInvitationListQuery = z.infer<typeof ZInvitationListQuery>;
export const ZInvitation = z.object({
  id: z.number().int().positive(),
  /** The link is `<site origin>/register?code=<code>`, made in the browser. */
  code: z.string().max(32),
  role: ZRole,
  enabled: z.boolean(),
  /** Members registered with this code. */
  registrations: ZCount,
  createdAt: z.string().max(40),
});
export type TInvitation = z.infer<typeof ZInvitation>;
export const ZInvitationList = zRecordPage(ZInvitation);
export type TInvitationList = z.infer<typeof ZInvitationList>;
export const ZCreateInvitationRequest = z.object({ role: ZRole });
export type TCreateInvitationRequest = z.infer<typeof ZCreateInvitationRequest>;
export const ZInvitationUpdateRequest = z.object({ id: ZQueryId, enabled: z.boolean() });
export type TInvitationUpdateRequest = z.infer<typeof ZInvitationUpdateRequest>;
export const ZInvitationDeleteRequest = z.object({ id: ZQueryId });
export const ZInvitationDeleted = z.object({ deleted: z.literal(true) });

/** The filters every team report shares: a period as instants, one downline by account, a level. */
const ZReportQuery = z.object({
  from: ZInstant,
  to: ZInstant,
  /** One downline by its account (case-insensitive, exact); empty: the whole team. Outside the team: no rows. */
  username: zText({ max: MAX_TEXT_LENGTH }).default(''),
  /** 0: every level; 1: direct downlines; n: n steps below the agent. */
  level: z.coerce.number().int().min(0).max(100).default(0),
  ...ZRecordPaging,
});

/** Who a report row is about. */
const ZWho = z.object({
  memberId: z.number().int().positive(),
  username: z.string().max(MAX_TEXT_LENGTH),
  nickname: z.string().max(MAX_TEXT_LENGTH),
  level: z.number().int().positive(),
});

export const ZTeamBetsQuery = inRecordRange(ZReportQuery);
export type TTeamBetsQuery = z.infer<typeof ZTeamBetsQuery>;
export const ZTeamBetRow = ZWho.extend({
  /** The bet's ledger transaction. */
  id: z.number().int().positive(),
  time: z.string().max(40),
  /** Vendor (meta.code) and game code of the bet. */
  code: z.string().max(32),
  game: z.string().max(64),
  betMinor: ZMinor,
  /** Stake less what was rolled back. */
  validBetMinor: ZMinor,
  /** Wins of the bet's round. */
  payoutMinor: ZMinor,
  /** The player's result: payout − valid bet. */
  profitMinor: ZMinor,
});
export type TTeamBetRow = z.infer<typeof ZTeamBetRow>;
/** `total`: bets in the period. */
export const ZTeamBets = zRecordPage(ZTeamBetRow).extend({
  /** Over the whole filter, by the time the money moved (as the team overview counts). */
  betMinor: ZMinor,
  validBetMinor: ZMinor,
  payoutMinor: ZMinor,
  profitMinor: ZMinor,
});
export type TTeamBets = z.infer<typeof ZTeamBets>;

export const ZTeamProfitQuery = inRecordRange(ZReportQuery.extend({ sort: z.enum(TEAM_PROFIT_SORTS).default('loss') }));
export type TTeamProfitQuery = z.infer<typeof ZTeamProfitQuery>;
const ZProfitFigures = z.object({
  depositMinor: ZMinor,
  withdrawMinor: ZMinor,
  validBetMinor: ZMinor,
  payoutMinor: ZMinor,
  /** Bonuses, rebates, salaries and dividends received. */
  bonusMinor: ZMinor,
  /** payout − valid bet (the team overview's P&L); the bonus is shown beside it, not in it. */
  profitMinor: ZMinor,
});
export const ZTeamProfitRow = ZWho.extend(ZProfitFigures.shape);
export type TTeamProfitRow = z.infer<typeof ZTeamProfitRow>;
/** `total`: downlines with any money movement or bet in the period. */
export const ZTeamProfit = ZProfitFigures.extend(zRecordPage(ZTeamProfitRow).shape);
export type TTeamProfit = z.infer<typeof ZTeamProfit>;

export const ZTeamTransactionsQuery = inRecordRange(ZReportQuery.extend({ type: z.enum(ACCOUNT_RECORD_TYPES).optional() }));
export type TTeamTransactionsQuery = z.infer<typeof ZTeamTransactionsQuery>;
/** A ledger entry of a downline's main wallet, as the member's own account record has it. */
export const ZTeamTransactionRow = ZWho.extend(ZAccountRecordRow.shape);
export type TTeamTransactionRow = z.infer<typeof ZTeamTransactionRow>;
export const ZTeamTransactions = zRecordPage(ZTeamTransactionRow).extend({
  inMinor: ZMinor,
  outMinor: ZMinor,
});
export type TTeamTransactions = z.infer<typeof ZTeamTransactions>;

/** registerCenter's calls share its page's modId; each report is behind its own page's. */
const REGISTER_CENTRE = { moduleId: 'REGCEN', audience: AGENT, modules: ['REGCEN'] } as const;
const reportPage = <M extends 'TRANSBETREPMEM3' | 'AGETEAMPNL3' | 'AGEDOWNTRANS3'>(modId: M) =>
  ({ moduleId: modId, audience: AGENT, modules: [modId] }) as const;

/**
 * registerCenter and the team reports as declared calls (docs/0076): agents only, registerCenter's
 * calls behind REGCEN and each report behind its page's modId (AGENTCENTER above them all). The
 * gateway adds the limits of a registration and of code making (gateway/src/routers/agent).
 */
export const AGENT_TEAM_CALLS = {
  /** A member or an agent directly under the caller, with the merchant's registration rules. */
  registerDownline: declareCall({
    ...REGISTER_CENTRE,
    method: 'POST',
    path: AGENT_TEAM_PATHS.registerDownline,
    input: ZRegisterDownlineRequest,
    output: ZRegisterDownlineResult,
  }),
  /** Link management: the caller's codes with their registrations. */
  invitations: declareCall({ ...REGISTER_CENTRE, method: 'GET', path: AGENT_TEAM_PATHS.invitations, input: ZInvitationListQuery, output: ZInvitationList }),
  /** A new code. */
  createInvitation: declareCall({
    ...REGISTER_CENTRE,
    method: 'POST',
    path: AGENT_TEAM_PATHS.invitations,
    input: ZCreateInvitationRequest,
    output: ZInvitation,
  }),
  /** Switch one of the caller's codes off or on. */
  updateInvitation: declareCall({
    ...REGISTER_CENTRE,
    method: 'POST',
    path: AGENT_TEAM_PATHS.invitationUpdate,
    input: ZInvitationUpdateRequest,
    output: ZInvitation,
  }),
  /** Delete one of the caller's codes. */
  deleteInvitation: declareCall({
    ...REGISTER_CENTRE,
    method: 'POST',
    path: AGENT_TEAM_PATHS.invitationDelete,
    input: ZInvitationDeleteRequest,
    output: ZInvitationDeleted,
  }),
  /** personalHistoryCopy: team betting. */
  teamBets: declareCall({ ...reportPage('TRANSBETREPMEM3'), method: 'GET', path: AGENT_TEAM_PATHS.teamBets, input: ZTeamBetsQuery, output: ZTeamBets }),
  /** palStatementsAgentCopy: user P&L statements. */
  teamProfit: declareCall({ ...reportPage('AGETEAMPNL3'), method: 'GET', path: AGENT_TEAM_PATHS.teamProfit, input: ZTeamProfitQuery, output: ZTeamProfit }),
  /** agentDownlineTransactionDetailsCopy: account details. */
  teamTransactions: declareCall({
    ...reportPage('AGEDOWNTRANS3'),
    method: 'GET',
    path: AGENT_TEAM_PATHS.teamTransactions,
    input: ZTeamTransactionsQuery,
    output: ZTeamTransactions,
  }),
} as const;
