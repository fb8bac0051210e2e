import { z } from 'zod';
import { ACCOUNT_PATHS, ZOperatorSecurityRequest, ZOperatorSecurityResponse, ZOutboxQuery, ZOutboxResponse } from './account-calls.ts';
import { VISITOR, declareCall, operatorWith } from './call.ts';
import { ZAwaitingApproval } from './config-change-calls.ts';
import { ZOperatorConfigResponse, ZOperatorLoginRequest, ZOperatorLoginResponse, ZOperatorSetFlagRequest, ZOperatorSetSystemRequest } from './calls.ts';
import {
  DEPOSIT_PATHS,
  ZAdjustment,
  ZAdjustmentDecideRequest,
  ZAdjustmentRequest,
  ZAdjustmentsResponse,
  ZDepositDecideRequest,
  ZDepositRejectRequest,
  ZMoneySettingsDecideRequest,
  ZMoneySettingsRequest,
  ZMoneySettingsResponse,
  ZOperatorDepositResponse,
  ZOperatorDepositsQuery,
  ZOperatorDepositsResponse,
} from './deposit-calls.ts';
import {
  OPERATOR_PATHS,
  ZOperatorAuditQuery,
  ZOperatorAuditResponse,
  ZOperatorTotpEnableRequest,
  ZOperatorTotpEnableResponse,
  ZOperatorTotpRemoveRequest,
  ZOperatorTotpResetRequest,
  ZOperatorTotpSetupResponse,
} from './operator-calls.ts';
import {
  OPERATOR_GAMES_PATHS,
  ZOperatorGame,
  ZOperatorGameCategoriesResponse,
  ZOperatorGamesQuery,
  ZOperatorGamesResponse,
  ZOperatorSetGameCategoryRequest,
  ZOperatorSetGameRequest,
} from './operator-games-calls.ts';
import { OPERATOR_ROUNDS_PATHS, ZOperatorRoundsQuery, ZOperatorRoundsResponse } from './operator-rounds-calls.ts';
import { WPS_PATHS } from './paths.ts';
import {
  WITHDRAW_PATHS,
  ZOperatorWithdrawalPayRequest,
  ZOperatorWithdrawalRejectRequest,
  ZOperatorWithdrawalResponse,
  ZOperatorWithdrawalsQuery,
  ZOperatorWithdrawalsResponse,
  ZProofQuery,
  ZProofResponse,
} from './withdraw-calls.ts';
import { OPERATOR_LOTTERY_PATHS, ZOperatorLotterySettingsResponse, ZOperatorSetLotterySettingsRequest } from './wlg-lottery-calls.ts';

/**
 * The operator console's calls (docs/0010, docs/0076), each with the one permission it needs
 * (operatorWith(null): any logged-in operator, for their own session and authenticator). Every one
 * is served in maintenance and in a restricted region: the operator must be able to switch either
 * off again (docs/0069). The keys are the gateway's `operator.*` procedure names.
 */
const SERVE = { moduleId: 'OPERATOR', region: 'serve' } as const;

/** Message keys of the agent limits' bounds: the web translates them (EN and BN). */
export const AGENT_LIMIT_MESSAGES = { maxDepth: 'operator_agent_limits_depth_range', maxDirectAgents: 'operator_agent_limits_direct_range' } as const;
const limit = (min: number, max: number, message: string) => z.number({ error: message }).int(message).min(min, message).max(max, message);
/**
 * The operator's agent downline limits (docs/0064): an agent-type downline is at most `maxDepth`
 * levels below its top agent, and an upline has fewer than `maxDirectAgents` direct agent-type
 * downlines. Narrower than the table's checks (1..50, 0..100000): what a console may set.
 */
export const ZAgentLimits = z.object({
  maxDepth: limit(1, 10, AGENT_LIMIT_MESSAGES.maxDepth),
  maxDirectAgents: limit(0, 1000, AGENT_LIMIT_MESSAGES.maxDirectAgents),
});
export type TAgentLimits = z.infer<typeof ZAgentLimits>;
/** ours: the agent downline limits (GET security.read, PUT security.write). */
const AGENT_LIMITS_PATH = '/wps/operator/agent/limits';

