import type { TCallDescriptor, TCallSet } from './call.ts';
import { AGENT_CALLS } from './agent-calls.ts';
import { OPERATOR_CALLS, OPERATOR_DEPOSIT_CALLS, OPERATOR_GAMES_CALLS, OPERATOR_WITHDRAW_CALLS } from './operator-call-set.ts';

/**
 * Every declared call set, by area (docs/0076). The call-gate table, the platform's route
 * registration tests and the access tests walk this: a set missing here is a set no test probes,
 * which `all-calls.test.ts` refuses (every descriptor's path is unique per method).
 */
export const CALL_SETS = {
  agent: AGENT_CALLS,
  operator: OPERATOR_CALLS,
  operatorDeposit: OPERATOR_DEPOSIT_CALLS,
  operatorWithdraw: OPERATOR_WITHDRAW_CALLS,
  operatorGames: OPERATOR_GAMES_CALLS,
} as const satisfies Record<string, TCallSet>;

/** Every declared call, once. */
export const ALL_CALLS: readonly TCallDescriptor[] = Object.values(CALL_SETS).flatMap((set) => Object.values(set));
