import { z } from 'zod';
import { declareCall, operatorWith, REAL_MEMBER } from './call.ts';
import { ZInstant, ZRowId } from './shapes.ts';
import { zText } from '../text.ts';
import {
  BET_LIMIT_PERIODS,
  DEPOSIT_LIMIT_PERIODS,
  EXCLUSION_KINDS,
  EXCLUSION_PERIODS,
  PERIODS_OF,
  PROTECTION_LIMIT_KINDS,
  REALITY_CHECK_DUE,
  REALITY_CHECK_MINUTES,
  exclusionEnd,
  type TBetLimitKind,
  type TExclusionKind,
  type TExclusionPeriod,
  type TProtectionLimitKind,
} from '../domain/protection.ts';

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
  /** GET: the member's closure (time-out or self-exclusion) and its reopening, if any (docs/0105). */
  exclusion: '/wps/member/protection/exclusion',
  /** POST { kind, period, confirm: true }: close the account now; every session ends. */
  exclude: '/wps/member/protection/exclusion/start',
  /** POST: after the end, ask to reopen; the cooling-off starts. */
  reopenRequest: '/wps/member/protection/exclusion/reopen',
  /** POST { confirm: true }: after the cooling-off, reopen the account. */
  reopenConfirm: '/wps/member/protection/exclusion/reopen/confirm',
  /** POST { memberId, endsAt, reason }: an operator lengthens a member's closure (never shortens). */
  lengthen: '/wps/operator/compliance/exclusion/lengthen',
  /** GET: this session's clock, stakes and net, the reality check and the previous login (docs/0104). */
  session: '/wps/member/protection/session',
  /** POST { intervalMinutes }: the member's reality-check interval (15, 30 or 60; null: off). */
  realityCheck: '/wps/member/protection/reality-check',
  /** POST {}: the member acknowledges a reality check; play goes on for another interval. */
  acknowledge: '/wps/member/protection/reality-check/acknowledge',
} as const;

export {
  BET_LIMIT_PERIODS,
  DEPOSIT_LIMIT_PERIODS,
  EXCLUSION_KINDS,
  EXCLUSION_PERIODS,
  PERIODS_OF,
  PROTECTION_LIMIT_KINDS,
  REALITY_CHECK_MINUTES,
  exclusionEnd,
};
export type { TBetLimitKind, TExclusionKind, TExclusionPeriod, TProtectionLimitKind };

