import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useUi } from '../app/ui-context.tsx';
import { useSession } from './session-context.tsx';

/**
 * Logout of docs/rules/accounts.md#a-24 on the flows' logoutMachine: the confirmation dialog (`dialog.confirm`), the
 * server call, the local clean-up (merchant code kept), then / or /agent for agents.
 */
export function useLogout(): () => Promise<void> {
  const ui = useUi();
  const session = useSession();
  const navigate = useNavigate();
  return useCallback(async () => {
    // xstate and the machine load on the first logout, off the first load (docs/0022).
    const [{ createActor, fromPromise, toPromise }, { logoutMachine }] = await Promise.all([import('xstate'), import('@wl/flows/session/logout.machine')]);
    const machine = logoutMachine.provide({
      actors: { logout: fromPromise<void, void>(() => session.endServerSession()) },
      actions: { clearSession: () => session.clearLocalSession() },
    });
    const actor = createActor(machine, { input: { isAgent: session.audience === 'agent' } }).start();
    const output = toPromise(actor);
    actor.send({ type: (await ui.confirm('logout_confirm')) ? 'logout.confirm' : 'logout.cancel' });
    const result = await output;
    if (result.loggedOut) navigate(result.redirect);
  }, [ui, session, navigate]);
}
