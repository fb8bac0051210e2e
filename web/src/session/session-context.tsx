import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAudience, TBalance, TMemberInfo } from '@wl/schemas';
import { errorKey, useTRPC } from '../api/trpc.ts';
import { audienceOf } from './audience.ts';
import { clearSession, getToken, SESSION_KEYS, storeSession } from './session-storage.ts';

/** The member session as the page sees it (SPEC §4 Session). */
export type TSession = {
  token: string | null;
  member: TMemberInfo | null;
  /** SPEC §4: false until member info loads. */
  isLoggedIn: boolean;
  audience: TAudience;
  balance: TBalance | null;
  isBalanceFetching: boolean;
  refreshBalance: () => void;
  /** Stores a fresh login (token + member) and loads member info and balance. */
  signIn: (token: string, member: TMemberInfo) => void;
  /** Calls session.logout and clears the session (keeps the merchant code). */
  signOut: () => Promise<void>;
};

const SessionContext = createContext<TSession | null>(null);

/** SPEC §4 System status 0: a token from the URL query is taken over into the session. */
function adoptQueryToken(): void {
  try {
    const url = new URL(window.location.href);
    const t = url.searchParams.get('token');
    if (t && /^[A-Za-z0-9._-]{8,256}$/.test(t)) {
      sessionStorage.setItem(SESSION_KEYS.token, t);
      url.searchParams.delete('token');
      window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
    }
  } catch {
    // malformed URL or storage unavailable: stay logged out
  }
}

/** Provides the session; member info and balance load whenever there is a token. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [token, setToken] = useState<string | null>(() => {
    adoptQueryToken();
    return getToken();
  });

  const memberQuery = useQuery({ ...trpc.member.info.queryOptions(undefined, { enabled: token !== null }), retry: false });
  const member = token !== null ? (memberQuery.data ?? null) : null;
  const balanceQuery = useQuery(trpc.member.balance.queryOptions(undefined, { enabled: member !== null, staleTime: 0 }));

  // A token the server no longer knows ends the session instead of leaving a half-logged-in page.
  useEffect(() => {
    if (memberQuery.error && errorKey(memberQuery.error) === 'error_not_logged_in') {
      clearSession();
      setToken(null);
    }
  }, [memberQuery.error]);

  const logoutMutation = useMutation(trpc.session.logout.mutationOptions());

  const signIn = useCallback(
    (t: string, m: TMemberInfo) => {
      storeSession({
        token: t,
        username: m.userName,
        nickname: m.nickname,
        account: m.userName,
        customerId: m.id,
        isAgent: audienceOf(m) === 'agent',
      });
      qc.setQueryData(trpc.member.info.queryKey(), m);
      setToken(t);
      // Audience changed: every audience-dependent answer (screen config, favourites) reloads.
      void qc.invalidateQueries({ predicate: (q) => !JSON.stringify(q.queryKey).includes('"member","info"') });
    },
    [qc, trpc],
  );

  const signOut = useCallback(async () => {
    try {
      await logoutMutation.mutateAsync();
    } catch {
      // The local session ends even when the server call fails (token already expired, offline).
    }
    clearSession();
    setToken(null);
    qc.removeQueries({ queryKey: trpc.member.pathKey() });
    qc.removeQueries({ queryKey: trpc.catalogue.favouriteIds.queryKey() });
    void qc.invalidateQueries();
  }, [logoutMutation, qc, trpc]);

  const value = useMemo<TSession>(
    () => ({
      token,
      member,
      isLoggedIn: member !== null,
      audience: audienceOf(member),
      balance: member ? (balanceQuery.data ?? null) : null,
      isBalanceFetching: balanceQuery.isFetching,
      refreshBalance: () => void balanceQuery.refetch(),
      signIn,
      signOut,
    }),
    [token, member, balanceQuery, signIn, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** Reads the session. */
export function useSession(): TSession {
  const v = useContext(SessionContext);
  if (!v) throw new Error('useSession outside SessionProvider');
  return v;
}
