import { createHash } from 'node:crypto';
import fastifyRateLimit, { normalizeIP, type RateLimitOptions, type RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { LIMITED_ACTIONS, RESET_ON_SUCCESS, type TLimitedAction, type TRateLimitRule, type TRateLimits } from './rate-limits.ts';

/** Answer of an attempt: whether it is within the limits and, when not, how long until the refusing window ends. */
export type TRateLimitResult = { allowed: boolean; retryAfterMs: number };

/** The store could not be asked (Redis down): the gateway refuses rather than letting hits through unlimited. */
export class RateLimiterUnavailableError extends Error {
  override readonly name = 'RateLimiterUnavailableError';
}

/**
 * Keys the memory store keeps per limit (one LRU per action and kind). Evicting a live count takes
 * this many fresh keys of the same limit after the victim's last hit, each one a call that passed the
 * action's per-IP limit first (docs/0062). Measured 320 bytes a key: at most ~32 MB per limit.
 */
export const MEMORY_KEYS_PER_LIMIT = 100_000;

/** How long a subject's successes (its key generation, docs/0062) are kept: a day, or the limit's window if longer. */
export const SUCCESS_MEMORY_MS = 24 * 3_600_000;

/** Successes are counted, never refused. */
const UNLIMITED = Number.MAX_SAFE_INTEGER;

/**
 * What one client is, for the per-IP limits: an IPv4 address, or the /64 of an IPv6 one (the
 * plugin's own normalisation). A single IPv6 subscriber is routed a whole /64 and can take a new
 * address for every call.
 */
export function ipBucket(ip: string): string {
  return normalizeIP(ip, 64);
}

/**
 * The key prefix of an action's counts for one brand (docs/0131): a username or an address counts
 * separately on each brand (the same username is another person there); '' for a count that is no
 * brand's (an upload counts by its session, which belongs to one brand already).
 */
function scopeOf(brand: string, action: TLimitedAction): string {
  return brand === '' ? action : `${brand}:${action}`;
}

/** Subjects are hashed: no usernames or phone numbers sit in the store, and every key has one length. */
function subjectDigest(subject: string): string {
  return createHash('sha256').update(subject.trim().toLowerCase()).digest('base64url').slice(0, 32);
}

type TChecker = ReturnType<FastifyInstance['createRateLimit']>;
type TActionCheckers = { ip: TChecker; subject: TChecker; successes: TChecker | null };

const KEY = Symbol('wl.rateLimitKey');
type TKeyedRequest = FastifyRequest & { readonly [KEY]: string };

/**
 * The request as the plugin's checker sees it, carrying the key of this one count: one request can
 * make several counts at once (IP and subject, or the procedures of a tRPC batch).
 */
function keyed(request: FastifyRequest, key: string): FastifyRequest {
  return Object.create(request, { [KEY]: { value: key } }) as TKeyedRequest;
}

const keyOf = (request: FastifyRequest): string => (request as TKeyedRequest)[KEY];

async function ask(checker: TChecker, request: FastifyRequest, key: string, increment: boolean) {
  try {
    return await checker(keyed(request, key), { increment });
  } catch (error) {
    throw new RateLimiterUnavailableError(`rate limit store unavailable: ${(error as Error).message}`, { cause: error });
  }
}

/** Counts one hit on `key`; refused when the count is over the checker's max. */
async function count(checker: TChecker, request: FastifyRequest, key: string): Promise<TRateLimitResult> {
  const answer = await ask(checker, request, key, true);
  if (answer.isAllowed || !answer.isExceeded) return { allowed: true, retryAfterMs: 0 };
  return { allowed: false, retryAfterMs: Math.max(answer.ttl, 1) };
}

export type TRateLimiterOptions = {
  limits: TRateLimits;
  /** Counters in this Redis, shared by every gateway using it; unset keeps them in this process's memory. */
  redis?: Redis;
  /** Prefix of the Redis keys (the plugin's nameSpace); default `wl:rl:`. */
  keyPrefix?: string;
};

/** The limiter bound to one request (what a procedure sees in its context). */
export type TRequestRateLimiter = {
  attempt(action: TLimitedAction, subject: string | null): Promise<TRateLimitResult>;
  succeeded(action: TLimitedAction, subject: string | null): Promise<void>;
};

/**
 * The gateway's rate limits (docs/0007, docs/0013), counted by @fastify/rate-limit
 * (docs/0062): fixed windows in its LRU memory store or, with a Redis, in its atomic Lua script
 * shared by every gateway on that Redis. One checker per action and kind; the key carries both, as
 * every checker made by `createRateLimit` shares one Redis namespace.
 */
export class RateLimiter {
  private constructor(private readonly checkers: Record<TLimitedAction, TActionCheckers>) {}

  /** Registers the plugin on `app` (no route limited by its hooks) and makes the checkers of every action. */
  static async register(app: FastifyInstance, options: TRateLimiterOptions): Promise<RateLimiter> {
    const plugin: RateLimitPluginOptions = {
      global: false,
      // A store that cannot be asked refuses the call (fail closed), never lets it through.
      skipOnError: false,
      ...(options.redis ? { redis: options.redis, nameSpace: options.keyPrefix ?? 'wl:rl:' } : {}),
    };
    await app.register(fastifyRateLimit, plugin);
    const checker = (rule: TRateLimitRule): TChecker => {
      // `cache` is the size of this checker's own LRU (createRateLimit gives each one a store of its own).
      const limit: RateLimitOptions = { max: rule.limit, timeWindow: rule.windowMs, keyGenerator: keyOf, cache: MEMORY_KEYS_PER_LIMIT };
      return app.createRateLimit(limit);
    };
    const checkers = {} as Record<TLimitedAction, TActionCheckers>;
    for (const action of LIMITED_ACTIONS) {
      const { ip, subject } = options.limits[action];
      checkers[action] = {
        ip: checker(ip),
        subject: checker(subject),
        successes: RESET_ON_SUCCESS.has(action) ? checker({ limit: UNLIMITED, windowMs: Math.max(subject.windowMs, SUCCESS_MEMORY_MS) }) : null,
      };
    }
    return new RateLimiter(checkers);
  }

  /**
   * Counts one attempt of `action` by the request's client (IPv4 address or IPv6 /64) and, when
   * given, by its subject; allowed when both are within the action's limits. A client over its limit
   * does not count against the subject.
   */
  async attempt(request: FastifyRequest, action: TLimitedAction, subject: string | null, brand = ''): Promise<TRateLimitResult> {
    const checkers = this.checkers[action];
    const digest = subject !== null && subject.trim() !== '' ? subjectDigest(subject) : null;
    const scope = scopeOf(brand, action);
    const [ip, generation] = await Promise.all([
      count(checkers.ip, request, `${scope}:ip:${ipBucket(request.ip)}`),
      digest !== null && checkers.successes ? this.generation(request, scope, checkers.successes, digest) : null,
    ]);
    if (!ip.allowed || digest === null) return ip;
    return count(checkers.subject, request, `${scope}:s:${digest}${generation === null ? '' : `:${generation}`}`);
  }

  /**
   * After a success of a RESET_ON_SUCCESS action: the subject's next attempts count afresh. The
   * plugin cannot forget a key, so the success moves the subject to a new key (docs/0062).
   */
  async succeeded(request: FastifyRequest, action: TLimitedAction, subject: string | null, brand = ''): Promise<void> {
    const successes = this.checkers[action].successes;
    if (!successes || subject === null || subject.trim() === '') return;
    await ask(successes, request, `${scopeOf(brand, action)}:ok:${subjectDigest(subject)}`, true);
  }

  /** The limiter bound to one request of one brand (its merchant code): each brand counts its own (docs/0131). */
  forRequest(request: FastifyRequest, brand = ''): TRequestRateLimiter {
    return {
      attempt: (action, subject) => this.attempt(request, action, subject, brand),
      succeeded: (action, subject) => this.succeeded(request, action, subject, brand),
    };
  }

  /** The subject's successes so far (read, not counted): the generation its attempts count under. */
  private async generation(request: FastifyRequest, scope: string, successes: TChecker, digest: string): Promise<number> {
    const answer = await ask(successes, request, `${scope}:ok:${digest}`, false);
    return answer.isAllowed ? 0 : answer.max - answer.remaining;
  }
}
