import { useMemo, useRef } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import type { i18n as TI18n } from 'i18next';
import { createClient, createQueryClient, TRPCProvider, type TTRPCClient } from '../api/trpc.ts';
import { ScreenConfigProvider } from '../config/screen-config-context.tsx';
import { createI18n } from '../i18n/i18n.ts';
import { SessionProvider } from '../session/session-context.tsx';
import { AppRoutes } from './routes.tsx';
import { SettingsProvider } from './settings-context.tsx';
import { UiProvider } from './ui-context.tsx';

/** Root component: i18n, query client, tRPC, settings, session, config, router. */
export function App({ i18n, queryClient, trpcClient }: { i18n?: TI18n; queryClient?: QueryClient; trpcClient?: TTRPCClient }) {
  const i18nRef = useRef(i18n ?? createI18n());
  const qc = useMemo(() => queryClient ?? createQueryClient(), [queryClient]);
  const language = useRef(() => (i18nRef.current.language === 'en' ? 'en' : 'bn') as 'en' | 'bn');
  const client = useMemo(() => trpcClient ?? createClient({ language: language.current }), [trpcClient]);
  return (
    <I18nextProvider i18n={i18nRef.current}>
      <QueryClientProvider client={qc}>
        <TRPCProvider trpcClient={client} queryClient={qc}>
          <SettingsProvider>
            <UiProvider>
              <BrowserRouter>
                <SessionProvider>
                  <ScreenConfigProvider>
                    <AppRoutes />
                  </ScreenConfigProvider>
                </SessionProvider>
              </BrowserRouter>
            </UiProvider>
          </SettingsProvider>
        </TRPCProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
