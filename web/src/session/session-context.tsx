import { createContext, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAudience, TBalance, TMemberInfo } from '@wl/schemas';
import { errorKey, useTRPC, useTRPCClient } from '../api/trpc.ts';
import { audienceOf } from './audience.ts';
import { clearSession, getToken, setPendingToken, storeSession } from './session-storage.ts';
import { useRequiredContext } from '../app/ui-context.tsx';

/** The member session as the page sees it (docs/rules/accounts.md#a-21 Session). */
export type TSession = {
  token: string | null;
  member: TMemberInfo | null;
  /** docs/rules/accounts.md: false until member info loads. */
  isLoggedIn: boolean;
  audience: TAudience;
  balance: TBalance | null;
  isBalanceFetching: boolean;
  refreshBalance: () => void;
  /** Stores a fresh login (token + member) and loads member info and balance. */
  signIn: (token: string, member: TMemberInfo) => void;
  /** Calls session.logout and clears the session (keeps the merchant code). */
  signOut: () => Promise<void>;
  /** Ends the server session (session.logout; also revokes the remember cookie). Never throws. */
  endServerSession: () => Promise<void>;
  /** Clears the local session: storage except the merchant code, login and agent flags. */
  clearLocalSession: () => void;
};

const SessionContext = createContext<TSession | null>(null);

/**
 * Takes `?token=` out of the address bar (history.replaceState) and answers it. A token that travelled
 * in a URL sits in history, logs and Referer headers, so it is never stored or sent as the session.
 */
function stripQueryToken(): string | null {
  try {
    const url = new URL(window.location.href);
    // /resetPassword?token= carries a one-time reset token, never a session: leave it to that page.
    if (url.pathname === '/resetPassword' || !url.searchParams.has('token')) return null;
    const t = url.searchParams.get('token');
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
    return t && /^[A-Za-z0-9._-]{8,256}$/.test(t) ? t : null;
  } catch {
    // malformed URL: stay as we are
    return null;
  }
}

// The URL's token between reading it (first render) and exchanging it (first effect); undefined: URL not read yet.
let queryToken: string | null | undefined;
function peekQueryToken(): string | null {
  if (queryToken === undefined) queryToken = stripQueryToken();
  return queryToken;
}
/** Hands the URL's token to exactly one exchange, however often React runs renders and effects. */
function claimQueryToken(): string | null {
  const t = peekQueryToken();
  queryToken = undefined;
  return t;
}

/** Where a game window announces that the member's balance changed (the site's windows then read it again). */
export const WALLET_CHANNEL = 'wl-wallet';

/** Provides the session; member info and balance load whenever there is a token. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [token, setToken] = useState<string | null>(() => getToken());
  // docs/rules/accounts.md#a-23 System status 0 (docs/0013): a token from the URL is exchanged once for a fresh session.
  const [exchanging, setExchanging] = useState(() => peekQueryToken() !== null);

  const memberQuery = useQuery({ ...trpc.member.info.queryOptions(undefined, { enabled: token !== null }), retry: false });
  const member = token !== null ? (memberQuery.data ?? null) : null;
  // A game played in its own window changes the balance: it says so on WALLET_CHANNEL, and coming back
  // to this window reads it again too.
  const balanceQuery = useQuery(trpc.member.balance.queryOptions(undefined, { enabled: member !== null, staleTime: 0, refetchOnWindowFocus: true }));
  const refetchBalance = balanceQuery.refetch;
  useEffect(() => {
    if (member === null || typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(WALLET_CHANNEL);
    channel.onmessage = () => void refetchBalance();
    return () => channel.close();
  }, [member === null, refetchBalance]);

  // A token the server no longer knows ends the session instead of leaving a half-logged-in page.
  useEffect(() => {
    if (memberQuery.error && errorKey(memberQuery.error) === 'error_not_logged_in') {
      clearSession();
      setToken(null);
    }
  }, [memberQuery.error]);

  const logoutMutation = useMutation(trpc.session.logout.mutationOptions());
  const client = useTRPCClient();

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

  const endServerSession = useCallback(async () => {
    try {
      await logoutMutation.mutateAsync();
    } catch {
      // The local session ends even when the server call fails (token already expired, offline).
    }
  }, [logoutMutation]);

  const clearLocalSession = useCallback(() => {
    clearSession();
    setPendingToken(null);
    setToken(null);
    qc.removeQueries({ queryKey: trpc.member.pathKey() });
    qc.removeQueries({ queryKey: trpc.catalogue.favouriteIds.queryKey() });
    void qc.invalidateQueries();
  }, [qc, trpc]);

  const signOut = useCallback(async () => {
    await endServerSession();
    clearLocalSession();
  }, [endServerSession, clearLocalSession]);

  useEffect(() => {
    const urlToken = claimQueryToken();
    if (urlToken === null) return;
    client.session.exchangeToken
      .mutate({ token: urlToken })
      .then(
        (outcome) => {
          if (outcome.kind === 'session') signIn(outcome.token, outcome.member);
        },
        // Used, expired or unknown: the page stays as it was (logged out, or its own session).
        () => undefined,
      )
      .finally(() => setExchanging(false));
  }, [client, signIn]);

  // Remember me (24 h): with no session in this tab, the gateway's httpOnly remember cookie is
  // exchanged for a fresh session once on load. The page never sees the remember token.
  const resumed = useRef(false);
  useEffect(() => {
    if (resumed.current || token !== null || exchanging) return;
    resumed.current = true;
    client.session.resume.mutate().then(
      (outcome) => {
        if (!outcome || outcome.kind !== 'session' || getToken() !== null) return;
        if (outcome.mustChangePassword) {
          // The server refuses this session everything but the change, which needs the login popup's
          // forced step: end it (and its remember cookie) and stay a visitor until a password login.
          setPendingToken(outcome.token);
          void client.session.logout
            .mutate()
            .catch(() => undefined)
            .finally(() => setPendingToken(null));
          return;
        }
        signIn(outcome.token, outcome.member);
      },
      () => undefined,
    );
  }, [client, token, exchanging, signIn]);

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
      endServerSession,
      clearLocalSession,
    }),
    [token, member, balanceQuery, signIn, signOut, endServerSession, clearLocalSession],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** Reads the session. */
export function useSession(): TSession {
  return useRequiredContext(SessionContext, 'useSession');
}
