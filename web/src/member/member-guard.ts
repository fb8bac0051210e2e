import { useEffect } from 'react';
import { guardMemberAction } from '@wl/flows/session/trial-guard';
import { useUi } from '../app/ui-context.tsx';
import { useSession } from '../session/session-context.tsx';

/**
 * Who may see a member-only page (guardMemberAction): a visitor gets the login popup and a trial account the
 * in_need_true_account dialog, once per decision kind; null while a stored token's member info is still loading.
 */
export function useMemberGuard() {
  const session = useSession();
  const ui = useUi();
  // A stored token whose member info has not loaded yet is neither a visitor nor a member.
  const decision =
    session.token !== null && !session.isLoggedIn ? null : guardMemberAction({ isLoggedIn: session.isLoggedIn, isTrial: session.audience === 'trial' });

  useEffect(() => {
    if (decision?.kind === 'login') ui.openLogin();
    if (decision?.kind === 'trialBlocked') ui.showInfo(decision.messageKey);
    // Once per decision kind: the dialog is not reopened on every render.
  }, [decision?.kind]);
  return decision;
}
