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