/** Message keys of the protection area; the web translates them. */
export const PROTECTION_MESSAGES = {
  /** A deposit over the room one deposit limit leaves, one key per period (the web names the room and when it comes back). */
  depositLimit: { deposit_24h: 'protection_deposit_limit_24h', deposit_7d: 'protection_deposit_limit_7d', deposit_30d: 'protection_deposit_limit_30d' },
  noPending: 'protection_no_pending',
  notDue: 'protection_pending_not_due',
  unchanged: 'protection_unchanged',
  sessionTooLong: 'protection_session_too_long',
  /** Refused while the account is closed (time-out or self-exclusion, docs/0105); the value carries `endsAt`. */
  excluded: 'protection_excluded',
  /** A second closure that would end sooner than the one in force. */
  cannotShorten: 'protection_exclusion_cannot_shorten',
  /** The period does not belong to the kind. */
  badPeriod: 'protection_exclusion_bad_period',
  /** Reopening: nothing closed, not ended yet, not asked, the cooling-off not over, or another brand's closure. */
  notClosed: 'protection_not_closed',
  notEnded: 'protection_exclusion_not_ended',
  noReopenRequest: 'protection_no_reopen_request',
  coolingOff: 'protection_cooling_off',
  otherBrand: 'protection_exclusion_other_brand',
  /** A registration whose mobile, e-mail or payee name is an excluded person's. */
  registrationExcluded: 'protection_registration_excluded',
  /** A bet over the room a loss or stake limit leaves, one key per limit (docs/0104); the refusal carries `resetAt`. */
  betLimit: {
    loss_24h: 'protection_loss_limit_24h',
    loss_7d: 'protection_loss_limit_7d',
    loss_30d: 'protection_loss_limit_30d',
    stake_24h: 'protection_stake_limit_24h',
    stake_7d: 'protection_stake_limit_7d',
    stake_30d: 'protection_stake_limit_30d',
  },
  /** The session is past the member's session limit: no new round until the member logs in again (docs/0104). */
  sessionLimit: 'protection_session_limit',
  /** A reality check is due: no new round until the member acknowledges it (docs/0104). */
  realityCheckDue: REALITY_CHECK_DUE,
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
/** A closure's state in the log (docs/0105): its kind, period and end, the reopening's steps, an operator's reason. */
const ZExclusionLogState = z.object({
  kind: z.enum(EXCLUSION_KINDS),
  period: z.enum(EXCLUSION_PERIODS),
  endsAt: ZInstant.nullable(),
  reopenConfirmableAt: ZInstant.nullable().optional(),
  reopened: z.boolean().optional(),
  reason: z.string().max(500).optional(),
});
const ZRealityInterval = z.literal(REALITY_CHECK_MINUTES);
/** A reality check's state in the log: the interval (null: off) and, for an acknowledgement, the session's figures then. */
const ZRealityState = z.object({
  intervalMinutes: ZRealityInterval.nullable(),
  sessionMinutes: z.number().int().nonnegative().optional(),
  stakedMinor: z.number().int().nonnegative().optional(),
  netMinor: z.number().int().optional(),
});
/** docs/0106: an operator's account state or limit, with its reason. */
const ZOperatorLogState = z.object({
  reason: z.string().max(500),
  state: z.record(z.string().max(40), z.boolean()).optional(),
  limit: z.object({ kind: ZProtectionKind, value: ZLimitValue.nullable(), scope: z.enum(['member', 'merchant']) }).optional(),
});
const ZLogState = z.union([ZLimitState, z.object({ choice: z.enum(['set', 'skip']) }), ZExclusionLogState, ZRealityState, ZOperatorLogState]).nullable();

export const PROTECTION_EVENT_KINDS = [
  'limit_set',
  'raise_requested',
  'raise_confirmed',
  'pending_cancelled',
  'prompt_answered',
  'exclusion_started',
  'exclusion_lengthened',
  'reopen_requested',
  'reopened',
  'reality_check_set',
  'reality_check',
  'account_state_set',
  'operator_limit_set',
] as const;
export const ZProtectionEvent = z.object({
  id: z.number().int().positive(),
  at: ZInstant,
  channel: z.enum(['member', 'agent', 'operator', 'system']),
  kind: z.enum(PROTECTION_EVENT_KINDS),
  limitKind: ZProtectionKind.nullable(),
  /** A limit's whole state before and after the event (the log rebuilds limits from these), the prompt's answer, or a closure's state. */
  before: ZLogState,
  after: ZLogState,
});
export type TProtectionEvent = z.infer<typeof ZProtectionEvent>;
export const ZProtectionHistory = z.object({ events: z.array(ZProtectionEvent).max(500) });
export type TProtectionHistory = z.infer<typeof ZProtectionHistory>;

/** The member's closure, if the account is closed (docs/0105). */
export const ZExclusion = z.object({
  kind: z.enum(EXCLUSION_KINDS),
  period: z.enum(EXCLUSION_PERIODS),
  startedAt: ZInstant,
  /** Null: permanent. */
  endsAt: ZInstant.nullable(),
  /** The end has passed: the account stays closed until reopened (request, cooling-off, confirmation). */
  ended: z.boolean(),
  /** Another brand's closure of the same person (mobile, e-mail or payee name): only that account can reopen. */
  otherBrand: z.boolean(),
  /** The reopen request, from when it may be confirmed, and whether that is now. */
  reopen: z.object({ requestedAt: ZInstant, confirmableAt: ZInstant, confirmable: z.boolean() }).nullable(),
});
export type TExclusion = z.infer<typeof ZExclusion>;
export const ZExclusionStatus = z.object({
  exclusion: ZExclusion.nullable(),
  /** The merchant's cooling-off before a reopen may be confirmed, in hours (never under 24). */
  coolingOffHours: z.number().int().min(24).max(720),
});
export type TExclusionStatus = z.infer<typeof ZExclusionStatus>;

export const ZExcludeRequest = z
  .object({ kind: z.enum(EXCLUSION_KINDS), period: z.enum(EXCLUSION_PERIODS), confirm: z.literal(true) })
  .refine((r) => PERIODS_OF[r.kind].includes(r.period), { message: 'protection_exclusion_bad_period', path: ['period'] });
export type TExcludeRequest = z.infer<typeof ZExcludeRequest>;
export const ZConfirmRequest = z.object({ confirm: z.literal(true) });
export const ZLengthenRequest = z.object({
  memberId: ZRowId,
  /** The new end, later than the one in force; null: permanent. */
  endsAt: ZInstant.nullable(),
  reason: zText({ max: 500, min: 3, multiline: true }),
});
export type TLengthenRequest = z.infer<typeof ZLengthenRequest>;
/** The member's session as the game pages and the responsible gaming page show it (docs/0104). */
export const ZProtectionSession = z.object({
  /** This session's login; null without a live session. */
  startedAt: ZInstant.nullable(),
  /** Whole minutes since this session's login (0 without a session). */
  minutes: z.number().int().nonnegative(),
  /** The login before this one; null on a first login. */
  previousLoginAt: ZInstant.nullable(),
  /** Gross stakes since the login (rolled-back bets excluded), and wins less stakes (negative: a loss). */
  stakedMinor: z.number().int().nonnegative(),
  netMinor: z.number().int(),
  realityCheck: z.object({
    /** The interval in force (the member's own, else the merchant's default); null: none. */
    intervalMinutes: ZRealityInterval.nullable(),
    /** Whether the member chose it (false: the merchant's default applies). */
    own: z.boolean(),
    /** When the next check falls due; null without an interval or a session. */
    dueAt: ZInstant.nullable(),
    /** Due now: no new round until acknowledged. */
    due: z.boolean(),
  }),
  /** The member's session limit in minutes, and when this session reaches it; null without one. */
  sessionLimitMinutes: z.number().int().positive().nullable(),
  sessionEndsAt: ZInstant.nullable(),
});
export type TProtectionSession = z.infer<typeof ZProtectionSession>;
export const ZRealityCheckRequest = z.object({ intervalMinutes: ZRealityInterval.nullable() }).strict();
export const ZAcknowledgeRequest = z.object({}).strict();

const member = { moduleId: 'PROTECTION', audience: REAL_MEMBER } as const;
export const PROTECTION_CALLS = {
  limits: declareCall({ method: 'GET', path: PROTECTION_PATHS.limits, output: ZProtectionStatus, ...member }),
  set: declareCall({ method: 'POST', path: PROTECTION_PATHS.set, input: ZProtectionSetRequest, output: ZProtectionStatus, ...member }),
  confirm: declareCall({ method: 'POST', path: PROTECTION_PATHS.confirm, input: ZProtectionKindRequest, output: ZProtectionStatus, ...member }),
  cancel: declareCall({ method: 'POST', path: PROTECTION_PATHS.cancel, input: ZProtectionKindRequest, output: ZProtectionStatus, ...member }),
  prompt: declareCall({ method: 'POST', path: PROTECTION_PATHS.prompt, input: ZProtectionPromptRequest, output: ZProtectionStatus, ...member }),
  history: declareCall({ method: 'GET', path: PROTECTION_PATHS.history, output: ZProtectionHistory, ...member }),
  exclusion: declareCall({ method: 'GET', path: PROTECTION_PATHS.exclusion, output: ZExclusionStatus, ...member }),
  exclude: declareCall({ method: 'POST', path: PROTECTION_PATHS.exclude, input: ZExcludeRequest, output: ZExclusionStatus, ...member }),
  reopenRequest: declareCall({ method: 'POST', path: PROTECTION_PATHS.reopenRequest, output: ZExclusionStatus, ...member }),
  reopenConfirm: declareCall({ method: 'POST', path: PROTECTION_PATHS.reopenConfirm, input: ZConfirmRequest, output: ZExclusionStatus, ...member }),
  /** The console's compliance page (docs/0105): lengthen only, with a reason; compliance.write. */
  lengthen: declareCall({
    method: 'POST',
    path: PROTECTION_PATHS.lengthen,
    input: ZLengthenRequest,
    output: ZExclusionStatus,
    moduleId: 'OPERATOR',
    region: 'serve',
    audience: operatorWith('compliance.write'),
  }),
  session: declareCall({ method: 'GET', path: PROTECTION_PATHS.session, output: ZProtectionSession, ...member }),
  realityCheck: declareCall({ method: 'POST', path: PROTECTION_PATHS.realityCheck, input: ZRealityCheckRequest, output: ZProtectionSession, ...member }),
  acknowledge: declareCall({ method: 'POST', path: PROTECTION_PATHS.acknowledge, input: ZAcknowledgeRequest, output: ZProtectionSession, ...member }),
} as const;
