/** Environment the gateway tests read (house rule: process.env only in env.ts). */
export const testEnv = {
  /** When set, the Redis tests run against it and fail loudly if it cannot be reached. */
  redisUrl: process.env.REDIS_URL?.trim() || undefined,
} as const;
