import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { TScreenConfig } from '@wl/schemas';
import { TRPCProvider, type AppRouter } from '../api/trpc.ts';
import { SettingsProvider } from '../app/settings-context.tsx';
import { UiProvider } from '../app/ui-context.tsx';
import { StaticScreenConfigProvider } from '../config/screen-config-context.tsx';
import { createI18n } from '../i18n/i18n.ts';
import { FavouritesProvider } from '../session/favourites-context.tsx';
import { SessionProvider } from '../session/session-context.tsx';
import { screenConfigFixture } from './fixtures.ts';

/** Answers per procedure path; a missing one fails like the gateway's not-found. */
export type THandlers = Record<string, (input: unknown) => unknown>;

/** A tRPC link that answers from handlers, so components run their real queries in tests. */
export function mockLink(handlers: THandlers, calls: { path: string; input: unknown }[] = []): TRPCLink<AppRouter> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        calls.push({ path: op.path, input: op.input });
        const handler = handlers[op.path];
        Promise.resolve()
          .then(() => {
            if (!handler) throw new Error('error_not_found');
            return handler(op.input);
          })
          .then(
            (data) => {
              observer.next({ result: { type: 'data', data } });
              observer.complete();
            },
            (err: unknown) => observer.error(TRPCClientError.from(err instanceof Error ? err : new Error(String(err)))),
          );
      });
}

/** Renders UI inside every provider the app uses, with a fixed ScreenConfig and mocked calls. */
export function renderWithApp(
  ui: ReactNode,
  { config = screenConfigFixture(), handlers = {}, path = '/' }: { config?: TScreenConfig; handlers?: THandlers; path?: string } = {},
) {
  const calls: { path: string; input: unknown }[] = [];
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const client = createTRPCClient<AppRouter>({ links: [mockLink(handlers, calls)] });
  const i18n = createI18n('en');
  const result = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={qc}>
        <TRPCProvider trpcClient={client} queryClient={qc}>
          <SettingsProvider initialLanguage="en">
            <UiProvider>
              <MemoryRouter initialEntries={[path]}>
                <SessionProvider>
                  <StaticScreenConfigProvider config={config}>
                    <FavouritesProvider>{ui}</FavouritesProvider>
                  </StaticScreenConfigProvider>
                </SessionProvider>
              </MemoryRouter>
            </UiProvider>
          </SettingsProvider>
        </TRPCProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...result, calls, queryClient: qc };
}
