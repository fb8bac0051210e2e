import { z } from 'zod';
import { declareCall, REAL_MEMBER } from './call.ts';
import { ZInstant } from './shapes.ts';
import { DEPOSIT_LIMIT_PERIODS, PROTECTION_LIMIT_KINDS, type TProtectionLimitKind } from '../domain/protection.ts';

/**
 * Player protection, part one (docs/0102): limits the member sets on itself, raises that wait for
 * the merchant's delay and a second confirmation, the first-deposit prompt, and the member's own
 * protection history. Every call is the session's own member; trial accounts are refused.
 */
export const PROTECTION_PATHS = {
  /** GET: every limit with its pending change, the deposit room left and the prompt's state. */
  limits: '/wps/member/protection/limits',
  /** POST { kind, value }: set, lower, raise or remove (value null) one limit. */
  set: '/wps/member/protection/limits/set',
  /** POST { kind }: confirm a pending raise or removal once its delay has passed. */
  confirm: '/wps/member/protection/limits/confirm',
  /** POST { kind }: cancel a pending raise or removal. */
  cancel: '/wps/member/protection/limits/cancel',
  /** POST { choice }: the first-deposit prompt answered (a limit set, or skipped). */
  prompt: '/wps/member/protection/prompt',
  /** GET: the member's own protection log, newest first. */
  history: '/wps/member/protection/history',
} as const;

export { DEPOSIT_LIMIT_PERIODS, PROTECTION_LIMIT_KINDS, type TProtectionLimitKind };

/** Message keys of the protection area; the web translates them. */
export const PROTECTION_MESSAGES = {
  /** A deposit over the room one deposit limit leaves, one key per period (the web names the room and when it comes back). */
  depositLimit: { deposit_24h: 'protection_deposit_limit_24h', deposit_7d: 'protection_deposit_limit_7d', deposit_30d: 'protection_deposit_limit_30d' },
  noPending: 'protection_no_pending',
  notDue: 'protection_pending_not_due',
  unchanged: 'protection_unchanged',
  sessionTooLong: 'protection_session_too_long',
} as const;

/** A limit's value: minor units for money, minutes for the session; at most ৳10 crore or a day. */
const ZLimitValue = z.number().int().positive().max(10_000_000_000);
export const ZProtectionKind = z.enum(PROTECTION_LIMIT_KINDS);

export const ZProtectionLimit = z.object({
  kind: ZProtectionKind,
  /** In force now; null: none. */
  value: ZLimitValue.nullable(),
  /** A raise or removal waiting: its value (null removes), from when it may be confirmed, and whether that is now. */
  pending: z.object({ value: ZLimitValue.nullable(), effectiveAt: ZInstant, confirmable: z.boolean() }).nullable(),
});
export type TProtectionLimit = z.infer<typeof ZProtectionLimit>;

export const ZDepositRoom = z.object({
  /** What may still be deposited now under every deposit limit; null: no deposit limit. */
  roomMinor: z.number().int().nonnegative().nullable(),
  /** The limit that leaves the least room, and its value; null without one. */
  binding: ZProtectionKind.nullable(),
  limitMinor: z.number().int().nonnegative().nullable(),
  /** When the binding limit's room grows again (its oldest deposit in the window leaves it); null when nothing counts yet. */
  backAt: ZInstant.nullable(),
});
export type TDepositRoom = z.infer<typeof ZDepositRoom>;

export const ZProtectionStatus = z.object({
  limits: z.array(ZProtectionLimit).max(PROTECTION_LIMIT_KINDS.length),
  deposit: ZDepositRoom,
  /** How long a raise waits before it may be confirmed (the merchant's setting, never under 24). */
  raiseDelayHours: z.number().int().min(24).max(720),
  /** Ask before the first deposit: no deposit yet, no deposit limit, and the prompt never answered (a limit set or skipped). */
  promptDue: z.boolean(),
  /** docs/0106: limits the operator set for this member or every member (the lower binds; the member's own may only be lower). */
  operator: z.array(z.object({ kind: ZProtectionKind, value: ZLimitValue })).max(PROTECTION_LIMIT_KINDS.length),
  /** docs/0106: since the account opened: gross deposits, withdrawals paid out, and deposits less withdrawals. */
  lifetime: z.object({ depositsMinor: z.number().int().nonnegative(), withdrawalsMinor: z.number().int().nonnegative(), netMinor: z.number().int() }),
});
export type TProtectionStatus = z.infer<typeof ZProtectionStatus>;

export const ZProtectionSetRequest = z.object({ kind: ZProtectionKind, value: ZLimitValue.nullable() });
export type TProtectionSetRequest = z.infer<typeof ZProtectionSetRequest>;
export const ZProtectionKindRequest = z.object({ kind: ZProtectionKind });
export const ZProtectionPromptRequest = z.object({ choice: z.enum(['set', 'skip']) });

const ZLimitState = z.object({
  value: ZLimitValue.nullable(),
  pending: z.object({ value: ZLimitValue.nullable(), effectiveAt: ZInstant }).nullable(),
});
/** docs/0106: an operator's account state or limit, with its reason. */
const ZOperatorLogState = z.object({
  reason: z.string().max(500),
  state: z.record(z.string().max(40), z.boolean()).optional(),
  limit: z.object({ kind: ZProtectionKind, value: ZLimitValue.nullable(), scope: z.enum(['member', 'merchant']) }).optional(),
});
const ZLogState = z.union([ZLimitState, z.object({ choice: z.enum(['set', 'skip']) }), ZOperatorLogState]).nullable();

export const PROTECTION_EVENT_KINDS = [
  'limit_set',
  'raise_requested',
  'raise_confirmed',
  'pending_cancelled',
  'prompt_answered',
  'account_state_set',
  'operator_limit_set',
] as const;
export const ZProtectionEvent = z.object({
  id: z.number().int().positive(),
  at: ZInstant,
  channel: z.enum(['member', 'agent', 'operator', 'system']),
  kind: z.enum(PROTECTION_EVENT_KINDS),
  limitKind: ZProtectionKind.nullable(),
  /** A limit's whole state before and after the event (the log rebuilds limits from these), or the prompt's answer. */
  before: ZLogState,
  after: ZLogState,
});
export type TProtectionEvent = z.infer<typeof ZProtectionEvent>;
export const ZProtectionHistory = z.object({ events: z.array(ZProtectionEvent).max(500) });
export type TProtectionHistory = z.infer<typeof ZProtectionHistory>;

const member = { moduleId: 'PROTECTION', audience: REAL_MEMBER } as const;
export const PROTECTION_CALLS = {
  limits: declareCall({ method: 'GET', path: PROTECTION_PATHS.limits, output: ZProtectionStatus, ...member }),
  set: declareCall({ method: 'POST', path: PROTECTION_PATHS.set, input: ZProtectionSetRequest, output: ZProtectionStatus, ...member }),
  confirm: declareCall({ method: 'POST', path: PROTECTION_PATHS.confirm, input: ZProtectionKindRequest, output: ZProtectionStatus, ...member }),
  cancel: declareCall({ method: 'POST', path: PROTECTION_PATHS.cancel, input: ZProtectionKindRequest, output: ZProtectionStatus, ...member }),
  prompt: declareCall({ method: 'POST', path: PROTECTION_PATHS.prompt, input: ZProtectionPromptRequest, output: ZProtectionStatus, ...member }),
  history: declareCall({ method: 'GET', path: PROTECTION_PATHS.history, output: ZProtectionHistory, ...member }),
} as const;
