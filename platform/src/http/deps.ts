import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** What every area's routes and services receive from buildPlatform. */
export type TPlatformDeps = {
  db: Kysely<DB>;
  /** Per-process RSA pair for encrypted bodies (UPSTREAM-NOTES). */
  rsa: { publicKeyPem: string; privateKeyPem: string };
  /** Merchant used when a call carries no Merchant header. */
  defaultMerchantCode: string;
  /** Injected so session expiry can be tested without waiting. */
  clock: () => Date;
};
