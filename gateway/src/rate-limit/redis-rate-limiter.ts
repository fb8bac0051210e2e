import { Redis } from 'ioredis';
import { RateLimiterUnavailableError, type RateLimiter, type TRateLimitResult, type TRateLimitRule } from './rate-limiter.ts';

/**
 * One round trip, atomic on the server: count the hit, start the window on the first hit, and
 * answer the count with the window's remaining time. A key left without expiry (it cannot happen
 * through this script, but a crash between two commands elsewhere could) gets one here.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }
`;

type TRedisWithHit = Redis & { wlRateHit(key: string, windowMs: number): Promise<[number, number]> };

export type TRedisRateLimiterOptions = {
  url: string;
  /** Prefix of every key (tests use one per run and delete it afterwards). */
  keyPrefix?: string;
  /** Per-command timeout; a slow Redis must not hold logins; default 1 s. */
  commandTimeoutMs?: number;
};

/** The Redis URL without its password, for messages. */
export function redactRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'redis (unparseable URL)';
  }
}

/** Fixed-window counters in Redis, so every gateway sharing the Redis shares the limits (issue 3). */
export class RedisRateLimiter implements RateLimiter {
  readonly keyPrefix: string;
  private readonly redis: TRedisWithHit;
  private readonly url: string;

  constructor(options: TRedisRateLimiterOptions) {
    this.url = options.url;
    this.keyPrefix = options.keyPrefix ?? 'wl:rl:';
    const redis = new Redis(options.url, {
      lazyConnect: true,
      // Fail fast while disconnected instead of queueing logins behind a dead connection.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
      commandTimeout: options.commandTimeoutMs ?? 1000,
    });
    // Connection errors surface on the commands; without a listener ioredis would print each retry.
    redis.on('error', () => undefined);
    redis.defineCommand('wlRateHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    this.redis = redis as TRedisWithHit;
  }

  /** Connects and pings; rejects with a clear message when Redis cannot be reached (startup check). */
  async connect(): Promise<void> {
    try {
      if (this.redis.status === 'wait') await this.redis.connect();
      await this.redis.ping();
    } catch (error) {
      throw new RateLimiterUnavailableError(`cannot reach Redis at ${redactRedisUrl(this.url)}: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }

  async hit(key: string, rule: TRateLimitRule): Promise<TRateLimitResult> {
    let count: number;
    let ttl: number;
    try {
      [count, ttl] = await this.redis.wlRateHit(this.keyPrefix + key, rule.windowMs);
    } catch (error) {
      throw new RateLimiterUnavailableError(`rate limit store unavailable: ${(error as Error).message}`, { cause: error });
    }
    const allowed = count <= rule.limit;
    return { allowed, retryAfterMs: allowed ? 0 : Math.max(ttl, 1) };
  }

  async reset(key: string): Promise<void> {
    try {
      await this.redis.del(this.keyPrefix + key);
    } catch (error) {
      throw new RateLimiterUnavailableError(`rate limit store unavailable: ${(error as Error).message}`, { cause: error });
    }
  }

  /** Deletes every key under this limiter's prefix (test clean-up). */
  async clear(): Promise<void> {
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${this.keyPrefix}*`, 'COUNT', 500);
      if (keys.length > 0) await this.redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  }

  async close(): Promise<void> {
    if (this.redis.status === 'wait' || this.redis.status === 'end') {
      this.redis.disconnect();
      return;
    }
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
