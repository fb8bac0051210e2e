import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The only place the platform reads process.env (eslint enforces it). */

/** Repository root: two levels above platform/src. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Platform settings from the environment, with the embedded defaults. */
export const platformEnv = {
  /** PGlite data folder (ignored when DATABASE_URL is set). */
  dataDir: process.env.PLATFORM_DATA_DIR || path.join(REPO_ROOT, '.data', 'platform'),
  /** Real PostgreSQL instead of embedded PGlite. */
  databaseUrl: process.env.DATABASE_URL || undefined,
  port: Number(process.env.PLATFORM_PORT || 7070),
  merchantCode: process.env.MERCHANT_CODE || 'DEMO',
  /** Shared with the gateway: only requests carrying it may name the client IP (unset: none may). */
  gatewaySecret: process.env.GATEWAY_SECRET || undefined,
  /** NODE_ENV=production refuses to seed the demo accounts, whose passwords are published. */
  production: process.env.NODE_ENV === 'production',
};
