import { ACCOUNT_MESSAGES, WPS_CODES } from '@wl/schemas';
import type { TSessionMember } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { WpsError } from '../http/envelope.ts';

/** A step-up lets its session change security settings for this long (docs/0068). */
export const STEP_UP_TTL_MS = 5 * 60 * 1000;

/**
 * Wrong step-up answers (passwords and authenticator codes alike) are counted under one key per
 * member in the login throttle, reserved before they are judged: parallel guesses stay within the
 * merchant's lock threshold, then the member is locked out of step-ups for lockMinutes.
 */
export const stepUpKey = (memberId: number) => `step-up:${memberId}`;

/** The refusal a change answers without a fresh step-up: 465, which the web answers by asking for the password. */
export function stepUpRequired(): WpsError {
  return new WpsError(WPS_CODES.stepUpRequired, ACCOUNT_MESSAGES.stepUpRequired, null, 403);
}

/**
 * Refuses unless the member's session proved the login password or a current second factor within
 * STEP_UP_TTL_MS (docs/0068). Every change of contacts, passwords, payout accounts and authenticator,
 * and every upline transfer, calls this before anything else: a stolen session token alone changes
 * nothing and moves no money out.
 */
export async function requireStepUp(deps: TPlatformDeps, member: TSessionMember): Promise<void> {
  const row = await deps.db
    .selectFrom('sessions')
    .select('step_up_until')
    .where('id', '=', member.sessionId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row?.step_up_until || new Date(row.step_up_until) <= deps.clock()) throw stepUpRequired();
}

/** Marks the session as stepped up until now + STEP_UP_TTL_MS; answers the end. */
export async function markStepUp(deps: TPlatformDeps, member: TSessionMember): Promise<Date> {
  const until = new Date(deps.clock().getTime() + STEP_UP_TTL_MS);
  await deps.db.updateTable('sessions').set({ step_up_until: until }).where('id', '=', member.sessionId).execute();
  return until;
}
