/** One limit: at most `limit` hits per fixed window of `windowMs`. */
export type TRateLimitRule = { limit: number; windowMs: number };

/** Answer of a hit: whether it is within the limit and, when not, how long until the window ends. */
export type TRateLimitResult = { allowed: boolean; retryAfterMs: number };

/**
 * Counts hits per key in fixed windows (issue 3: rate limits per IP and per account). The memory
 * store serves one gateway; the Redis store makes the limits hold across several gateways.
 */
export interface RateLimiter {
  /** Counts one hit on `key` and says whether it is allowed under `rule`. */
  hit(key: string, rule: TRateLimitRule): Promise<TRateLimitResult>;
  /** Forgets the key's count (after a successful login, so honest members never pile up hits). */
  reset(key: string): Promise<void>;
  /** Releases connections; the limiter is not used afterwards. */
  close(): Promise<void>;
}

/** The store could not be asked (Redis down): the gateway refuses rather than letting hits through unlimited. */
export class RateLimiterUnavailableError extends Error {
  override readonly name = 'RateLimiterUnavailableError';
}
