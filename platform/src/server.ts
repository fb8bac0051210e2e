import { buildPlatform } from './app.ts';
import { openDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { platformEnv } from './env.ts';
import { seed } from './seed/seed.ts';

// Standalone platform process: `pnpm --filter @wl/platform start` (PLATFORM_PORT, default 7070).
const database = await openDatabase({ databaseUrl: platformEnv.databaseUrl, dataDir: platformEnv.dataDir });
await migrate(database.db);
await seed(database.db, { merchantCode: platformEnv.merchantCode, refuseDemoAccounts: platformEnv.production });
const app = await buildPlatform({
  db: database.db,
  merchantCode: platformEnv.merchantCode,
  logger: true,
  gatewaySecret: platformEnv.gatewaySecret,
});
await app.listen({ host: '127.0.0.1', port: platformEnv.port });

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0), () => process.exit(1));
  });
}
