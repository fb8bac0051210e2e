/** Environment the gateway tests read (house rule: process.env only in env.ts). */
export const testEnv = {
  /** When set, the Redis tests run against it and fail loudly if it cannot be reached. */
  redisUrl: process.env.REDIS_URL?.trim() || undefined,
  /** When set, every harness platform runs on this PostgreSQL, in a schema of its own (else PGlite in memory). */
  databaseUrl: process.env.DATABASE_URL?.trim() || undefined,
} as const;