/** The console itself: session, configuration, security thresholds, outbox, audit, authenticator. */
export const OPERATOR_CALLS = {
  /** Both config paths answer the whole console config; this one the gateway does not call. */
  systemConfig: declareCall({
    ...SERVE,
    method: 'GET',
    path: WPS_PATHS.operatorSystem,
    output: ZOperatorConfigResponse,
    audience: operatorWith('config.read'),
  }),
  config: declareCall({ ...SERVE, method: 'GET', path: WPS_PATHS.operatorWhitelabel, output: ZOperatorConfigResponse, audience: operatorWith('config.read') }),
  /**
   * Contract-kind flags need money.write, login and recovery flags security.write (the platform reads
   * the modId, docs/0066); a change of one of those waits in a draft for a second operator's approval
   * (awaitingApproval, docs/0127), any other flag is live at once.
   */
  setFlag: declareCall({
    ...SERVE,
    method: 'PUT',
    path: WPS_PATHS.operatorWhitelabel,
    input: ZOperatorSetFlagRequest,
    output: ZOperatorConfigResponse.extend({ awaitingApproval: ZAwaitingApproval }),
    audience: operatorWith('whitelabel.write'),
  }),
  setSystem: declareCall({
    ...SERVE,
    method: 'PUT',
    path: WPS_PATHS.operatorSystem,
    input: ZOperatorSetSystemRequest,
    output: ZOperatorConfigResponse,
    audience: operatorWith('system.write'),
  }),
  outbox: declareCall({
    ...SERVE,
    method: 'GET',
    path: ACCOUNT_PATHS.operatorOutbox,
    input: ZOutboxQuery,
    output: ZOutboxResponse,
    audience: operatorWith('outbox.read'),
  }),
  security: declareCall({
    ...SERVE,
    method: 'GET',
    path: ACCOUNT_PATHS.operatorSecurity,
    output: ZOperatorSecurityResponse,
    audience: operatorWith('security.read'),
  }),
  /** The thresholds in force; the change waits in a draft for a second operator's approval (docs/0127). */
  setSecurity: declareCall({
    ...SERVE,
    method: 'PUT',
    path: ACCOUNT_PATHS.operatorSecurity,
    input: ZOperatorSecurityRequest,
    output: ZOperatorSecurityResponse.extend({ awaitingApproval: ZAwaitingApproval }),
    audience: operatorWith('security.write'),
  }),
  agentLimits: declareCall({ ...SERVE, method: 'GET', path: AGENT_LIMITS_PATH, output: ZAgentLimits, audience: operatorWith('security.read') }),
  /**
   * The owner's (security.write, docs/0066): the limits in force; the change waits in a draft for a
   * second operator's approval and the author's publish (docs/0127).
   */
  setAgentLimits: declareCall({
    ...SERVE,
    method: 'PUT',
    path: AGENT_LIMITS_PATH,
    input: ZAgentLimits,
    output: ZAgentLimits.extend({ awaitingApproval: ZAwaitingApproval }),
    audience: operatorWith('security.write'),
  }),
  audit: declareCall({
    ...SERVE,
    method: 'GET',
    path: OPERATOR_PATHS.operatorAudit,
    input: ZOperatorAuditQuery,
    output: ZOperatorAuditResponse,
    audience: operatorWith('audit.read'),
  }),
  totpSetup: declareCall({
    ...SERVE,
    method: 'POST',
    path: OPERATOR_PATHS.operatorTotpSetup,
    output: ZOperatorTotpSetupResponse,
    audience: operatorWith(null),
  }),
  totpEnable: declareCall({
    ...SERVE,
    method: 'POST',
    path: OPERATOR_PATHS.operatorTotpEnable,
    input: ZOperatorTotpEnableRequest,
    output: ZOperatorTotpEnableResponse,
    audience: operatorWith(null),
  }),
  /** docs/0068: removing needs a current code; an owner resets another operator's, audited. */
  totpRemove: declareCall({
    ...SERVE,
    method: 'POST',
    path: OPERATOR_PATHS.operatorTotpRemove,
    input: ZOperatorTotpRemoveRequest,
    output: ZOperatorTotpEnableResponse,
    audience: operatorWith(null),
  }),
  totpReset: declareCall({
    ...SERVE,
    method: 'POST',
    path: OPERATOR_PATHS.operatorTotpReset,
    input: ZOperatorTotpResetRequest,
    output: ZOperatorTotpEnableResponse,
    audience: operatorWith('operators.manage'),
  }),
  /** No session yet: the platform adds its captcha and lock, the gateway its rate limit. */
  login: declareCall({
    ...SERVE,
    method: 'POST',
    path: WPS_PATHS.operatorLogin,
    input: ZOperatorLoginRequest,
    output: ZOperatorLoginResponse,
    audience: VISITOR,
  }),
  /** Ends the session on the platform, so a copy of the token stops working at once (docs/0070). */
  logout: declareCall({ ...SERVE, method: 'DELETE', path: WPS_PATHS.operatorLogout, output: z.null(), audience: operatorWith(null) }),
} as const;

