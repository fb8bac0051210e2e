import { Redis } from 'ioredis';
import { redactUrl } from '@wl/schemas/redact-url';
import { RateLimiterUnavailableError } from './rate-limiter.ts';

/** The Redis URL without its password, for messages. */
export const redactRedisUrl = (url: string): string => redactUrl(url, 'redis (unparseable URL)');

export type TRedisClientOptions = {
  /** Per-command timeout; a slow Redis must not hold logins; default 1 s. */
  commandTimeoutMs?: number;
};

/**
 * The Redis client the rate-limit plugin counts in, set to fail fast: while disconnected a command
 * fails at once instead of queueing logins behind a dead connection (the caller then refuses, 503).
 * Not connected yet: `connectRedis` connects it.
 */
export function redisClient(url: string, options: TRedisClientOptions = {}): Redis {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: options.commandTimeoutMs ?? 1000,
  });
  // Connection errors surface on the commands; without a listener ioredis would print each retry.
  redis.on('error', () => undefined);
  return redis;
}

/** A connected client (pinged); rejects with a clear message when Redis cannot be reached (startup check). */
export async function connectRedis(url: string, options: TRedisClientOptions = {}): Promise<Redis> {
  const redis = redisClient(url, options);
  try {
    await redis.connect();
    await redis.ping();
    return redis;
  } catch (error) {
    redis.disconnect();
    throw new RateLimiterUnavailableError(`cannot reach Redis at ${redactRedisUrl(url)}: ${(error as Error).message}`, { cause: error });
  }
}

/** Closes the client, politely when it is connected. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'wait' || redis.status === 'end') {
    redis.disconnect();
    return;
  }
  await redis.quit().catch(() => redis.disconnect());
}
