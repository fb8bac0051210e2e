import type { TLogLevel } from './log-levels.ts';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { serializeRequest } from './log-redaction.ts';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance } from 'fastify';
import { TRPC_MAX_BATCH_SIZE } from '@wl/schemas/constants';
import { sendAnswer } from './edge/encoded-answer.ts';
import { chosenLanguage } from './edge/index-html.ts';
import { registerCompression, registerTrpcBytes } from './edge/compression.ts';
import { refuseBodiesOnGet, registerOneDoor } from './edge/one-door.ts';
import { registerPublicAnswers } from './edge/public-answers.ts';
import { registerScreenAnswer } from './edge/screen-answer.ts';
import { ByteDoor } from './edge/byte-door.ts';
import { inlineScriptHashes, registerSecurityHeaders } from './edge/security-headers.ts';
import { DEFAULT_LIVE_STREAM_LIMITS, LIVE_CHAT_PATH, LIVE_CONFIG_PATH, registerStreams, StreamBudget, type TLiveStreamLimits } from './live/config-streams.ts';
import { Brand, type TBrandOptions } from './brands/brand.ts';
import { Brands } from './brands/brands.ts';
import { RateLimiter, RateLimiterUnavailableError } from './rate-limit/rate-limiter.ts';
import { resolveRateLimits, type TRateLimitOverrides } from './rate-limit/rate-limits.ts';
import { closeRedis, connectRedis } from './rate-limit/redis-client.ts';
import { appRouter } from './routers/router.ts';
import type { AppRouter } from './router-type.ts';
import { contextFactory } from './trpc/context.ts';
import { registerFeedbackImageUpload } from './upload/feedback-image.route.ts';
import { registerPromotionImageUploads } from './upload/promotion-image.route.ts';
import { registerProofUpload } from './upload/withdrawal-proof.route.ts';
import { UpstreamError, UpstreamProtocolError, UpstreamUnavailableError } from './upstream/upstream.errors.ts';
import { registerWebManifest } from './edge/web-manifest.ts';
import { registerGatewayLoadLimit } from './edge/load-limit.ts';
import type { TLoadLimits } from '@wl/schemas/load-shed';

export type TBuildAppOptions = {
  /** Base URL of the wps upstream (the embedded platform or a real one). */
  upstreamUrl: string;
  /** The deployment's default merchant: every host no brand claims (docs/0131). */
  merchantCode: string;
  /** How often the brands and their host names are read again (ms); default 30 s. */
  brandsRefreshMs?: number;
  /** Built web app; served with SPA fallback when the folder exists. */
  webDistDir?: string;
  /** How often the upstream's config version is read when it offers no config watch; default 250 ms. */
  configPollMs?: number;
  /** How long one config watch (the upstream's long-poll) may wait for a change; default 25 s, 0 = poll only. */
  configWatchMs?: number;
  /** Limits of the live config streams (per client, in all, heartbeat); DEFAULT_LIVE_STREAM_LIMITS otherwise. */
  liveStreams?: Partial<TLiveStreamLimits>;
  /** Per-call upstream timeout; default 5 s. */
  upstreamTimeoutMs?: number;
  logger?: boolean;
  /** The logger's level when `logger` is on (default Fastify's `info`, which logs every request; `pnpm start` uses LOG_LEVEL, default `warn`). */
  logLevel?: TLogLevel;
  /** How long public catalogue and content answers are reused (ms); 0 turns the cache off. Default 5000. */
  publicCacheMs?: number;
  /**
   * Fastify `trustProxy`: when set, the client IP (rate limits, new-IP second factor, what the
   * upstream sees) comes from X-Forwarded-For sent by these proxies, e.g. 'loopback' or '10.0.0.0/8,127.0.0.1'.
   */
  trustProxy?: boolean | string;
  /** Shared rate limits across gateways: @fastify/rate-limit counts in this Redis. Unset → in this process's memory. */
  redisUrl?: string;
  /** Prefix of the Redis keys; default `wl:rl:`. */
  redisKeyPrefix?: string;
  /** Per-action overrides of DEFAULT_RATE_LIMITS. */
  rateLimits?: TRateLimitOverrides;
  /** Shared with the platform (GATEWAY_SECRET): sent with the client IP so the platform believes it. */
  gatewaySecret?: string;
  /** The byte door of the hottest public reads (docs/0019); tests pass their own to count its answers. */
  byteDoor?: ByteDoor;
  /** Upstream calls this instance works on at once, queues, and how long one waits (docs/0088); GATEWAY_MAX_IN_FLIGHT and friends. */
  loadLimits?: Partial<TLoadLimits>;
  /** Where logs go when logger is on (tests read them); default stdout. */
  logStream?: NodeJS.WritableStream;
};

