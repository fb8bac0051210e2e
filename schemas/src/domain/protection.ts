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
