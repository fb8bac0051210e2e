import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { testEnv } from './env.ts';

/** The Redis this machine has when REDIS_URL is unset. */
export const LOCAL_REDIS_URL = 'redis://127.0.0.1:6379';

async function answers(url: string): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, connectTimeout: 3000, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/**
 * The Redis for the Redis tests: REDIS_URL when set (used as is, so an unreachable one fails the
 * tests instead of skipping them), else the local Redis if it answers, else null (no Redis here).
 */
export async function testRedisUrl(): Promise<string | null> {
  if (testEnv.redisUrl) return testEnv.redisUrl;
  return (await answers(LOCAL_REDIS_URL)) ? LOCAL_REDIS_URL : null;
}

/** A key prefix no other test run shares; deleted by the tests afterwards. */
export function uniqueKeyPrefix(): string {
  return `wl:test:${randomUUID()}:`;
}

/** Deletes every key under `prefix` (a test run's clean-up). */
export async function deleteKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 3000 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
