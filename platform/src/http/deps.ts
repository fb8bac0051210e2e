import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import type { EmailProvider, SmsProvider } from '../kernel/message-providers.ts';

/** What every area's routes and services receive from buildPlatform. */
export type TPlatformDeps = {
  db: Kysely<DB>;
  /** Per-process RSA pair for encrypted bodies (UPSTREAM-NOTES). */
  rsa: { publicKeyPem: string; privateKeyPem: string };
  /** Merchant used when a call carries no Merchant header. */
  defaultMerchantCode: string;
  /** Injected so session expiry can be tested without waiting. */
  clock: () => Date;
  /** Sends SMS: recorded in the outbox (no text), delivered by the message provider (docs/0067). */
  sms: SmsProvider;
  /** Sends e-mail the same way. */
  email: EmailProvider;
  /** Test seam: captcha answers derive from their id with this key (docs/0012); unset in production. */
  captchaTestKey?: string;
  /** The job runner once started (null when jobs are off): services enqueue in their transaction (docs/0011). */
  jobs?: () => Promise<JobRunner | null>;
  /** A production start (NODE_ENV=production): never demo mode, so no channel settles by itself (docs/0065). */
  production: boolean;
};
