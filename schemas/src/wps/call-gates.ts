import { ALL_CALLS } from './all-calls.ts';
import { gateOf, type TCallGate, type TCallKind, type TCallMethod, type TGateModule, type TRegionRule } from './call.ts';

export { SECTION_MODULES, type TCallGate, type TCallKind, type TCallMethod, type TGateModule, type TRegionRule } from './call.ts';
import { ACCOUNT_PATHS } from './account-calls.ts';
import { AGENT_TEAM_PATHS } from './agent-team-calls.ts';
import { CONTACT_PATHS } from './contact-calls.ts';
import { CONTRACT_PATHS } from './contract-calls.ts';
import { DEPOSIT_PATHS } from './deposit-calls.ts';
import { MESSAGE_PATHS } from './message-calls.ts';
import { WPS_CODES, WPS_MESSAGES } from './messages.ts';
import { OPERATOR_PATHS } from './operator-calls.ts';
import { OPERATOR_GAMES_PATHS } from './operator-games-calls.ts';
import { OPERATOR_ROUNDS_PATHS } from './operator-rounds-calls.ts';
import { WPS_PATHS } from './paths.ts';
import { RECENT_PATHS } from './recent-calls.ts';
import { RECORD_PATHS } from './record-calls.ts';
import { TRANSFER_PATHS } from './transfer-calls.ts';
import { WITHDRAW_PATHS } from './withdraw-calls.ts';
import { OPERATOR_LOTTERY_PATHS } from './wlg-lottery-calls.ts';

/**
 * Switches the server obeys (docs/0069): for every wps call the platform serves, the whitelabel
 * modules that must be on, whether maintenance stops it, and whether the region rule refuses it.
 * The platform enforces this table in one request hook (platform/src/http/call-gate.ts); its test
 * fails when a route is missing here. Each entry is the seed of that call's descriptor: fold the
 * fields in when calls are declared one by one.
 */

/** Each refusal: the upstream's 543 "function not available" (UPSTREAM-NOTES), with a message the web translates. */
export const GATE_REFUSALS = {
  module: { code: WPS_CODES.featureOff, message: WPS_MESSAGES.featureOff },
  maintenance: { code: WPS_CODES.featureOff, message: 'error_maintenance' },
  region: { code: WPS_CODES.featureOff, message: 'error_region_restricted' },
} as const;

type TGateOptions = { modules?: readonly TGateModule[]; kind?: TCallKind; region?: TRegionRule };
const call = (method: TCallMethod, path: string, options: TGateOptions = {}): TCallGate => ({
  method,
  path,
  modules: options.modules ?? [],
  kind: options.kind ?? null,
  region: options.region ?? 'refuse',
});
const get = (path: string, options?: TGateOptions) => call('GET', path, options);
const post = (path: string, options?: TGateOptions) => call('POST', path, options);
const put = (path: string, options?: TGateOptions) => call('PUT', path, options);
const del = (path: string, options?: TGateOptions) => call('DELETE', path, options);
/** Served in maintenance and in a restricted region: the status pages need it, or no client makes it. */
const SERVE = { region: 'serve' } as const;

/**
 * Input-dependent switches stay in their services (the call alone does not say which applies):
 * launchGame by game type (GAME_<type>), SMS codes by purpose (MOBILEVERCODELOGIN3, CHNGPASSVERIF3,
 * REGMOBVERF3), SMS login (MOBILEVERCODELOGIN3), contracts by kind (DIVIDEND, DAYSAL, HOURSAL3,
 * RTSALARY3). No call exists yet for REWARD3, REFERRAL3, MISSION3, REBATE3 (their pages are not
 * built), AGENTANNOUNCE3 and AGENTRANSMULTDOWN3: their calls get their module here when they come.
 */