/** docs/0028: deposits, balance adjustments (four eyes) and money settings (served by the deposit folder). */
export const OPERATOR_DEPOSIT_CALLS = {
  deposits: declareCall({
    ...SERVE,
    method: 'GET',
    path: DEPOSIT_PATHS.operatorDeposits,
    input: ZOperatorDepositsQuery,
    output: ZOperatorDepositsResponse,
    audience: operatorWith('money.read'),
  }),
  approveDeposit: declareCall({
    ...SERVE,
    method: 'POST',
    path: DEPOSIT_PATHS.operatorDepositApprove,
    input: ZDepositDecideRequest,
    output: ZOperatorDepositResponse,
    audience: operatorWith('money.write'),
  }),
  rejectDeposit: declareCall({
    ...SERVE,
    method: 'POST',
    path: DEPOSIT_PATHS.operatorDepositReject,
    input: ZDepositRejectRequest,
    output: ZOperatorDepositResponse,
    audience: operatorWith('money.write'),
  }),
  adjustments: declareCall({
    ...SERVE,
    method: 'GET',
    path: DEPOSIT_PATHS.operatorAdjustments,
    output: ZAdjustmentsResponse,
    audience: operatorWith('money.read'),
  }),
  requestAdjustment: declareCall({
    ...SERVE,
    method: 'POST',
    path: DEPOSIT_PATHS.operatorAdjustments,
    input: ZAdjustmentRequest,
    output: ZAdjustment,
    audience: operatorWith('money.write'),
  }),
  decideAdjustment: declareCall({
    ...SERVE,
    method: 'POST',
    path: DEPOSIT_PATHS.operatorAdjustmentDecide,
    input: ZAdjustmentDecideRequest,
    output: ZAdjustment,
    audience: operatorWith('money.write'),
  }),
  moneySettings: declareCall({
    ...SERVE,
    method: 'GET',
    path: DEPOSIT_PATHS.operatorMoneySettings,
    output: ZMoneySettingsResponse,
    audience: operatorWith('money.read'),
  }),
  setMoneySettings: declareCall({
    ...SERVE,
    method: 'PUT',
    path: DEPOSIT_PATHS.operatorMoneySettings,
    input: ZMoneySettingsRequest,
    output: ZMoneySettingsResponse,
    audience: operatorWith('money.write'),
  }),
  /** docs/0066: a second owner decides a change of the four-eyes limits or channels. */
  decideMoneySettings: declareCall({
    ...SERVE,
    method: 'POST',
    path: DEPOSIT_PATHS.operatorMoneySettingsDecide,
    input: ZMoneySettingsDecideRequest,
    output: ZMoneySettingsResponse,
    audience: operatorWith('money.controls'),
  }),
} as const;

