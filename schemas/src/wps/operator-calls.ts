import { z } from 'zod';
import { zText } from '../text.ts';
import { ZOperatorPageInfo } from './shapes.ts';

/**
 * docs/0010 (operators are not members): operator roles and permissions, operator TOTP and the
 * operator audit log. Requests are what the gateway sends; responses are the envelope's `value`.
 */

/** ours: operator calls of docs/0010. */
export const OPERATOR_PATHS = {
  /** GET: the operator audit log, filtered and paged (audit.read). */
  operatorAudit: '/wps/operator/audit',
  /** POST: a new pending authenticator secret for the calling operator. */
  operatorTotpSetup: '/wps/operator/totp/setup',
  /** POST: confirms the pending secret with a code; login then needs a code. */
  operatorTotpEnable: '/wps/operator/totp/enable',
  /** POST: turns the calling operator's authenticator off; needs its current code (docs/0068). */
  operatorTotpRemove: '/wps/operator/totp/remove',
  /** POST: an owner turns another operator's authenticator off (lost phone); audited (docs/0068). */
  operatorTotpReset: '/wps/operator/totp/reset',
} as const;

/** Operator roles (docs/0010): what each may do is in platform/src/access/permissions.ts. */
export const OPERATOR_ROLES = ['owner', 'finance', 'support', 'content'] as const;
export const ZOperatorRole = z.enum(OPERATOR_ROLES);
export type TOperatorRole = z.infer<typeof ZOperatorRole>;

/** Everything an operator call may need; each operator route declares exactly one. */
export const OPERATOR_PERMISSIONS = [
  'config.read',
  'whitelabel.write',
  'system.write',
  'security.read',
  'security.write',
  'outbox.read',
  'audit.read',
  'operators.manage',
  /** docs/0028: pending deposits and withdrawals, disputes, member balances (read). */
  'money.read',
  /** docs/0028: approve, reject and pay; adjust balances; money settings. */
  'money.write',
  /** The four-eyes limits and the deposit channels: owner only, each change approved by a second owner (docs/0066). */
  'money.controls',
  /** docs/0106: a member's account state, limits and protection history, gaming switch-offs (read). */
  'compliance.read',
  /** docs/0105, docs/0106: set account states and operator limits, switch gaming off, lengthen a time-out or self-exclusion (never shorten), each with a reason. */
  'compliance.write',
  /** docs/0111: the feedback inbox, one feedback with its images (each opening audited). */
  'feedback.read',
  /** docs/0111: reply to a member's feedback, close it; audited. */
  'feedback.write',
  /** docs/0109: the site's written content (the help centre's texts). */
  'content.write',
  /** docs/0117: the chat room: mute a member, delete a message, close or open the room, each with a reason. */
  'chat.moderate',
  /** docs/0122: stop all gaming or all money movement at once, with a reason, and lift it (owner only). */
  'emergency.write',
  /** docs/0122: find a member by username, mobile or id and see its profile, balance, records and audit trail; each lookup audited. */
  'member.lookup',
  /** docs/0122: see a looked-up member's mobile, e-mail and bank accounts unmasked (owner only). */
  'member.contact.read',
] as const;
export const ZOperatorPermission = z.enum(OPERATOR_PERMISSIONS);
export type TOperatorPermission = z.infer<typeof ZOperatorPermission>;

/** Message keys of docs/0010 operator calls; the web translates them in EN and BN. */
export const OPERATOR_MESSAGES = {
  totpRequired: 'error_operator_totp_required',
  totpWrong: 'error_operator_totp_wrong',
} as const;

/** Who is logged in to the console and what the platform lets them do. */
export const ZOperatorIdentity = z.object({
  id: z.number().int().positive(),
  username: z.string().max(200),
  name: z.string().max(200),
  role: ZOperatorRole,
  permissions: z.array(ZOperatorPermission).max(OPERATOR_PERMISSIONS.length),
  totpEnabled: z.boolean(),
});
export type TOperatorIdentity = z.infer<typeof ZOperatorIdentity>;

const ZIsoDate = zText({ max: 40 }).pipe(z.iso.datetime({ offset: true }));

/** Audit log filters: actor username, exact action, a date range (ISO), page. */
export const ZOperatorAuditQuery = z.object({
  actor: zText({ max: 200, min: 1 }).optional(),
  action: zText({ max: 64 })
    .regex(/^[a-z]+(\.[a-z]+)*$/, 'invalid action')
    .optional(),
  from: ZIsoDate.optional(),
  to: ZIsoDate.optional(),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type TOperatorAuditQuery = z.infer<typeof ZOperatorAuditQuery>;

/** One operator mutation: who, when, from where, what, and the state before and after. */
export const ZOperatorAuditEntry = z.object({
  id: z.number().int().positive(),
  at: z.string().max(40),
  operatorId: z.number().int().nullable(),
  operatorUsername: z.string().max(200),
  ip: z.string().max(64),
  action: z.string().max(64),
  before: z.unknown(),
  after: z.unknown(),
});
export type TOperatorAuditEntry = z.infer<typeof ZOperatorAuditEntry>;
export const ZOperatorAuditResponse = z.object({
  entries: z.array(ZOperatorAuditEntry).max(100),
  ...ZOperatorPageInfo,
});

export const ZOperatorTotpSetupResponse = z.object({ secret: z.string().max(128), otpauthUrl: z.string().max(1000) });
const ZTotpCode = zText({ max: 16 }).regex(/^[0-9]{6}$/, 'six digits');
/** `currentCode`: a code of the authenticator being replaced, required when one is on (docs/0068). */
export const ZOperatorTotpEnableRequest = z.object({ code: ZTotpCode, currentCode: ZTotpCode.optional() });
export const ZOperatorTotpRemoveRequest = z.object({ code: ZTotpCode });
export const ZOperatorTotpResetRequest = z.object({ operatorId: z.number().int().positive().max(2_147_483_647) });
export const ZOperatorTotpEnableResponse = z.object({ ok: z.literal(true) });
