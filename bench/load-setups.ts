/**
 * The two sites the load test runs against (docs/0079), each started as its own processes and torn
 * down after: `embedded` is `pnpm start` (one process, PGlite on disk, in a temporary data folder);
 * `cluster` is two platform processes (`platform/src/server.ts`, as `pnpm --filter @wl/platform start`
 * runs it) on one PostgreSQL database of the run's own (dropped after) and two gateways (the bundled
 * `gateway/dist/server.js` that `pnpm start` runs, with UPSTREAM_URL) sharing their rate limits in
 * Redis, each gateway in front of one platform. Every gateway believes X-Forwarded-For from loopback
 * (TRUST_PROXY=loopback), so each simulated person has an address of its own.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type TDatabase } from '@wl/platform/db/database';
import { createTestDatabase } from '@wl/platform/test-support/pg-schema';
import { WPS_PATHS } from '@wl/schemas';
import { startCommand } from './memory.ts';
import { freePort, startProcess, untilServing, type TRunning } from './processes.ts';

export const LOAD_MERCHANT = 'DEMO';

/** A site to load: how to open its database (to prepare it and to check its money), how to start and where it answers. */
export type TLoadSite = {
  name: 'embedded' | 'cluster';
  description: string;
  /** Opens the site's database in this process; on PGlite only while the site's servers are down (its folder is locked). */
  open(): Promise<TDatabase>;
  /** Starts the servers; answers the gateways' base URLs and the processes (every one to stop after). */
  start(started: (running: TRunning) => void): Promise<string[]>;
  /** Removes what the site left behind (the data folder, the database). */
  cleanup(): Promise<void>;
};

/** Answers 200 only when the gateway and the platform behind it both work. */
const SCREEN_PATH = `/trpc/config.screen?input=${encodeURIComponent(JSON.stringify({ language: 'bn' }))}`;

/** Variables of this process a started server must not inherit (they would point it elsewhere). */
const SITE_VARIABLES = [
  'DATABASE_URL',
  'UPSTREAM_URL',
  'REDIS_URL',
  'PLATFORM_DATA_DIR',
  'PORT',
  'PLATFORM_PORT',
  'GATEWAY_SECRET',
  'TRUST_PROXY',
  'JOBS',
  'GATEWAY_MAX_IN_FLIGHT',
  'GATEWAY_MAX_QUEUED',
  'GATEWAY_QUEUE_WAIT_MS',
];

/** The gateways' own limits as their variables (docs/0088); none keeps their defaults. */
export type TGatewayLimits = { maxInFlight: number; maxQueued: number; queueWaitMs: number } | null;

function gatewayVariables(limits: TGatewayLimits): Record<string, string> {
  if (!limits) return {};
  return { GATEWAY_MAX_IN_FLIGHT: String(limits.maxInFlight), GATEWAY_MAX_QUEUED: String(limits.maxQueued), GATEWAY_QUEUE_WAIT_MS: String(limits.queueWaitMs) };
}

function envWith(own: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of SITE_VARIABLES) delete env[name];
  return { ...env, HOST: '127.0.0.1', MERCHANT_CODE: LOAD_MERCHANT, TRUST_PROXY: 'loopback', ...own };
}

/** `pnpm start` on a data folder of its own. */
export function embeddedSite(limits: TGatewayLimits = null): TLoadSite {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wl-load-'));
  const { command, args, shown } = startCommand();
  return {
    name: 'embedded',
    description: `\`${shown}\`: gateway and platform in one process, PGlite on disk (${dataDir}), TRUST_PROXY=loopback`,
    open: () => openDatabase({ dataDir: path.join(dataDir, 'platform') }),
    async start(started) {
      const port = await freePort();
      const site = startProcess(
        'pnpm start',
        command,
        args,
        envWith({ PORT: String(port), PLATFORM_DATA_DIR: path.join(dataDir, 'platform'), ...gatewayVariables(limits) }),
      );
      started(site);
      const base = `http://127.0.0.1:${port}`;
      await untilServing(site, base + SCREEN_PATH, 600);
      return [base];
    },
    async cleanup() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Two platforms and two gateways on a PostgreSQL database of the run's own and one Redis. */
export async function clusterSite(o: { databaseUrl: string; redisUrl: string; limits?: TGatewayLimits }): Promise<TLoadSite> {
  const database = await createTestDatabase(o.databaseUrl);
  const secret = randomBytes(24).toString('base64url');
  const shownDb = new URL(database.url);
  shownDb.password = '';
  return {
    name: 'cluster',
    description: `2 gateways (node gateway/dist/server.js, REDIS_URL ${o.redisUrl}) each in front of its own platform (tsx platform/src/server.ts), one PostgreSQL database ${shownDb.pathname.slice(1)} on ${shownDb.host} (dropped after), TRUST_PROXY=loopback`,
    open: () => openDatabase({ databaseUrl: database.url }),
    async start(started) {
      const platforms: string[] = [];
      const waits: Promise<unknown>[] = [];
      for (let i = 1; i <= 2; i++) {
        const port = await freePort();
        const env = envWith({ DATABASE_URL: database.url, PLATFORM_PORT: String(port), GATEWAY_SECRET: secret });
        const platform = startProcess(`platform ${i}`, process.execPath, ['--import', 'tsx', 'platform/src/server.ts'], env);
        started(platform);
        platforms.push(`http://127.0.0.1:${port}`);
        waits.push(untilServing(platform, `http://127.0.0.1:${port}${WPS_PATHS.rsaKey}`, 300));
      }
      await Promise.all(waits);
      const bases: string[] = [];
      for (const [i, upstream] of platforms.entries()) {
        const port = await freePort();
        const env = envWith({
          PORT: String(port),
          UPSTREAM_URL: upstream,
          REDIS_URL: o.redisUrl,
          GATEWAY_SECRET: secret,
          ...gatewayVariables(o.limits ?? null),
        });
        const gateway = startProcess(`gateway ${i + 1}`, process.execPath, ['gateway/dist/server.js'], env);
        started(gateway);
        bases.push(`http://127.0.0.1:${port}`);
        await untilServing(gateway, `http://127.0.0.1:${port}${SCREEN_PATH}`, 300);
      }
      return bases;
    },
    cleanup: () => database.drop(),
  };
}
