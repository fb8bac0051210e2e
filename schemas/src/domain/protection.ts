/**
 * The limits a member can set on itself (docs/0102), without zod: the web imports these, and the
 * wire contract (wps/protection-calls.ts) builds on them.
 */

/** Deposit, loss and stake over three rolling periods, and a session's length in minutes. */
export const PROTECTION_LIMIT_KINDS = [
  'deposit_24h',
  'deposit_7d',
  'deposit_30d',
  'loss_24h',
  'loss_7d',
  'loss_30d',
  'stake_24h',
  'stake_7d',
  'stake_30d',
  'session_minutes',
] as const;
export type TProtectionLimitKind = (typeof PROTECTION_LIMIT_KINDS)[number];

/** The deposit limits, shortest period first, with their rolling window in hours. */
export const DEPOSIT_LIMIT_PERIODS = [
  { kind: 'deposit_24h', hours: 24 },
  { kind: 'deposit_7d', hours: 24 * 7 },
  { kind: 'deposit_30d', hours: 24 * 30 },
] as const;

/**
 * Closing the account for a while (docs/0105): a time-out of 24 hours to 6 weeks, or a
 * self-exclusion of 6 months to permanent. Periods in the order the page offers them.
 */
export const EXCLUSION_KINDS = ['timeout', 'self_exclusion'] as const;
export type TExclusionKind = (typeof EXCLUSION_KINDS)[number];
export const TIMEOUT_PERIODS = ['24h', '7d', '30d', '6w'] as const;
export const SELF_EXCLUSION_PERIODS = ['6m', '1y', '3y', '5y', 'permanent'] as const;
export const EXCLUSION_PERIODS = [...TIMEOUT_PERIODS, ...SELF_EXCLUSION_PERIODS] as const;
export type TExclusionPeriod = (typeof EXCLUSION_PERIODS)[number];
/** The periods each kind may choose. */
export const PERIODS_OF: Record<TExclusionKind, readonly TExclusionPeriod[]> = { timeout: TIMEOUT_PERIODS, self_exclusion: SELF_EXCLUSION_PERIODS };

/** When a closure of `period` started at `from` ends (UTC calendar months and years); null: permanent. */
export function exclusionEnd(period: TExclusionPeriod, from: Date): Date | null {
  const d = new Date(from.getTime());
  const DAY = 24 * 60 * 60 * 1000;
  switch (period) {
    case '24h':
      return new Date(d.getTime() + DAY);
    case '7d':
      return new Date(d.getTime() + 7 * DAY);
    case '30d':
      return new Date(d.getTime() + 30 * DAY);
    case '6w':
      return new Date(d.getTime() + 42 * DAY);
    case '6m':
      d.setUTCMonth(d.getUTCMonth() + 6);
      return d;
    case '1y':
    case '3y':
    case '5y':
      d.setUTCFullYear(d.getUTCFullYear() + Number(period[0]));
      return d;
    case 'permanent':
      return null;
  }
}

/** The loss and stake limits a bet is checked against (docs/0104), with their rolling window in hours. */
export const BET_LIMIT_PERIODS = [
  { kind: 'loss_24h', hours: 24 },
  { kind: 'loss_7d', hours: 24 * 7 },
  { kind: 'loss_30d', hours: 24 * 30 },
  { kind: 'stake_24h', hours: 24 },
  { kind: 'stake_7d', hours: 24 * 7 },
  { kind: 'stake_30d', hours: 24 * 30 },
] as const;
export type TBetLimitKind = (typeof BET_LIMIT_PERIODS)[number]['kind'];

/** The reality-check intervals a member or merchant may choose, in minutes (docs/0104). */
export const REALITY_CHECK_MINUTES = [15, 30, 60] as const;

/** The refusal of a round while a reality check is due (docs/0104); the web's game page opens the check's dialog on it. */
export const REALITY_CHECK_DUE = 'protection_reality_check_due';
