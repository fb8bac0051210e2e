import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
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

/**
 * What one client is, for the per-IP limits: an IPv4 address, or the /64 of an IPv6 one. A single
 * IPv6 subscriber is routed a whole /64 and can take a new address for every call.
 */
export function ipBucket(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  const lower = ip.toLowerCase().split('%')[0]!;
  const mapped = lower.startsWith('::ffff:') ? lower.slice(7) : '';
  if (isIP(mapped) === 4) return mapped;
  // Expand '::' so that the first four groups are the /64 (an IPv4 tail only touches the last two).
  const [head = '', tail] = lower.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
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
  const checks: [string, typeof limits.ip][] = [[`${action}:ip:${ipBucket(ctx.ip)}`, limits.ip]];
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
