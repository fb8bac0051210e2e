import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The only place the platform reads process.env (eslint enforces it). */

/** Repository root: two levels above platform/src. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** `{ [name]: n }` for a positive integer setting, nothing when unset or not one. */
function positive<K extends string>(name: K, value: string | undefined): Partial<Record<K, number>> {
  const n = Number(value);
  return value && Number.isSafeInteger(n) && n > 0 ? ({ [name]: n } as Record<K, number>) : {};
}

/** Platform settings from the environment, with the embedded defaults. */
export const platformEnv = {
  /** PGlite data folder (ignored when DATABASE_URL is set). */
  dataDir: process.env.PLATFORM_DATA_DIR || path.join(REPO_ROOT, '.data', 'platform'),
  /** Real PostgreSQL instead of embedded PGlite. */
  databaseUrl: process.env.DATABASE_URL || undefined,
  port: Number(process.env.PLATFORM_PORT || 7070),
  merchantCode: process.env.MERCHANT_CODE || 'DEMO',
  /** Background jobs (sweeps, later draws and settlements); JOBS=off runs a process without them. */
  jobs: process.env.JOBS !== 'off',
  /** Seconds between polls of an idle job queue (pg-boss minimum 0.5). */
  jobsPollSeconds: Number(process.env.JOBS_POLL_SECONDS || 10),
  /**
   * How long the built-in games wait for one wallet call before treating its outcome as unknown
   * (then retried, rolled back, answered busy; docs/0035). The test suites set a long one: on a
   * saturated machine the platform's own loopback wallet answered past 5 s and games answered busy.
   */
  walletTimeoutMs: Math.max(100, Number(process.env.WALLET_TIMEOUT_MS || 5_000) || 5_000),
  /** Test-only: captcha answers derive from their id with this key (docs/0012); refused when NODE_ENV is production. */
  captchaTestKey: process.env.CAPTCHA_TEST_KEY || undefined,
  nodeEnv: process.env.NODE_ENV || undefined,
  /** Test-only (docs/0104): protection decisions read the clock plus the milliseconds in this file; refused in production. */
  protectionClockFile: process.env.PROTECTION_CLOCK_FILE || undefined,
  /** docs/0067: deliver SMS and e-mail by POSTing them to this URL (unset: the embedded outbox). */
  messageProviderUrl: process.env.MESSAGE_PROVIDER_URL || undefined,
  /** Bearer secret sent to MESSAGE_PROVIDER_URL. */
  messageProviderSecret: process.env.MESSAGE_PROVIDER_SECRET || undefined,
  /** Test and demo only (docs/0067): the embedded provider appends each message in full here; refused in production. */
  messageCaptureFile: process.env.MESSAGE_CAPTURE_FILE || undefined,
  /** Shared with the gateway: only requests carrying it may name the client IP (unset: none may). */
  gatewaySecret: process.env.GATEWAY_SECRET || undefined,
  /**
   * Real-time salary window in seconds (docs/rules/agent.md#ag-12: 300, the default). The Playwright journeys set a
   * short one so a settlement does not take five minutes to watch (docs/0049); refused below 10.
   */
  realtimeSalaryWindowSeconds: process.env.REALTIME_SALARY_WINDOW_SECONDS
    ? Math.max(10, Math.floor(Number(process.env.REALTIME_SALARY_WINDOW_SECONDS)) || 300)
    : undefined,
  /** docs/0078: calls one process works on at once, may queue, and how long one waits; unset keeps DEFAULT_LOAD_LIMITS. */
  loadLimits: {
    ...positive('maxInFlight', process.env.PLATFORM_MAX_IN_FLIGHT),
    ...positive('maxQueued', process.env.PLATFORM_MAX_QUEUED),
    ...positive('queueWaitMs', process.env.PLATFORM_QUEUE_WAIT_MS),
  },
  /** NODE_ENV=production refuses to seed the demo accounts, whose passwords are published. */
  production: process.env.NODE_ENV === 'production',
};

/**
 * The first owner's password for `pnpm merchant:create` (docs/0065), read once and removed from
 * this process's environment so nothing started later inherits it; never logged.
 */
export function takeOwnerPasswordFromEnv(): string | undefined {
  const value = process.env.MERCHANT_OWNER_PASSWORD;
  delete process.env.MERCHANT_OWNER_PASSWORD;
  return value || undefined;
}
