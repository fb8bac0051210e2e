import { z } from 'zod';
import { declareCall, operatorWith } from './call.ts';
import { ZInstant } from './shapes.ts';
import { zText } from '../text.ts';
import { ZProtectionEvent, ZProtectionKind, ZProtectionLimit } from './protection-calls.ts';

/**
 * Operator compliance controls (docs/0106): a member's account state (deposits, bets or withdrawals
 * blocked, suspended, fully blocked), the operator's limits for the merchant or one member, and
 * gaming switched off (all, one vendor, one game). Reading needs compliance.read, changing
 * compliance.write; every change carries a reason and is audited with its before and after.
 */
export const COMPLIANCE_PATHS = {
  /** GET ?username=: one member's account state, own and operator limits, and protection history. */
  member: '/wps/operator/compliance/member',
  /** POST { memberId, state, reason }: set the member's account state. */
  accountState: '/wps/operator/compliance/member/state',
  /** POST { memberId|null, kind, value|null, reason }: set or lift an operator limit (null member: every member). */
  limit: '/wps/operator/compliance/limit',
  /** GET: the merchant's limits and switch-offs; POST { scope, target, off, reason }: switch gaming off or on. */
  gaming: '/wps/operator/compliance/gaming',
} as const;

/** What an account state blocks, and the action a refusal names. */
export const ACCOUNT_ACTIONS = ['deposit', 'bet', 'withdraw', 'launch', 'login'] as const;
export type TAccountAction = (typeof ACCOUNT_ACTIONS)[number];

/** Message keys of compliance refusals and console errors; the web translates them (EN and BN). */
export const COMPLIANCE_MESSAGES = {
  depositBlocked: 'account_deposit_blocked',
  betBlocked: 'account_bet_blocked',
  withdrawBlocked: 'account_withdraw_blocked',
  suspended: 'account_suspended',
  fullBlock: 'account_full_block',
  gamingOff: 'gaming_switched_off',
  memberNotFound: 'compliance_member_not_found',
  unchanged: 'compliance_unchanged',
} as const;

export const ZAccountState = z.object({
  depositBlocked: z.boolean(),
  betBlocked: z.boolean(),
  withdrawBlocked: z.boolean(),
  /** No login, no money or game actions: a temporary hold (an investigation). */
  suspended: z.boolean(),
  /** No login, no money or game actions: the account is closed to play. */
  fullBlock: z.boolean(),
});
export type TAccountState = z.infer<typeof ZAccountState>;
export const NO_ACCOUNT_STATE: TAccountState = { depositBlocked: false, betBlocked: false, withdrawBlocked: false, suspended: false, fullBlock: false };

/** Every change's reason: said, one to 500 characters, no control characters. */
export const ZComplianceReason = zText({ max: 500, min: 1, multiline: true });

const ZMemberId = z.number().int().positive().max(2_147_483_647);
const ZLimitValue = z.number().int().positive().max(10_000_000_000);

export const ZComplianceMemberQuery = z.object({ username: zText({ max: 64, min: 1 }) });
export const ZComplianceMember = z.object({
  memberId: ZMemberId,
  username: z.string().max(200),
  state: ZAccountState,
  stateReason: z.string().max(500).nullable(),
  stateSetAt: ZInstant.nullable(),
  /** The member's own limits (with pending changes). */
  own: z.array(ZProtectionLimit).max(10),
  /** The operator's limits for this member and for every member, and the effective one (the lower). */
  operator: z
    .array(z.object({ kind: ZProtectionKind, member: ZLimitValue.nullable(), merchant: ZLimitValue.nullable(), effective: ZLimitValue.nullable() }))
    .max(10),
  history: z.array(ZProtectionEvent).max(500),
});
export type TComplianceMember = z.infer<typeof ZComplianceMember>;

export const ZAccountStateRequest = z.object({ memberId: ZMemberId, state: ZAccountState, reason: ZComplianceReason });
export const ZOperatorLimitRequest = z.object({
  memberId: ZMemberId.nullable(),
  kind: ZProtectionKind,
  value: ZLimitValue.nullable(),
  reason: ZComplianceReason,
});

export const GAMING_SCOPES = ['all', 'vendor', 'game'] as const;
export const ZGamingSwitchRequest = z.object({
  scope: z.enum(GAMING_SCOPES),
  /** '' for all; a vendor's code; a game's node id. */
  target: zText({ max: 64 }),
  off: z.boolean(),
  reason: ZComplianceReason,
});
export const ZComplianceGaming = z.object({
  switchOffs: z.array(z.object({ scope: z.enum(GAMING_SCOPES), target: z.string().max(64), reason: z.string().max(500), at: ZInstant })).max(1000),
  limits: z.array(z.object({ kind: ZProtectionKind, value: ZLimitValue })).max(10),
});
export type TComplianceGaming = z.infer<typeof ZComplianceGaming>;

const SERVE = { moduleId: 'OPERATOR', region: 'serve' } as const;
export const OPERATOR_COMPLIANCE_CALLS = {
  complianceMember: declareCall({
    ...SERVE,
    method: 'GET',
    path: COMPLIANCE_PATHS.member,
    input: ZComplianceMemberQuery,
    output: ZComplianceMember,
    audience: operatorWith('compliance.read'),
  }),
  setAccountState: declareCall({
    ...SERVE,
    method: 'POST',
    path: COMPLIANCE_PATHS.accountState,
    input: ZAccountStateRequest,
    output: ZComplianceMember,
    audience: operatorWith('compliance.write'),
  }),
  setOperatorLimit: declareCall({
    ...SERVE,
    method: 'POST',
    path: COMPLIANCE_PATHS.limit,
    input: ZOperatorLimitRequest,
    output: ZComplianceGaming,
    audience: operatorWith('compliance.write'),
  }),
  complianceGaming: declareCall({
    ...SERVE,
    method: 'GET',
    path: COMPLIANCE_PATHS.gaming,
    output: ZComplianceGaming,
    audience: operatorWith('compliance.read'),
  }),
  switchGaming: declareCall({
    ...SERVE,
    method: 'POST',
    path: COMPLIANCE_PATHS.gaming,
    input: ZGamingSwitchRequest,
    output: ZComplianceGaming,
    audience: operatorWith('compliance.write'),
  }),
} as const;
