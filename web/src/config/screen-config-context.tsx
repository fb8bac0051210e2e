import { createContext, useContext, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import type { TLanguage, TScreenConfig } from '@wl/schemas';
import { useTRPC } from '../api/trpc.ts';
import { useSettings } from '../app/settings-context.tsx';
import { useSession } from '../session/session-context.tsx';

/** What the shell knows about its ScreenConfig. */
export type TScreenConfigState = { config: TScreenConfig | undefined; isError: boolean; retry: () => void };

const ScreenConfigContext = createContext<TScreenConfigState | null>(null);

/**
 * Live updates: `config.onChange` answers on connect and on every change; each answer replaces the
 * cached `config.screen` so the shell re-renders in place (no reload). Re-mounted on login/logout
 * (keyed by token) so the connection carries the right session.
 */
function ConfigLive({ language }: { language: TLanguage }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  useSubscription(
    trpc.config.onChange.subscriptionOptions(
      { language },
      {
        // Events are tracked ({ id, data }) so a reconnect resumes from the last one seen.
        onData: ({ data: cfg }) => {
          const key = trpc.config.screen.queryKey({ language });
          const prev = qc.getQueryData<TScreenConfig>(key);
          if (!prev || prev.version !== cfg.version || prev.audience !== cfg.audience) qc.setQueryData(key, cfg);
        },
      },
    ),
  );
  return null;
}

/** Loads the ScreenConfig (config.screen first, then live pushes). */
export function ScreenConfigProvider({ children }: { children: ReactNode }) {
  const trpc = useTRPC();
  const { language } = useSettings();
  const { token } = useSession();
  const q = useQuery(trpc.config.screen.queryOptions({ language }, { staleTime: Infinity }));
  const value: TScreenConfigState = { config: q.data, isError: q.isError && !q.data, retry: () => void q.refetch() };
  return (
    <ScreenConfigContext.Provider value={value}>
      <ConfigLive key={`${token ?? ''}:${language}`} language={language} />
      {children}
    </ScreenConfigContext.Provider>
  );
}

/** Provides a fixed config (tests, previews). */
export function StaticScreenConfigProvider({ config, children }: { config: TScreenConfig; children: ReactNode }) {
  return (
    <ScreenConfigContext.Provider value={{ config, isError: false, retry: () => undefined }}>
      {children}
    </ScreenConfigContext.Provider>
  );
}

/** Reads the config state. */
export function useScreenConfigState(): TScreenConfigState {
  const v = useContext(ScreenConfigContext);
  if (!v) throw new Error('useScreenConfigState outside ScreenConfigProvider');
  return v;
}

/** The loaded ScreenConfig; only call below the shell's loading gate. */
export function useScreenConfig(): TScreenConfig {
  const { config } = useScreenConfigState();
  if (!config) throw new Error('ScreenConfig not loaded');
  return config;
}
