import { WPS_MESSAGES } from '@wl/schemas/wps/messages';

/** What a member action or a launch may do for this session (docs/rules/games.md#g-1). */
export type TMemberActionDecision = { kind: 'allowed' } | { kind: 'login' } | { kind: 'trialBlocked'; messageKey: typeof WPS_MESSAGES.trialNeedsRealAccount };

/**
 * docs/rules/accounts.md#a-1, docs/rules/accounts.md#a-25: a visitor is sent to the login popup; a trial account (type 4) gets the
 * in_need_true_account dialog and the action stops; members and agents go ahead.
 */
export function guardMemberAction(session: { isLoggedIn: boolean; isTrial: boolean }): TMemberActionDecision {
  if (!session.isLoggedIn) return { kind: 'login' };
  if (session.isTrial) return { kind: 'trialBlocked', messageKey: WPS_MESSAGES.trialNeedsRealAccount };
  return { kind: 'allowed' };
}
