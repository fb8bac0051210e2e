import type { TStartStep } from '@wl/platform/embedded';
import { buildApp } from './app.ts';
import { startEmbeddedUpstream } from './embedded.ts';
import { env } from './env.ts';

/** Process entry: the embedded platform unless UPSTREAM_URL is set, then the gateway; closes both on signals. */

function fail(message: string): never {
  console.error(`gateway: ${message}`);
  process.exit(1);
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') return `port ${env.port} is already in use (set PORT to another port)`;
    if (code === 'EACCES') return `not allowed to listen on port ${env.port}`;
    return error.message.split('\n')[0] ?? String(error);
  }
  return String(error);
}

/** What a start is doing, in one plain line each on stdout (docs/0061: a first start is not silent). */
function say(line: string): void {
  console.log(line);
}

function sayStep(step: TStartStep): void {
  if (step.step === 'opening') {
    if (step.engine === 'postgres') say(`Connecting to PostgreSQL (${step.where})…`);
    else if (step.fresh) say(`Creating the embedded database in ${step.where} (first start: up to a minute)…`);
    else say(`Opening the embedded database in ${step.where}…`);
  } else if (step.step === 'migrated') {
    say(`Applied ${step.versions.length} database migration${step.versions.length === 1 ? '' : 's'} (${step.versions[0]} … ${step.versions.at(-1)}).`);
  } else {
    say(`Seeding the demo site: merchant ${env.merchantCode}, catalogue, demo accounts (listed in README.md)…`);
  }
}

async function main(): Promise<void> {
  let upstream: { url: string; gatewaySecret: string; close(): Promise<void> } | null = null;
  if (!env.upstreamUrl) {
    try {
      // A locked data folder (another process has it open) is refused here with the platform's message.
      upstream = await startEmbeddedUpstream({ dataDir: env.platformDataDir, databaseUrl: env.databaseUrl, production: env.production, onProgress: sayStep });
    } catch (error) {
      fail(`cannot start the embedded platform: ${describe(error)}`);
    }
  }
  const upstreamUrl = env.upstreamUrl ?? upstream?.url ?? fail('no upstream');

  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp({
      upstreamUrl,
      merchantCode: env.merchantCode,
      webDistDir: env.webDistDir,
      logger: true,
      logLevel: env.logLevel,
      trustProxy: env.trustProxy,
      redisUrl: env.redisUrl,
      rateLimits: env.rateLimits,
      loadLimits: env.loadLimits,
      // Embedded: the secret made for this process; a real upstream: the one both were configured with.
      gatewaySecret: upstream?.gatewaySecret ?? env.gatewaySecret,
    });
  } catch (error) {
    // Redis named by REDIS_URL but unreachable: stop with one clear line.
    await upstream?.close().catch(() => undefined);
    fail(describe(error));
  }
  try {
    await app.listen({ port: env.port, host: env.host });
  } catch (error) {
    await upstream?.close().catch(() => undefined);
    fail(describe(error));
  }
  if (env.upstreamUrl && !env.gatewaySecret) app.log.warn('GATEWAY_SECRET is not set: the upstream cannot tell client IPs from this gateway');
  const shownHost = env.host === '0.0.0.0' || env.host === '::' ? '127.0.0.1' : env.host;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.port;
  say(`Ready: open http://${shownHost}:${port}/ in a browser (upstream ${env.upstreamUrl ? upstreamUrl : 'embedded'}; LOG_LEVEL=${env.logLevel}).`);
  // The other brands, by the host names that reach them (docs/0131; the demo's second brand is on localhost).
  for (const [host, code] of app.brands.hostNames()) say(`  brand ${code}: http://${host}:${port}/`);

  let closing = false;
  const shutdown = async (signal: NodeJS.Signals): Promise<void> => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    try {
      await app.close();
      await upstream?.close();
      process.exit(0);
    } catch (error) {
      fail(`error while closing: ${describe(error)}`);
    }
  };
  process.once('SIGINT', (signal) => void shutdown(signal));
  process.once('SIGTERM', (signal) => void shutdown(signal));
}

main().catch((error: unknown) => fail(describe(error)));
