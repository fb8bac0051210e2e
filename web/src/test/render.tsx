import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, TRPCClientError, type TRPCLink } from '@trpc/client';
import type { AnyProcedure, inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { observable } from '@trpc/server/observable';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { TScreenConfig } from '@wl/schemas';
import { ZScreenConfig } from '@wl/schemas/screen/screen-config';
import { TRPCProvider, type AppRouter } from '../api/trpc.ts';
import { SettingsProvider } from '../app/settings-context.tsx';
import { UiProvider } from '../app/ui-context.tsx';
import { StaticScreenConfigProvider } from '../config/screen-config-context.tsx';
import { createTestI18n } from './i18n.ts';
import { FavouritesProvider } from '../session/favourites-context.tsx';
import { SessionProvider } from '../session/session-context.tsx';
import { screenConfigFixture } from './fixtures.ts';

type TRecord = AppRouter['_def']['record'];
/** Every procedure path of the gateway router ('member.info', 'session.login', …). */
export type TProcedurePath<R = TRecord, P extends string = ''> = {
  [K in keyof R & string]: R[K] extends AnyProcedure ? `${P}${K}` : R[K] extends object ? TProcedurePath<R[K], `${P}${K}.`> : never;
}[keyof R & string];
type TAt<T, P extends string> = P extends `${infer H}.${infer Rest}` ? (H extends keyof T ? TAt<T[H], Rest> : never) : P extends keyof T ? T[P] : never;
/** What a procedure takes, inferred from the router (inferRouterInputs). */
export type TInputOf<P extends TProcedurePath> = TAt<inferRouterInputs<AppRouter>, P>;
/** What a procedure answers, inferred from the router (inferRouterOutputs): a mock cannot drift from it. */
export type TOutputOf<P extends TProcedurePath> = TAt<inferRouterOutputs<AppRouter>, P>;

/** Answers per procedure path, typed from the router; a missing one fails like the gateway's not-found. */
export type THandlers = { [P in TProcedurePath]?: (input: TInputOf<P>) => TOutputOf<P> | Promise<TOutputOf<P>> };

/** A tRPC link that answers from handlers, so components run their real queries in tests. */
export function mockLink(handlers: THandlers, calls: { path: string; input: unknown }[] = []): TRPCLink<AppRouter> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        calls.push({ path: op.path, input: op.input });
        // The link sees paths as strings; the handler's own type was checked where it was written.
        const handler = (handlers as Record<string, ((input: unknown) => unknown) | undefined>)[op.path];
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
  // A config the gateway could not send (say a vendor code with no vendor) is a broken fixture.
  ZScreenConfig.parse(config);
  const calls: { path: string; input: unknown }[] = [];
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const client = createTRPCClient<AppRouter>({ links: [mockLink(handlers, calls)] });
  const i18n = createTestI18n();
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
  return { ...result, calls, queryClient: qc, i18n };
}
