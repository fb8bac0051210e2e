import { platformEnv } from './env.ts';
import { assertCaptchaSeamAllowed } from './verification/captcha-seam.ts';
import { assertMessageCaptureAllowed, messageProviderFrom } from './kernel/message-providers.ts';

// Standalone platform process: `pnpm --filter @wl/platform start` (PLATFORM_PORT, default 7070).
try {
  // Before the database opens, and before the platform's modules load: a production start with the
  // captcha test seam stops with one line at once (this file imports only what the checks need).
  assertCaptchaSeamAllowed(platformEnv);
  assertMessageCaptureAllowed({ nodeEnv: platformEnv.nodeEnv, captureFile: platformEnv.messageCaptureFile });
} catch (error) {
  console.error(`platform: ${(error as Error).message}`);
  process.exit(1);
}
const [{ buildPlatform }, { openDatabase }, { startPlatformJobs }, { prepareDatabase }] = await Promise.all([
  import('./app.ts'),
  import('./db/database.ts'),
  import('./jobs/platform-jobs.ts'),
  import('./prepare-database.ts'),
]);
const database = await openDatabase({ databaseUrl: platformEnv.databaseUrl, dataDir: platformEnv.dataDir });
// Migrate, seed and start the jobs under the start lock: racing processes take turns (docs/0023).
const prepared = await prepareDatabase(database, {
  merchantCode: platformEnv.merchantCode,
  refuseDemoAccounts: platformEnv.production,
  ...(platformEnv.jobs ? { startJobs: () => startPlatformJobs({ db: database.db, pollingIntervalSeconds: platformEnv.jobsPollSeconds }) } : {}),
});
const jobs = prepared.jobs ? await prepared.jobs : null;
const app = await buildPlatform({
  db: database.db,
  listen: database.listen,
  merchantCode: platformEnv.merchantCode,
  logger: true,
  ...(platformEnv.captchaTestKey ? { captchaTestKey: platformEnv.captchaTestKey } : {}),
  gatewaySecret: platformEnv.gatewaySecret,
  jobs,
  messageProvider: messageProviderFrom({
    providerUrl: platformEnv.messageProviderUrl,
    providerSecret: platformEnv.messageProviderSecret,
    captureFile: platformEnv.messageCaptureFile,
  }),
});
await app.listen({ host: '127.0.0.1', port: platformEnv.port });

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    void app
      .close()
      .then(() => jobs?.stop())
      .then(() => database.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  });
}
