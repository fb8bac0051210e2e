import { fileURLToPath } from 'node:url';
import { LOG_LEVELS, type TLogLevel } from './log-levels.ts';
import { parseRateLimits } from './rate-limit/rate-limits.ts';

/** The gateway's process environment, read in this one file (house rule). */

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

function port(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 8080;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535) {
    throw new Error(`PORT must be an integer between 0 and 65535, got "${raw}"`);
  }
  return n;
}

/** TRUST_PROXY: 'true' trusts every hop; anything else is Fastify's address list ('loopback', '10.0.0.0/8,127.0.0.1'). */
function trustProxy(raw: string | undefined): boolean | string | undefined {
  const value = optional(raw);
  if (value === undefined || value === 'false') return undefined;
  return value === 'true' ? true : value;
}

/** LOG_LEVEL: `warn` by default, so a running site logs errors (one line each) and not every request. */
function logLevel(raw: string | undefined): TLogLevel {
  const value = optional(raw)?.toLowerCase() ?? 'warn';
  if (!(LOG_LEVELS as readonly string[]).includes(value)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${raw}"`);
  return value as TLogLevel;
}

/** A positive whole number, or nothing when unset; anything else stops the start with its name. */
function positive(name: string, raw: string | undefined): number | undefined {
  const value = optional(raw);
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return n;
}

function optional(raw: string | undefined): string | undefined {
  return raw === undefined || raw.trim() === '' ? undefined : raw.trim();
}

/** Settings of the gateway process. */
export const env = {
  port: port(process.env.PORT),
  /** Loopback unless HOST says otherwise: the embedded demo publishes its passwords (README). */
  host: optional(process.env.HOST) ?? '127.0.0.1',
  /** A real upstream; when unset the embedded platform is started in-process. */
  upstreamUrl: optional(process.env.UPSTREAM_URL),
  merchantCode: optional(process.env.MERCHANT_CODE) ?? 'DEMO',
  /** Handed to the embedded platform: real PostgreSQL instead of PGlite. */
  databaseUrl: optional(process.env.DATABASE_URL),
  /** Handed to the embedded platform: where PGlite keeps its data. */
  platformDataDir: optional(process.env.PLATFORM_DATA_DIR),
  webDistDir: optional(process.env.WEB_DIST_DIR) ?? `${repoRoot}web/dist`,
  /** Shared rate-limit counters (several gateways); unset keeps them in memory. */
  redisUrl: optional(process.env.REDIS_URL),
  /** Proxies whose X-Forwarded-For names the client (Fastify trustProxy). */
  trustProxy: trustProxy(process.env.TRUST_PROXY),
  /** Shared with a real upstream (its GATEWAY_SECRET): proves the client IP comes from this gateway. */
  gatewaySecret: optional(process.env.GATEWAY_SECRET),
  /** NODE_ENV=production: the embedded platform refuses to seed the demo accounts. */
  production: process.env.NODE_ENV === 'production',
  /** How much the gateway logs: `warn` (errors and warnings, one line each), `info` adds a line per request. */
  logLevel: logLevel(process.env.LOG_LEVEL),
  /** Overrides of the default rate limits, e.g. `login.ip=20/1m,login.subject=10/15m`. */
  rateLimits: parseRateLimits(optional(process.env.RATE_LIMITS) ?? ''),
  /** docs/0088: upstream calls one gateway works on at once, may queue, and how long one waits; unset keeps the defaults (64, 256, 2000 ms). */
  loadLimits: Object.fromEntries(
    Object.entries({
      maxInFlight: positive('GATEWAY_MAX_IN_FLIGHT', process.env.GATEWAY_MAX_IN_FLIGHT),
      maxQueued: positive('GATEWAY_MAX_QUEUED', process.env.GATEWAY_MAX_QUEUED),
      queueWaitMs: positive('GATEWAY_QUEUE_WAIT_MS', process.env.GATEWAY_QUEUE_WAIT_MS),
    }).filter(([, n]) => n !== undefined),
  ) as Partial<Record<'maxInFlight' | 'maxQueued' | 'queueWaitMs', number>>,
} as const;