/** docs/0029: withdrawals to pay or reject, and the disputes' proof files (served by the withdraw folder). */
export const OPERATOR_WITHDRAW_CALLS = {
  withdrawals: declareCall({
    ...SERVE,
    method: 'GET',
    path: WITHDRAW_PATHS.operatorWithdrawals,
    input: ZOperatorWithdrawalsQuery,
    output: ZOperatorWithdrawalsResponse,
    audience: operatorWith('money.read'),
  }),
  payWithdrawal: declareCall({
    ...SERVE,
    method: 'POST',
    path: WITHDRAW_PATHS.operatorWithdrawalPay,
    input: ZOperatorWithdrawalPayRequest,
    output: ZOperatorWithdrawalResponse,
    audience: operatorWith('money.write'),
  }),
  rejectWithdrawal: declareCall({
    ...SERVE,
    method: 'POST',
    path: WITHDRAW_PATHS.operatorWithdrawalReject,
    input: ZOperatorWithdrawalRejectRequest,
    output: ZOperatorWithdrawalResponse,
    audience: operatorWith('money.write'),
  }),
  /** A proof file of a dispute, as base64 (the gateway gives it a longer timeout). */
  withdrawalProof: declareCall({
    ...SERVE,
    method: 'GET',
    path: WITHDRAW_PATHS.operatorWithdrawalProof,
    input: ZProofQuery,
    output: ZProofResponse,
    audience: operatorWith('money.read'),
  }),
} as const;

/**
 * docs/0037: category and game switches, the built-in games' rounds (docs/0043)
 * and the lottery settings (docs/0041). Switching is content, like whitelabel flags; rounds are
 * members' stakes and wins (money.read); the lottery's payouts are money (money.write, docs/0066).
 */
export const OPERATOR_GAMES_CALLS = {
  gameCategories: declareCall({
    ...SERVE,
    method: 'GET',
    path: OPERATOR_GAMES_PATHS.operatorGameCategories,
    output: ZOperatorGameCategoriesResponse,
    audience: operatorWith('config.read'),
  }),
  setGameCategory: declareCall({
    ...SERVE,
    method: 'PUT',
    path: OPERATOR_GAMES_PATHS.operatorGameCategories,
    input: ZOperatorSetGameCategoryRequest,
    output: ZOperatorGameCategoriesResponse,
    audience: operatorWith('whitelabel.write'),
  }),
  games: declareCall({
    ...SERVE,
    method: 'GET',
    path: OPERATOR_GAMES_PATHS.operatorGames,
    input: ZOperatorGamesQuery,
    output: ZOperatorGamesResponse,
    audience: operatorWith('config.read'),
  }),
  setGame: declareCall({
    ...SERVE,
    method: 'PUT',
    path: OPERATOR_GAMES_PATHS.operatorGames,
    input: ZOperatorSetGameRequest,
    output: ZOperatorGame,
    audience: operatorWith('whitelabel.write'),
  }),
  gameRounds: declareCall({
    ...SERVE,
    method: 'GET',
    path: OPERATOR_ROUNDS_PATHS.operatorGameRounds,
    input: ZOperatorRoundsQuery,
    output: ZOperatorRoundsResponse,
    audience: operatorWith('money.read'),
  }),
  lotterySettings: declareCall({
    ...SERVE,
    method: 'GET',
    path: OPERATOR_LOTTERY_PATHS.settings,
    output: ZOperatorLotterySettingsResponse,
    audience: operatorWith('config.read'),
  }),
  setLotterySettings: declareCall({
    ...SERVE,
    method: 'PUT',
    path: OPERATOR_LOTTERY_PATHS.settings,
    input: ZOperatorSetLotterySettingsRequest,
    output: ZOperatorLotterySettingsResponse,
    audience: operatorWith('money.write'),
  }),
} as const;