const UNDECLARED_GATES: readonly TCallGate[] = [
  // The viewer of a screen config, and leaving.
  get(WPS_PATHS.memberInfo, SERVE),

  // Security centre (SECCEN3): contacts, authenticator, withdraw password, payout accounts.
  get(WITHDRAW_PATHS.security, { modules: ['SECCEN3'] }),
  post(WITHDRAW_PATHS.withdrawPassword, { modules: ['SECCEN3'] }),
  post(WITHDRAW_PATHS.bankAccount, { modules: ['SECCEN3'] }),
  post(CONTACT_PATHS.bindCode, { modules: ['SECCEN3'] }),
  post(CONTACT_PATHS.bind, { modules: ['SECCEN3'] }),

  // Deposit (DEPOSIT3).
  get(DEPOSIT_PATHS.depositChannels, { modules: ['DEPOSIT3'] }),
  get(DEPOSIT_PATHS.deposit, { modules: ['DEPOSIT3'] }),
  post(DEPOSIT_PATHS.deposit, { modules: ['DEPOSIT3'], kind: 'money' }),

  // Withdraw (WITHDRAW3). The member's answer after payment moves no money and has a deadline
  // (docs/0029): maintenance does not take it away.
  get(WITHDRAW_PATHS.withdraw, { modules: ['WITHDRAW3'] }),
  post(WITHDRAW_PATHS.withdraw, { modules: ['WITHDRAW3'], kind: 'money' }),
  post(WITHDRAW_PATHS.withdrawConfirm, { modules: ['WITHDRAW3'] }),
  get(WITHDRAW_PATHS.withdrawProof, { modules: ['WITHDRAW3'] }),
  post(WITHDRAW_PATHS.withdrawProof, { modules: ['WITHDRAW3'] }),

  // Transfer fund (TRANSFUND3), consolidated funds also behind the agent policy.
  get(TRANSFER_PATHS.merchantWallet, { modules: ['TRANSFUND3'] }),
  post(TRANSFER_PATHS.walletTransfer, { modules: ['TRANSFUND3'], kind: 'money' }),
  post(TRANSFER_PATHS.walletRecall, { modules: ['TRANSFUND3'], kind: 'money' }),
  get(TRANSFER_PATHS.consolidated, { modules: ['TRANSFUND3', 'AGENTPOLICY3'] }),
  // Transfer to the upline (TRANSUP3).
  get(TRANSFER_PATHS.transferUpline, { modules: ['TRANSUP3'] }),
  post(TRANSFER_PATHS.transferUpline, { modules: ['TRANSUP3'], kind: 'money' }),

  // Records and messages, each behind its member-centre page.
  get(RECORD_PATHS.account, { modules: ['TRANSHIST3'] }),
  get(RECORD_PATHS.bets, { modules: ['BETHIST3'] }),
  get(RECORD_PATHS.profit, { modules: ['PROFIT3'] }),
  get(RECORD_PATHS.bonus, { modules: ['BONUS3'] }),
  get(MESSAGE_PATHS.list, { modules: ['MESSAGE3'] }),
  post(MESSAGE_PATHS.read, { modules: ['MESSAGE3'] }),
  post(MESSAGE_PATHS.readAll, { modules: ['MESSAGE3'] }),

  // Wallet and catalogue.
  get(WPS_PATHS.balance),
  get(WPS_PATHS.favouriteIds),
  get(WPS_PATHS.favouriteList),
  post(WPS_PATHS.favouriteAdd),
  del(WPS_PATHS.favouriteRemove),
  get(RECENT_PATHS.recentList),
  get(RECENT_PATHS.vnGameMenuRecent),
  // Launch: the category switch (GAME_<type>) is the launch service's, by the game's type.
  get(WPS_PATHS.launchGame, { kind: 'game' }),
  post(WPS_PATHS.launchGame, { kind: 'game' }),
  get('/wps/game/demo/:nodeId', { kind: 'game' }),

  // Agent centre: each page's calls behind its modId (AGENTCENTER above them all).
  post(AGENT_TEAM_PATHS.registerDownline, { modules: ['REGCEN'] }),
  get(AGENT_TEAM_PATHS.invitations, { modules: ['REGCEN'] }),
  post(AGENT_TEAM_PATHS.invitations, { modules: ['REGCEN'] }),
  post(AGENT_TEAM_PATHS.invitationUpdate, { modules: ['REGCEN'] }),
  post(AGENT_TEAM_PATHS.invitationDelete, { modules: ['REGCEN'] }),
  get(AGENT_TEAM_PATHS.teamBets, { modules: ['TRANSBETREPMEM3'] }),
  get(AGENT_TEAM_PATHS.teamProfit, { modules: ['AGETEAMPNL3'] }),
  get(AGENT_TEAM_PATHS.teamTransactions, { modules: ['AGEDOWNTRANS3'] }),
  get(CONTRACT_PATHS.income, { modules: ['AGEREV3'] }),
  // Contracts: the kind's switch is the contract service's (the kind is in the input).
  get(CONTRACT_PATHS.overview, { modules: ['AGENTCENTER'] }),
  post(CONTRACT_PATHS.offer, { modules: ['AGENTCENTER'] }),
  post(CONTRACT_PATHS.act, { modules: ['AGENTCENTER'] }),
  get(CONTRACT_PATHS.settlements, { modules: ['AGENTCENTER'] }),

  // Operator console: every call served (operators switch maintenance and the region rule off again).
  post(WPS_PATHS.operatorLogin, SERVE),
  del(WPS_PATHS.operatorLogout, SERVE),
  get(WPS_PATHS.operatorSystem, SERVE),
  put(WPS_PATHS.operatorSystem, SERVE),
  get(WPS_PATHS.operatorWhitelabel, SERVE),
  put(WPS_PATHS.operatorWhitelabel, SERVE),
  get(ACCOUNT_PATHS.operatorOutbox, SERVE),
  get(ACCOUNT_PATHS.operatorSecurity, SERVE),
  put(ACCOUNT_PATHS.operatorSecurity, SERVE),
  get(OPERATOR_PATHS.operatorAudit, SERVE),
  post(OPERATOR_PATHS.operatorTotpSetup, SERVE),
  post(OPERATOR_PATHS.operatorTotpEnable, SERVE),
  post(OPERATOR_PATHS.operatorTotpRemove, SERVE),
  post(OPERATOR_PATHS.operatorTotpReset, SERVE),
  get(DEPOSIT_PATHS.operatorDeposits, SERVE),
  post(DEPOSIT_PATHS.operatorDepositApprove, SERVE),
  post(DEPOSIT_PATHS.operatorDepositReject, SERVE),
  get(DEPOSIT_PATHS.operatorAdjustments, SERVE),
  post(DEPOSIT_PATHS.operatorAdjustments, SERVE),
  post(DEPOSIT_PATHS.operatorAdjustmentDecide, SERVE),
  get(DEPOSIT_PATHS.operatorMoneySettings, SERVE),
  put(DEPOSIT_PATHS.operatorMoneySettings, SERVE),
  post(DEPOSIT_PATHS.operatorMoneySettingsDecide, SERVE),
  get(WITHDRAW_PATHS.operatorWithdrawals, SERVE),
  post(WITHDRAW_PATHS.operatorWithdrawalPay, SERVE),
  post(WITHDRAW_PATHS.operatorWithdrawalReject, SERVE),
  get(WITHDRAW_PATHS.operatorWithdrawalProof, SERVE),
  get(OPERATOR_GAMES_PATHS.operatorGameCategories, SERVE),
  put(OPERATOR_GAMES_PATHS.operatorGameCategories, SERVE),
  get(OPERATOR_GAMES_PATHS.operatorGames, SERVE),
  put(OPERATOR_GAMES_PATHS.operatorGames, SERVE),
  get(OPERATOR_ROUNDS_PATHS.operatorGameRounds, SERVE),
  get(OPERATOR_LOTTERY_PATHS.settings, SERVE),
  put(OPERATOR_LOTTERY_PATHS.settings, SERVE),
];

/** Every call the platform serves: the declared calls' own gates, then the calls not yet declared one by one. */
export const CALL_GATES: readonly TCallGate[] = [...ALL_CALLS.map(gateOf), ...UNDECLARED_GATES];

/** The key of a call in lookups: `METHOD path`. */
export function callKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}

/** Every module some call is gated by, each once. */
export function gatingModules(gates: readonly TCallGate[] = CALL_GATES): TGateModule[] {
  return [...new Set(gates.flatMap((g) => g.modules))];
}