/** Largest request body the gateway reads (tRPC calls are small; uploads go elsewhere). */
const BODY_LIMIT = 256 * 1024;
/** Prefixes that never fall back to the web app's index.html (`/live` itself is a game centre page, docs/rules/README.md#screens). */
const API_PREFIXES = ['/trpc', '/wps', '/lgw', '/upload', LIVE_CONFIG_PATH];
/** Most procedures one tRPC batch may carry (the web's batch links split at the same size). */
export const MAX_BATCH_SIZE = TRPC_MAX_BATCH_SIZE;

/** Builds the gateway: tRPC at /trpc, artwork and game pages through the one door, the web app at /. */
export async function buildApp(options: TBuildAppOptions): Promise<FastifyInstance> {
  // The hottest public reads are answered from ready bytes before Fastify routes them (docs/0019).
  const door = options.byteDoor ?? new ByteDoor({ peerDecidesProtocol: options.trustProxy !== undefined && options.trustProxy !== false });
  const app = Fastify({
    serverFactory: door.serverFactory,
    logger: options.logger
      ? {
          serializers: { req: serializeRequest },
          ...(options.logLevel ? { level: options.logLevel } : {}),
          ...(options.logStream ? { stream: options.logStream } : {}),
        }
      : false,
    bodyLimit: BODY_LIMIT,
    // tRPC batches put several procedure names in one path segment.
    routerOptions: { maxParamLength: 2000 },
    ...(options.trustProxy !== undefined && options.trustProxy !== false ? { trustProxy: options.trustProxy } : {}),
  });

  // Refuse to start without the store the limits were promised on (a clear line, not a silent fallback to memory).
  const redis = options.redisUrl ? await connectRedis(options.redisUrl) : null;
  if (redis) app.addHook('onClose', () => closeRedis(redis));
  const rateLimiter = await RateLimiter.register(app, {
    limits: resolveRateLimits(options.rateLimits),
    ...(redis ? { redis, keyPrefix: options.redisKeyPrefix } : {}),
  });

  const dist = options.webDistDir ? resolve(options.webDistDir) : null;
  const indexTemplate = dist && existsSync(join(dist, 'index.html')) ? readFileSync(join(dist, 'index.html'), 'utf8') : null;
  // Each request is served as the brand its host name resolves to (docs/0131); each brand has its
  // own upstream client, screen config, caches, live streams and index.html.
  const streamBudget = new StreamBudget({ ...DEFAULT_LIVE_STREAM_LIMITS, ...options.liveStreams });
  const brandOptions: TBrandOptions = {
    upstreamUrl: options.upstreamUrl,
    upstreamTimeoutMs: options.upstreamTimeoutMs,
    gatewaySecret: options.gatewaySecret,
    configPollMs: options.configPollMs ?? 250,
    configWatchMs: options.configWatchMs ?? 25_000,
    publicCacheMs: options.publicCacheMs ?? 5000,
    streamBudget,
    indexTemplate: dist ? indexTemplate : null,
    logger: app.log,
  };
  const brands: Brands<Brand> = new Brands(options.merchantCode, (code) => new Brand(code, brandOptions), {
    // Read through the default brand's client: the call names no merchant's data.
    list: () => brands.of({ headers: {} }).api.brands(),
    logger: app.log,
    ...(options.brandsRefreshMs !== undefined ? { refreshMs: options.brandsRefreshMs } : {}),
  });
  const brandOf = (request: { headers: IncomingHttpHeaders }) => brands.of(request);
  app.decorate('brands', brands);
  // First, so that its hooks cover every route, the not-found handler and proxied replies.
  await registerSecurityHeaders(app, { inlineScriptHashes: indexTemplate ? inlineScriptHashes(indexTemplate) : [] });
  refuseBodiesOnGet(app);
  // Past capacity, busy at once or after a short wait, before any upstream work (docs/0088).
  app.decorate('gatewayLoad', registerGatewayLoadLimit(app, options.loadLimits));
  // Every 5xx is logged with its cause, never with the body (it may hold passwords).
  app.addHook('onError', async (request, reply, error) => {
    const status = (error as { statusCode?: number }).statusCode ?? reply.statusCode;
    if (status >= 500) request.log.error({ err: error, path: request.routeOptions.url }, 'request failed');
  });
  // Before every route (docs/0019): compression hooks onto routes as they are declared, and the
  // byte answers' hooks must run before tRPC's route and before the compressor's onSend.
  await registerCompression(app);
  registerTrpcBytes(app);
  registerScreenAnswer(app, { brandOf, door });
  registerPublicAnswers(app, (request) => brandOf(request).publicAnswers, door);
  door.register(app);

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      // One request of many procedures would outrun every per-call limit (docs/0014: 50 password changes).
      maxBatchSize: MAX_BATCH_SIZE,
      // Answers tRPC makes itself are never stored anywhere: they may be personal. Shareable ones
      // are the byte answers above, which say so themselves.
      responseMeta: ({ type }) => (type === 'subscription' ? {} : { headers: { 'cache-control': 'no-store' } }),
      createContext: contextFactory({ brandOf, rateLimiter }),
      onError({ error, path }) {
        // Expected refusals (bad input, upstream said no, upstream down) are the caller's business;
        // only real faults are logged, never with request bodies (they may hold passwords).
        const cause = error.cause;
        if (cause instanceof UpstreamUnavailableError) app.log.warn({ path, reason: cause.reason }, cause.message);
        else if (cause instanceof RateLimiterUnavailableError) app.log.error({ path }, cause.message);
        else if (cause instanceof UpstreamProtocolError) app.log.error({ path }, cause.message);
        // Every 5xx is logged with its cause (docs/0015), the upstream's own failures included;
        // an upstream refusal with a code of 500 or more that is no fault (543 error_feature_off,
        // answered FORBIDDEN) is the caller's business like any other refusal (docs/0071).
        else if (cause instanceof UpstreamError && error.code === 'INTERNAL_SERVER_ERROR')
          app.log.error({ path, upstreamCode: cause.code, key: cause.messageKey }, 'upstream failed');
        else if (error.code === 'INTERNAL_SERVER_ERROR' && !(cause instanceof UpstreamError)) app.log.error({ path, err: error }, 'procedure failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  // Proof files of a 'not received' withdrawal answer (docs/0029): raw bytes, 5 MB, behind the session.
  const apiOf = (request: { headers: IncomingHttpHeaders }) => brandOf(request).api;
  await registerProofUpload(app, { apiOf, rateLimiter });
  // A manual-apply application's images and a promotion's banner (docs/0098): raw bytes, 5 MB.
  await registerPromotionImageUploads(app, { apiOf, rateLimiter });
  // A feedback's images (docs/0111): the same checks, no id (the feedback is sent after them).
  await registerFeedbackImageUpload(app, { apiOf, rateLimiter });

  // Pages' live config stream (raw SSE, docs/0021); its streams end before close waits for requests.
  registerStreams(
    app,
    LIVE_CONFIG_PATH,
    (request) => brandOf(request).configStreams,
    () => brands.all.map((b) => b.configStreams),
  );
  registerStreams(
    app,
    LIVE_CHAT_PATH,
    (request) => brandOf(request).chatStreams,
    () => brands.all.map((b) => b.chatStreams),
  );

  await registerOneDoor(app, {
    upstreamUrl: options.upstreamUrl,
    merchantOf: (request) => brandOf(request).code,
    gatewaySecret: options.gatewaySecret,
    timeoutMs: options.upstreamTimeoutMs ?? 5000,
  });

  registerWebManifest(app, (request) => brandOf(request).screenConfig);

  if (dist && indexTemplate !== null) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      globIgnore: ['index.html', 'index.html.*'],
      cacheControl: false,
      // Vite writes .br and .gz twins of every text asset (web/vite.config.ts); served as they are.
      preCompressed: true,
      setHeaders(res, path) {
        res.setHeader('vary', 'accept-encoding');
        // Vite puts content-hashed files under assets/: they never change, so cache them for a year.
        if (path.startsWith(join(dist, 'assets'))) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        else res.setHeader('cache-control', 'no-cache');
      },
    });
    app.setNotFoundHandler(async (req, reply) => {
      const path = req.url.split('?')[0] ?? '/';
      const isApi = API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
      if ((req.method === 'GET' || req.method === 'HEAD') && !isApi && (path === '/index.html' || !/\.[a-z0-9]+$/i.test(path))) {
        // Ready bytes (br, gzip, identity) with an ETag: the not-found handler gets no compression hook.
        // index.html is templated per request (brand, lang, title, first banner: docs/0022, docs/0131), never sent as a file.
        const answer = await brandOf(req).indexHtml!.render(path, chosenLanguage(req.headers.cookie));
        return sendAnswer(req, reply, answer, { cacheControl: 'no-cache', vary: 'accept-encoding, cookie' });
      }
      return reply.code(404).send({ error: 'Not Found', message: 'error_not_found', statusCode: 404 });
    });
  }

  app.addHook('onReady', async () => {
    await brands.start();
  });
  app.addHook('onClose', async () => {
    await brands.stop();
  });
  return app;
}
