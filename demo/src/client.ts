import { createTRPCClient, httpLink, TRPCClientError, type TRPCClient } from '@trpc/client';
import type { AppRouter } from '@wl/gateway/router';

/** The gateway's public API, as the web app calls it (tRPC over HTTP). */
export type TApi = TRPCClient<AppRouter>;

/** A tRPC client of the gateway at `baseUrl`; `token` is the member session (the header the web sends). */
export function gatewayClient(baseUrl: string, token?: string): TApi {
  return createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: `${baseUrl.replace(/\/+$/, '')}/trpc`,
        headers: () => ({ 'x-language': 'en', ...(token ? { authorization: token } : {}) }),
      }),
    ],
  });
}

/** What a refused call said: the tRPC code and the message key (translation key), plus the upstream's code. */
export type TRefusal = { code: string; message: string; upstreamCode: number | null; retryAfterSeconds: number | null };

type TErrorData = { code?: string; upstream?: { code?: number; retryAfterSeconds?: number } | null };

/** The refusal inside a tRPC client error, or null for anything else (a network failure, a bug). */
export function refusalOf(error: unknown): TRefusal | null {
  if (!(error instanceof TRPCClientError)) return null;
  const data = error.data as TErrorData | undefined;
  if (!data?.code) return null;
  return {
    code: data.code,
    message: error.message,
    upstreamCode: data.upstream?.code ?? null,
    retryAfterSeconds: data.upstream?.retryAfterSeconds ?? null,
  };
}

/** Counts of how often the gateway's limits made the script wait (printed in the summary). */
export type TBackoffStats = { waits: number; waitedMs: number };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Calls `work` and, while the gateway answers 429 (TOO_MANY_REQUESTS), waits the `retryAfterSeconds`
 * it names (with a little jitter, so players that were refused together do not return together) and
 * calls again: the gateway's rate limits (docs/0007, docs/0013) are respected, never a reason to
 * fail. Anything else is thrown. A call that is refused is not counted by the platform, so calling
 * it again is safe.
 */
export async function withBackoff<T>(stats: TBackoffStats, work: () => Promise<T>, options: { maxWaits?: number; random?: () => number } = {}): Promise<T> {
  const maxWaits = options.maxWaits ?? 100;
  const random = options.random ?? Math.random;
  for (let waits = 0; ; waits++) {
    try {
      return await work();
    } catch (err) {
      const refusal = refusalOf(err);
      if (refusal?.code !== 'TOO_MANY_REQUESTS' || waits >= maxWaits) throw err;
      const ms = (refusal.retryAfterSeconds ?? 1) * 1000 + Math.floor(random() * 250);
      stats.waits++;
      stats.waitedMs += ms;
      await sleep(ms);
    }
  }
}
