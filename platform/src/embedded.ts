import { randomBytes } from 'node:crypto';
import { buildPlatform } from './app.ts';
import { openDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { platformEnv } from './env.ts';
import { seed } from './seed/seed.ts';

/** Options of the embedded platform; defaults come from env.ts (PLATFORM_DATA_DIR, DATABASE_URL). */
export type TEmbeddedPlatformOptions = {
  dataDir?: string;
  databaseUrl?: string;
  memory?: boolean;
  /** Secret the gateway sends with the client IP; default a fresh random one for this process. */
  gatewaySecret?: string;
  /** Refuse to seed the demo accounts (default: NODE_ENV=production). */
  production?: boolean;
};

/** A running embedded platform and the secret its gateway must send (WPS_HEADERS.gatewaySecret). */
export type TEmbeddedPlatform = { url: string; gatewaySecret: string; close(): Promise<void> };

/**
 * Opens the database, migrates, seeds and listens on 127.0.0.1 on a free port (DESIGN.md: the
 * gateway starts the embedded reference upstream in-process and talks to it over HTTP).
 */
export async function startEmbeddedPlatform(opts: TEmbeddedPlatformOptions = {}): Promise<TEmbeddedPlatform> {
  const databaseUrl = opts.databaseUrl ?? (opts.memory || opts.dataDir ? undefined : platformEnv.databaseUrl);
  const database = await openDatabase({ databaseUrl, dataDir: opts.dataDir ?? platformEnv.dataDir, memory: opts.memory });
  try {
    await migrate(database.db);
    await seed(database.db, { merchantCode: platformEnv.merchantCode, refuseDemoAccounts: opts.production ?? platformEnv.production });
    // Only this process knows the secret: nothing else on the machine can claim a client IP.
    const gatewaySecret = opts.gatewaySecret ?? randomBytes(32).toString('base64url');
    const app = await buildPlatform({ db: database.db, merchantCode: platformEnv.merchantCode, gatewaySecret });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    return {
      url: address,
      gatewaySecret,
      close: async () => {
        try {
          await app.close();
        } finally {
          await database.close();
        }
      },
    };
  } catch (err) {
    await database.close();
    throw err;
  }
}
