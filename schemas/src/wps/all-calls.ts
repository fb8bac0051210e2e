import type { TCallDescriptor, TCallSet } from './call.ts';
import { AGENT_CALLS } from './agent-calls.ts';
import { DEPOSIT_CALLS, FAVOURITE_CALLS, MEMBER_CALLS, MESSAGE_CALLS, RECENT_CALLS, RECORD_CALLS, SECURITY_CALLS, TRANSFER_CALLS, WITHDRAW_CALLS, WITHDRAW_PROOF_UPLOAD_CALLS } from './member-call-sets.ts';
import { AGENT_TEAM_CALLS } from './agent-team-calls.ts';
import { CONTRACT_CALLS } from './contract-calls.ts';
import { OPERATOR_CALLS, OPERATOR_DEPOSIT_CALLS, OPERATOR_GAMES_CALLS, OPERATOR_WITHDRAW_CALLS } from './operator-call-set.ts';

/**
 * Every declared call set, by area (docs/0076). The call-gate table, the platform's route
 * registration tests and the access tests walk this: a set missing here is a set no test probes,
 * which `all-calls.test.ts` refuses (every descriptor's path is unique per method).
 */
export const CALL_SETS = {
  agent: AGENT_CALLS,
  deposit: DEPOSIT_CALLS,
  withdraw: WITHDRAW_CALLS,
  withdrawProofUpload: WITHDRAW_PROOF_UPLOAD_CALLS,
  transfer: TRANSFER_CALLS,
  records: RECORD_CALLS,
  messages: MESSAGE_CALLS,
  security: SECURITY_CALLS,
  member: MEMBER_CALLS,
  favourites: FAVOURITE_CALLS,
  recent: RECENT_CALLS,
  agentTeam: AGENT_TEAM_CALLS,
  contract: CONTRACT_CALLS,
  operator: OPERATOR_CALLS,
  operatorDeposit: OPERATOR_DEPOSIT_CALLS,
  operatorWithdraw: OPERATOR_WITHDRAW_CALLS,
  operatorGames: OPERATOR_GAMES_CALLS,
} as const satisfies Record<string, TCallSet>;

/** Every declared call, once. */
export const ALL_CALLS: readonly TCallDescriptor[] = Object.values(CALL_SETS).flatMap((set) => Object.values(set));
