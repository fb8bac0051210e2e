import { createHash } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { WPS_CODES, WPS_MESSAGES } from '@wl/schemas';
import { RateLimiterUnavailableError } from '../rate-limit/rate-limiter.ts';
import { RESET_ON_SUCCESS, type TLimitedAction } from '../rate-limit/rate-limits.ts';
import { NETWORK_ERROR_KEY } from '../upstream/upstream.errors.ts';
import type { TContext } from './context.ts';
import { GatewayRefusal } from './refusal.ts';

/** Subjects are hashed: no usernames or phone numbers sit in Redis, and every key has one length. */
function subjectKey(action: TLimitedAction, subject: string): string {
  const digest = createHash('sha256').update(subject.trim().toLowerCase()).digest('base64url').slice(0, 32);
  return `${action}:s:${digest}`;
}

function unavailable(error: unknown): never {
  // The store is down: refuse (503, "network") rather than let guesses through unlimited.
  if (error instanceof RateLimiterUnavailableError) {
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: NETWORK_ERROR_KEY, cause: error });
  }
  throw error;
}

/**
 * Runs `work` when both the caller's IP and the subject are within the action's limits (issue 3),
 * else refuses with TOO_MANY_REQUESTS `error_too_many_requests` and `retryAfterSeconds`. For login
 * kinds the subject's count is forgotten after a success.
 */
export async function withRateLimit<T>(ctx: TContext, action: TLimitedAction, subject: string | null, work: () => Promise<T>): Promise<T> {
  const limits = ctx.rateLimits[action];
  const checks: [string, typeof limits.ip][] = [[`${action}:ip:${ctx.ip}`, limits.ip]];
  const subjectId = subject && subject.trim() !== '' ? subjectKey(action, subject) : null;
  if (subjectId) checks.push([subjectId, limits.subject]);
  for (const [key, rule] of checks) {
    const result = await ctx.rateLimiter.hit(key, rule).catch(unavailable);
    if (!result.allowed) {
      throw new GatewayRefusal(WPS_CODES.tooManyRequests, WPS_MESSAGES.tooManyRequests, {
        retryAfterSeconds: Math.max(1, Math.ceil(result.retryAfterMs / 1000)),
      });
    }
  }
  const value = await work();
  if (subjectId && RESET_ON_SUCCESS.has(action)) await ctx.rateLimiter.reset(subjectId).catch(unavailable);
  return value;
}
