import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useMachine } from '@xstate/react';
import { loginMachine } from '@wl/flows/login/login.machine';
import { useTRPCClient } from '../api/trpc.ts';
import { loginActors, type TLoginSideData } from '../modals/login-actors.ts';
import { useSession } from '../session/session-context.tsx';
import { setPendingToken } from '../session/session-storage.ts';
import { DEFAULT_DIALING_CODE } from './countries.tsx';

/**
 * Runs the flows' loginMachine for a login form (popup or /agent page): gateway actors, the form
 * values the calls need beside the credentials (dialing code, remember me), the first-login step's
 * continue, and the hand-over of the finished login to the session.
 */
export function useLoginFlow({ isAgentPage, onLoggedIn }: { isAgentPage: boolean; onLoggedIn: (redirect: string | null) => void }) {
  const client = useTRPCClient();
  const session = useSession();
  const side = useRef<TLoginSideData>({ maskedMobile: null, maskedEmail: null }).current;
  const country = useRef<string>(DEFAULT_DIALING_CODE);
  const remember = useRef(false);
  const continueRef = useRef<(() => void) | null>(null);
  const machine = useMemo(
    () =>
      loginMachine.provide({
        actors: loginActors(client, side, {
          countryDialingCode: () => country.current,
          rememberMe: () => remember.current,
          isAgentPage,
          firstLoginContinue: () =>
            new Promise<void>((resolve) => {
              continueRef.current = resolve;
            }),
        }),
      }),
    [client, side, isAgentPage],
  );
  // The forced password change is the server's decision (login answer), not a flag read here.
  const [state, send] = useMachine(machine, { input: { isAgentPage } });
  const done = useRef(false);
  const onLoggedInRef = useRef(onLoggedIn);
  onLoggedInRef.current = onLoggedIn;
  const { token, member } = state.context;
  const isLoggedIn = state.matches('loggedIn');

  useEffect(() => {
    if (isLoggedIn && !done.current && token && member) {
      done.current = true;
      setPendingToken(null);
      session.signIn(token, member);
      onLoggedInRef.current(isAgentPage ? '/agentHome' : null);
    }
  }, [isLoggedIn, token, member, session, isAgentPage]);

  // A flow abandoned half-way (popup closed) leaves no in-flight token behind.
  useEffect(() => () => setPendingToken(null), []);

  const continueFirstLogin = useCallback(() => {
    continueRef.current?.();
    continueRef.current = null;
  }, []);

  return { state, send, side, country, remember, continueFirstLogin };
}
