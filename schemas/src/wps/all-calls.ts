import type { TCallDescriptor, TCallSet } from './call.ts';
import { AGENT_CALLS } from './agent-calls.ts';
import { ACCOUNT_CALLS, SESSION_CALLS, VERIFICATION_CALLS } from './account-call-set.ts';
import { ASSET_CALLS, CATALOGUE_CALLS, CONTENT_CALLS } from './catalogue-call-set.ts';
import { SEAMLESS_CALLS } from './seamless-calls.ts';
import { CONFIG_WATCH_CALLS, SYSTEM_CALLS } from './system-call-set.ts';
import { WLG_CALLS } from './wlg-calls.ts';
import { WLG_CRASH_CALLS } from './wlg-crash.ts';
import { WLG_LOTTERY_CALLS } from './wlg-lottery-calls.ts';

/**
 * Every declared call set, by area (docs/0076). The call-gate table, the platform's route
 * registration tests and the access tests walk this: a set missing here is a set no test probes,
 * which `all-calls.test.ts` refuses (every descriptor's path is unique per method).
 */
export const CALL_SETS = {
  agent: AGENT_CALLS,
  session: SESSION_CALLS,
  account: ACCOUNT_CALLS,
  verification: VERIFICATION_CALLS,
  system: SYSTEM_CALLS,
  configWatch: CONFIG_WATCH_CALLS,
  catalogue: CATALOGUE_CALLS,
  content: CONTENT_CALLS,
  assets: ASSET_CALLS,
  games: WLG_CALLS,
  crash: WLG_CRASH_CALLS,
  lottery: WLG_LOTTERY_CALLS,
  seamless: SEAMLESS_CALLS,
} as const satisfies Record<string, TCallSet>;

/** Every declared call, once. */
export const ALL_CALLS: readonly TCallDescriptor[] = Object.values(CALL_SETS).flatMap((set) => Object.values(set));
