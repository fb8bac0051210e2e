import { useEffect, useRef } from 'react';
import type { TMemberInfo } from '@wl/schemas';
import { useSession } from '../session/session-context.tsx';

/**
 * Once a flow that ends signed in (registration, reset by mobile) is finished with a token, signs
 * the member in (when their info loaded) and calls onDone, exactly once per mount.
 */
export function useSignInOnce(finished: boolean, token: string | null, member: TMemberInfo | null | undefined, onDone: () => void): void {
  const session = useSession();
  const done = useRef(false);
  useEffect(() => {
    if (finished && !done.current && token) {
      done.current = true;
      if (member) session.signIn(token, member);
      onDone();
    }
  }, [finished, token, member, session, onDone]);
}
