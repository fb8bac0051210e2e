import { OPERATOR_PERMISSIONS, type TOperatorPermission, type TOperatorRole } from '@wl/schemas';

/**
 * What each operator role may do (docs/0010). The platform checks it on every operator call
 * (access.ts); the console only hides what the platform would refuse anyway.
 * - owner: everything, including who may operate.
 * - finance: reads the config and the audit log; runs the money tools (deposits, withdrawals,
 *   adjustments, money settings: docs/0028).
 * - support: helps members: reads the message outbox (live SMS codes, reset links) and the login
 *   thresholds; answers and closes members' feedback (docs/0111), and changes nothing else.
 * - content: switches whitelabel flags (what members see) and writes the help centre's texts
 *   (content.write, docs/0109); no outbox, no system switches. Flags
 *   that pay (contract kinds) or weaken logins are not theirs (flagPermission, docs/0066), nor the
 *   lottery's payouts (money.write).
 * - compliance (docs/0105, docs/0106): finance reads and sets account states, operator limits and
 *   gaming switch-offs, and lengthens a member's time-out or self-exclusion (never shortens; it
 *   already answers for the money a member moves); support reads them to answer a member.
 * - chat.moderate (docs/0117): support (and the owner) mutes members, deletes messages and closes
 *   or opens the chat room, each with a reason.
 * - emergency.write and member.contact.read (owner only, docs/0122): stopping all gaming or all money
 *   movement is the owner's call; finance and support look members up (member.lookup) and see their
 *   mobile, e-mail and bank accounts masked.
 * - money.controls (owner only): the four-eyes limits and the deposit channels; every change of
 *   them waits for a second owner.
 */
export const ROLE_PERMISSIONS: Readonly<Record<TOperatorRole, readonly TOperatorPermission[]>> = {
  // The owner holds every permission there is.
  owner: OPERATOR_PERMISSIONS,
  finance: ['config.read', 'audit.read', 'money.read', 'money.write', 'compliance.read', 'compliance.write', 'member.lookup'],
  support: ['config.read', 'security.read', 'outbox.read', 'compliance.read', 'feedback.read', 'feedback.write', 'chat.moderate', 'member.lookup'],
  content: ['config.read', 'whitelabel.write', 'content.write'],
};

/** The permissions of a role, in the order of OPERATOR_PERMISSIONS' table above. */
export function permissionsOf(role: TOperatorRole): TOperatorPermission[] {
  return [...ROLE_PERMISSIONS[role]];
}

/** Whether a role carries a permission. */
export function roleAllows(role: TOperatorRole, permission: TOperatorPermission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}
