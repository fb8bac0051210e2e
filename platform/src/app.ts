import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { SEAMLESS_PATHS, WPS_CODES, WPS_MESSAGES, WPS_PATHS } from '@wl/schemas';
import { generateRsaKeyPair } from '@wl/schemas/wps/body-cipher';
import type { TListen } from './db/database.ts';
import type { DB } from './db/schema.ts';
import { AREA_ROUTES } from './areas.ts';
import { platformEnv } from './env.ts';
import type { TPlatformDeps } from './http/deps.ts';
import type { JobRunner } from './jobs/job-runner.ts';
import { sendError, WpsError, wpsErrors } from './http/envelope.ts';
import { refuseNulInput } from './http/hostile-input.ts';
import { registerCallGate } from './http/call-gate.ts';
import { resolveClientIp } from './http/request-context.ts';
import { deadlineLeftMs, registerCallDeadline } from './http/deadline.ts';
import { DEFAULT_LOAD_LIMITS, type TLoadLimits } from './http/load-shed.ts';
import { createLoadShedder } from '@wl/schemas/load-shed';
import { assertCaptchaSeamAllowed } from './verification/captcha.service.ts';
import { ConfigWatch } from './system/config-watch.ts';
import { configWatchRoutes } from './system/config-watch.routes.ts';
import {
  assertMessageCaptureAllowed,
  embeddedProvider,
  outboxSender,
  type EmailProvider,
  type MessageProvider,
  type SmsProvider,
} from './kernel/message-providers.ts';

/** Options of buildPlatform. */
export type TBuildPlatformOptions = {
  db: Kysely<DB>;
  merchantCode?: string;
  /** Defaults to a fresh pair per app (UPSTREAM-NOTES: the key is fetched before each login). */
  rsa?: { publicKeyPem: string; privateKeyPem: string };
  clock?: () => Date;
  logger?: boolean;
  /** Where logs go when logger is on (tests read them to show no secret is logged); default stdout. */
  logStream?: NodeJS.WritableStream;
  sms?: SmsProvider;
  email?: EmailProvider;
  /** Who delivers SMS and e-mail (docs/0067; default: the embedded provider, which keeps no text unless `messageCaptureFile`). */
  messageProvider?: MessageProvider;
  /** Test and demo only: the embedded provider appends every message in full to this file; refused when NODE_ENV is production. */
  messageCaptureFile?: string;
  /** Test seam (docs/0012-captcha-and-test-seam.md); refused when NODE_ENV is production. */
  captchaTestKey?: string;
  /**
   * Shared with the gateway (GATEWAY_SECRET): the client-IP header is believed only on requests that
   * carry it. Unset: every request's IP is its socket address.
   */
  gatewaySecret?: string;
  /**
   * LISTEN on the database (TDatabase.listen): config changes committed by any process end the
   * gateways' config watches at once. Without it a watch ends only when its wait runs out.
   */
  listen?: TListen;
  /**
   * Destroy every open connection on close (Fastify `forceCloseConnections: true`). The embedded
   * platform sets it: its only client is its own gateway, closed first, whose pooled keep-alive
   * sockets (one may hold a request queued behind an answered config watch) would otherwise hold
   * close() for the 72 s keep-alive timeout. A standalone platform keeps the graceful default.
   */
  forceCloseConnections?: boolean;
  /** The platform's job runner, or its start (embedded: started beside the app); absent or null: jobs off. */
  jobs?: Promise<JobRunner | null> | JobRunner | null;
  /** A production start (default NODE_ENV=production): never demo mode (docs/0065). */
  production?: boolean;
  /** How many calls this process works on at once and queues (docs/0078); default PLATFORM_MAX_IN_FLIGHT and friends. */
  loadLimits?: Partial<TLoadLimits>;
  /** Test seam (docs/0078): runs before the deadline check of each money transaction's commit, to hold it open. */
  beforeCommit?: () => Promise<void>;
};

/** Request bodies are small JSON; anything bigger is refused before parsing. */
export const BODY_LIMIT_BYTES = 64 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    /** The dependencies the routes run with (tests use them to call services directly). */
    platform: TPlatformDeps;
    /** The gateways' config watches (tests read how many are held). */
    platformConfigWatch: ConfigWatch;
    /** Calls worked on and waiting (tests read them). */
    platformLoad: { inFlight: () => number; queued: () => number };
  }
}

