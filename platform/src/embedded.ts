import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { buildPlatform, type TBuildPlatformOptions } from './app.ts';
import { assertMessageCaptureAllowed, messageProviderFrom } from './kernel/message-providers.ts';
import { openDatabase } from './db/database.ts';
import { redactUrl } from '@wl/schemas/redact-url';
import { platformEnv } from './env.ts';
import type { JobRunner } from './jobs/job-runner.ts';
import { startPlatformJobs } from './jobs/platform-jobs.ts';
import { prepareDatabase, type TStartStep } from './prepare-database.ts';
import { assertCaptchaSeamAllowed } from './verification/captcha.service.ts';
import { armProtectionClockSeam } from './protection/clock-seam.ts';

export type { TStartStep } from './prepare-database.ts';

/** Options of the embedded platform; defaults come from env.ts (PLATFORM_DATA_DIR, DATABASE_URL, CAPTCHA_TEST_KEY, NODE_ENV). */
export type TEmbeddedPlatformOptions = {
  dataDir?: string;
  databaseUrl?: string;
  /** PostgreSQL only: the schema to work in (tests use one per file). */
  schema?: string;
  memory?: boolean;
  /**
   * With `memory`: a migrated, seeded PGlite data dir to start from (test suites make one and start
   * every platform from a copy; docs/0044). Migrations and the seed then find nothing to do.
   */
  memorySnapshot?: Blob;
  /** Test seam (docs/0012); refused when NODE_ENV is production. */
  captchaTestKey?: string;
  /**
   * Test and demo only (docs/0067): the embedded message provider appends every message in full to
   * this file. Default MESSAGE_CAPTURE_FILE, else `<data dir>/messages.log` for an on-disk start
   * outside production (the demo); none in memory or in production (refused there).
   */
  messageCaptureFile?: string;
  /** Secret the gateway sends with the client IP; default a fresh random one for this process. */
  gatewaySecret?: string;
  /**
   * A production start (default: NODE_ENV=production): refuses to seed the demo accounts, to start
   * while a demo login or a channel that settles by itself remains, and is never demo mode (docs/0065).
   */
  production?: boolean;
  /** The merchant served and seeded (default MERCHANT_CODE). */
  merchantCode?: string;
  /** Told what the start is doing (opening or creating the database, migrations, the seed). */
  onProgress?: (step: TStartStep) => void;
  /** Calls worked on at once and queued (docs/0078); default PLATFORM_MAX_IN_FLIGHT and friends. */
  loadLimits?: TBuildPlatformOptions['loadLimits'];
};

/** Whether the embedded platform runs its background jobs (default JOBS, on); tests that do not need them pass false. */
export type TEmbeddedJobsOption = { jobs?: boolean };

/** A running embedded platform and the secret its gateway must send (WPS_HEADERS.gatewaySecret). */
export type TEmbeddedPlatform = { url: string; gatewaySecret: string; close(): Promise<void> };

/**
 * Opens the database, migrates, seeds and listens on 127.0.0.1 on a free port (DESIGN.md: the
 * gateway starts the embedded reference upstream in-process and talks to it over HTTP).
 */
export async function startEmbeddedPlatform(opts: TEmbeddedPlatformOptions & TEmbeddedJobsOption = {}): Promise<TEmbeddedPlatform> {
  const captchaTestKey = opts.captchaTestKey ?? platformEnv.captchaTestKey;
  // Before the database opens: a production start with the captcha test seam stops here.
  assertCaptchaSeamAllowed({ nodeEnv: platformEnv.nodeEnv, captchaTestKey });
  armProtectionClockSeam({ file: platformEnv.protectionClockFile, nodeEnv: platformEnv.nodeEnv });
  const production = opts.production ?? platformEnv.production;
  const merchantCode = opts.merchantCode ?? platformEnv.merchantCode;
  const messageCaptureFile =
    opts.messageCaptureFile ??
    platformEnv.messageCaptureFile ??
    (production || opts.memory ? undefined : path.join(opts.dataDir ?? platformEnv.dataDir, 'messages.log'));
  assertMessageCaptureAllowed({ nodeEnv: platformEnv.nodeEnv, captureFile: messageCaptureFile });
  const databaseUrl = opts.databaseUrl ?? (opts.memory || opts.dataDir ? undefined : platformEnv.databaseUrl);
  const dataDir = opts.dataDir ?? platformEnv.dataDir;
  opts.onProgress?.(
    databaseUrl
      ? { step: 'opening', engine: 'postgres', where: redactUrl(databaseUrl, 'DATABASE_URL'), fresh: false }
      : opts.memory
        ? { step: 'opening', engine: 'pglite', where: 'memory', fresh: true }
        : { step: 'opening', engine: 'pglite', where: dataDir, fresh: !fs.existsSync(path.join(dataDir, 'pgdata')) },
  );
  const database = await openDatabase({
    databaseUrl,
    dataDir,
    memory: opts.memory,
    ...(opts.memorySnapshot ? { memorySnapshot: opts.memorySnapshot } : {}),
    ...(opts.schema ? { schema: opts.schema } : {}),
  });
  let jobs: Promise<JobRunner | null> = Promise.resolve(null);
  try {
    // Under the start lock (docs/0023); on PGlite the job runner starts beside the rest of the start.
    const prepared = await prepareDatabase(database, {
      merchantCode,
      refuseDemoAccounts: production,
      ...(opts.onProgress ? { onProgress: opts.onProgress } : {}),
      ...((opts.jobs ?? platformEnv.jobs)
        ? { startJobs: () => startPlatformJobs({ db: database.db, pollingIntervalSeconds: platformEnv.jobsPollSeconds, production }) }
        : {}),
    });
    if (prepared.jobs) {
      jobs = prepared.jobs.catch((err: unknown) => {
        console.error('platform jobs did not start:', err);
        return null;
      });
    }
    // Only this process knows the secret: nothing else on the machine can claim a client IP.
    const gatewaySecret = opts.gatewaySecret ?? randomBytes(32).toString('base64url');
    const app = await buildPlatform({
      db: database.db,
      listen: database.listen,
      // Closed after its gateway: nothing in flight is cut, and no pooled socket holds the close.
      forceCloseConnections: true,
      merchantCode,
      gatewaySecret,
      production,
      jobs,
      ...(opts.loadLimits ? { loadLimits: opts.loadLimits } : {}),
      ...(captchaTestKey ? { captchaTestKey } : {}),
      messageProvider: messageProviderFrom({
        providerUrl: platformEnv.messageProviderUrl,
        providerSecret: platformEnv.messageProviderSecret,
        captureFile: messageCaptureFile,
      }),
    });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    return {
      url: address,
      gatewaySecret,
      close: async () => {
        try {
          await app.close();
        } finally {
          // Jobs stop before the database closes: a running handler finishes first.
          await (await jobs)?.stop();
          await database.close();
        }
      },
    };
  } catch (err) {
    await (await jobs)?.stop();
    await database.close();
    throw err;
  }
}
