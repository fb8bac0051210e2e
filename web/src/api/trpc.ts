import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, httpLink, splitLink, type TRPCLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import { TRPC_MAX_BATCH_SIZE } from '@wl/schemas/constants';
import type { TLanguage } from '@wl/schemas';
import type { AppRouter } from '@wl/gateway/router';
import { getOperatorToken, getRequestToken } from '../session/session-storage.ts';

export type { AppRouter };

/** Typed tRPC hooks for the gateway router. */
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** The app's tRPC client. */
export type TTRPCClient = ReturnType<typeof createClient>;

/** What the links need to know about the page at call time. */
export type TClientContext = { language: () => TLanguage };

/**
 * Builds the client: operator calls with the operator token, `config.screen` alone (its plain GET
 * is answered from ready bytes with an ETag, docs/0019), everything else batched with the member
 * token. Live config changes come on their own EventSource (config/screen-config-context.tsx).
 */
export function createClient(ctx: TClientContext, url = '/trpc') {
  const memberHeaders = () => {
    const token = getRequestToken();
    return { ...(token ? { authorization: token } : {}), 'x-language': ctx.language() };
  };
  const operatorHeaders = () => {
    const token = getOperatorToken();
    return { ...(token ? { authorization: token } : {}), 'x-language': ctx.language() };
  };
  // No more calls in one request than the gateway takes: it refuses the whole batch otherwise.
  const batch: TRPCLink<AppRouter> = httpBatchLink({ url, headers: memberHeaders, maxItems: TRPC_MAX_BATCH_SIZE });
  const operator: TRPCLink<AppRouter> = httpBatchLink({ url, headers: operatorHeaders, maxItems: TRPC_MAX_BATCH_SIZE });
  const single: TRPCLink<AppRouter> = httpLink({ url, headers: memberHeaders });
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.path.startsWith('operator.'),
        true: operator,
        false: splitLink({
          condition: (op) => op.path === 'config.screen',
          true: single,
          false: batch,
        }),
      }),
    ],
  });
}

/** Query client with defaults that suit config-driven pages: no refetch storms on focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: 1, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/** Reads the message key the gateway puts on an error; falls back to a generic key. */
export function errorKey(err: unknown): string {
  if (err && typeof err === 'object' && 'message' in err) {
    const m = (err as { message: unknown }).message;
    if (typeof m === 'string' && /^[a-z][a-z0-9_.]*$/.test(m)) return m;
    if (typeof m === 'string' && /fetch|network/i.test(m)) return 'error_network';
  }
  return 'error_unknown';
}

/** True when a failed login says the server now wants a captcha. */
export function captchaRequired(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const data = (err as { data?: { upstream?: { captchaRequired?: boolean } } }).data;
  if (data?.upstream?.captchaRequired) return true;
  const key = errorKey(err);
  return key === 'error_captcha_required' || key === 'error_captcha_wrong';
}