/** Builds the platform app (STYLE.md: the app is a plugin; server.ts only listens). */
export async function buildPlatform(opts: TBuildPlatformOptions): Promise<FastifyInstance> {
  assertCaptchaSeamAllowed({ nodeEnv: platformEnv.nodeEnv, captchaTestKey: opts.captchaTestKey });
  assertMessageCaptureAllowed({ nodeEnv: platformEnv.nodeEnv, captureFile: opts.messageCaptureFile });
  const messages = opts.messageProvider ?? embeddedProvider({ captureFile: opts.messageCaptureFile });
  // The message's text stays out of the log: only that a delivery failed, and why.
  const deliveryFailed = (err: unknown, channel: string) => console.warn(`${channel} delivery failed: ${err instanceof Error ? err.message : String(err)}`);
  const deps: TPlatformDeps = {
    db: opts.db,
    rsa: opts.rsa ?? generateRsaKeyPair(),
    defaultMerchantCode: opts.merchantCode ?? 'DEMO',
    clock: opts.clock ?? (() => new Date()),
    sms: opts.sms ?? outboxSender(opts.db, messages, 'sms', deliveryFailed),
    email: opts.email ?? outboxSender(opts.db, messages, 'email', deliveryFailed),
    ...(opts.captchaTestKey === undefined ? {} : { captchaTestKey: opts.captchaTestKey }),
    ...(opts.jobs ? { jobs: () => Promise.resolve(opts.jobs ?? null) } : {}),
    production: opts.production ?? platformEnv.production,
  };
  const app = Fastify({
    ...(opts.forceCloseConnections ? { forceCloseConnections: true } : {}),
    logger: opts.logger
      ? {
          level: 'info',
          redact: ['req.headers.authorization', 'req.headers["x-rsa"]'],
          ...(opts.logStream ? { stream: opts.logStream } : {}),
        }
      : false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: false,
  });
  app.decorate('platform', deps);
  app.decorateRequest('wlClientIp', '');
  app.addHook('onRequest', async (request) => {
    request.wlClientIp = resolveClientIp(request, opts.gatewaySecret);
  });
  // A call the gateway already gave up on is refused before it queues or works (docs/0078).
  registerCallDeadline(app, { gatewaySecret: opts.gatewaySecret, clock: deps.clock, ...(opts.beforeCommit ? { beforeCommit: opts.beforeCommit } : {}) });
  // Past capacity, busy at once or after a short wait; never a hung or reset connection (docs/0078).
  const loadLimits = { ...DEFAULT_LOAD_LIMITS, ...platformEnv.loadLimits, ...opts.loadLimits };
  const uncounted = new Set<string>([WPS_PATHS.configWatch, ...Object.values(SEAMLESS_PATHS)]);
  const shedder = createLoadShedder<FastifyRequest, FastifyReply>(loadLimits, {
    counts: (request) => !uncounted.has(request.routeOptions.url ?? ''),
    refuse: (reply) => sendError(reply, wpsErrors.busy()),
    waitMs: deadlineLeftMs,
  });
  app.addHook('onRequest', shedder.onRequest);
  app.decorate('platformLoad', shedder);

  app.setErrorHandler((err, request, reply) => {
    if (err instanceof WpsError) return sendError(reply, err);
    const status = (err as { statusCode?: number }).statusCode;
    // Over BODY_LIMIT_BYTES: say so (413), so the gateway can tell the caller instead of failing.
    if ((err as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendError(reply, new WpsError(WPS_CODES.payloadTooLarge, WPS_MESSAGES.payloadTooLarge));
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type): a bad request.
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return sendError(reply, new WpsError(WPS_CODES.badRequest, WPS_MESSAGES.badRequest));
    }
    request.log.error({ err }, 'unhandled platform error');
    return sendError(reply, new WpsError(WPS_CODES.internal, WPS_MESSAGES.internal));
  });
  // docs/rules/accounts.md#a-14 forgot by email posts a form (application/x-www-form-urlencoded).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.setNotFoundHandler((_request, reply) => sendError(reply, new WpsError(WPS_CODES.notFound, WPS_MESSAGES.notFound)));
  refuseNulInput(app);
  // Module switches, maintenance and the region rule, for every route registered below (docs/0069).
  registerCallGate(app, deps);

  const configWatch = new ConfigWatch(opts.db, opts.listen);
  app.decorate('platformConfigWatch', configWatch);
  await app.register(configWatchRoutes({ watch: configWatch, gatewaySecret: opts.gatewaySecret }), { deps });
  // Before close waits for open requests: held watches answer now instead of at their timeout.
  app.addHook('preClose', async () => {
    await configWatch.stop();
  });
  // Areas declared call by call (docs/0076), one plugin each from one table (docs/0090).
  for (const routes of Object.values(AREA_ROUTES)) await app.register(routes, { deps });
  await configWatch.start();
  await app.ready();
  return app;
}
