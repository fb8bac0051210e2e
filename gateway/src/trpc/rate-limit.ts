import { TRPCError } from '@trpc/server';
import { WPS_CODES, WPS_MESSAGES } from '@wl/schemas';
import { RateLimiterUnavailableError } from '../rate-limit/rate-limiter.ts';
import type { TLimitedAction } from '../rate-limit/rate-limits.ts';
import { NETWORK_ERROR_KEY } from '../upstream/upstream.errors.ts';
import type { TContext } from './context.ts';
import { GatewayRefusal } from './refusal.ts';

function unavailable(error: unknown): never {
  // The store is down: refuse (503, "network") rather than let guesses through unlimited.
  if (error instanceof RateLimiterUnavailableError) {
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: NETWORK_ERROR_KEY, cause: error });
  }
  throw error;
}

/**
 * Runs `work` when both the caller's IP and the subject are within the action's limits (docs/rules/accounts.md),
 * else refuses with TOO_MANY_REQUESTS `error_too_many_requests` and `retryAfterSeconds`. For the
 * RESET_ON_SUCCESS actions a success lets the subject count afresh (docs/0062).
 */
export async function withRateLimit<T>(ctx: TContext, action: TLimitedAction, subject: string | null, work: () => Promise<T>): Promise<T> {
  const result = await ctx.rateLimiter.attempt(action, subject).catch(unavailable);
  if (!result.allowed) {
    throw new GatewayRefusal(WPS_CODES.tooManyRequests, WPS_MESSAGES.tooManyRequests, {
      retryAfterSeconds: Math.max(1, Math.ceil(result.retryAfterMs / 1000)),
    });
  }
  const value = await work();
  await ctx.rateLimiter.succeeded(action, subject).catch(unavailable);
  return value;
}
