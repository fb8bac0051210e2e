import { existsSync } from 'node:fs';
import { serializeRequest } from './log-redaction.ts';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance } from 'fastify';
import { PublicCache } from './cache/public-cache.ts';
import { refuseBodiesOnGet, registerOneDoor } from './edge/one-door.ts';
import { registerSecurityHeaders } from './edge/security-headers.ts';
import { CONFIG_CHANGED, ScreenConfigService } from './composer/screen-config.service.ts';
import { MemoryRateLimiter } from './rate-limit/memory-rate-limiter.ts';
import { RateLimiterUnavailableError, type RateLimiter } from './rate-limit/rate-limiter.ts';
import { resolveRateLimits, type TRateLimitOverrides } from './rate-limit/rate-limits.ts';
import { RedisRateLimiter } from './rate-limit/redis-rate-limiter.ts';
import { appRouter } from './routers/router.ts';
import type { AppRouter } from './router-type.ts';
import { contextFactory } from './trpc/context.ts';
import { UpstreamClient } from './upstream/upstream.client.ts';
import { UpstreamError, UpstreamProtocolError, UpstreamUnavailableError } from './upstream/upstream.errors.ts';
import { WpsApi } from './upstream/wps.api.ts';

export type TBuildAppOptions = {
  /** Base URL of the wps upstream (the embedded platform or a real one). */
  upstreamUrl: string;
  merchantCode: string;
  /** Built web app; served with SPA fallback when the folder exists. */
  webDistDir?: string;
  /** How often the upstream's config version is read; default 250 ms. */
  configPollMs?: number;
  /** Per-call upstream timeout; default 5 s. */
  upstreamTimeoutMs?: number;
  logger?: boolean;
  /** How long public catalogue and content answers are reused (ms); 0 turns the cache off. Default 5000. */
  publicCacheMs?: number;
  /**
   * Fastify `trustProxy`: when set, the client IP (rate limits, new-IP second factor, what the
   * upstream sees) comes from X-Forwarded-For sent by these proxies, e.g. 'loopback' or '10.0.0.0/8,127.0.0.1'.
   */
  trustProxy?: boolean | string;
  /** Shared rate limits across gateways: counters in this Redis. Unset → in this process's memory. */
  redisUrl?: string;
  /** Prefix of the Redis keys; default `wl:rl:`. */
  redisKeyPrefix?: string;
  /** A ready limiter (tests); wins over redisUrl and is not closed with the app. */
  rateLimiter?: RateLimiter;
  /** Per-action overrides of DEFAULT_RATE_LIMITS. */
  rateLimits?: TRateLimitOverrides;
  /** Shared with the platform (GATEWAY_SECRET): sent with the client IP so the platform believes it. */
  gatewaySecret?: string;
  /** Where logs go when logger is on (tests read them); default stdout. */
  logStream?: NodeJS.WritableStream;
};

/** Largest request body the gateway reads (tRPC calls are small; uploads go elsewhere). */
const BODY_LIMIT = 256 * 1024;
/** Prefixes that never fall back to the web app's index.html. */
const API_PREFIXES = ['/trpc', '/wps', '/lgw'];
/** Most procedures one tRPC batch may carry (the web's links send one call per request). */
export const MAX_BATCH_SIZE = 10;

/** Builds the gateway: tRPC at /trpc, artwork and game pages through the one door, the web app at /. */
export async function buildApp(options: TBuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ? { serializers: { req: serializeRequest }, ...(options.logStream ? { stream: options.logStream } : {}) } : false,
    bodyLimit: BODY_LIMIT,
    // tRPC batches put several procedure names in one path segment.
    routerOptions: { maxParamLength: 2000 },
    ...(options.trustProxy !== undefined && options.trustProxy !== false ? { trustProxy: options.trustProxy } : {}),
  });

  let ownLimiter: RateLimiter | null = null;
  let rateLimiter = options.rateLimiter;
  if (!rateLimiter) {
    if (options.redisUrl) {
      const redis = new RedisRateLimiter({ url: options.redisUrl, keyPrefix: options.redisKeyPrefix });
      // Refuse to start without the store the limits were promised on (a clear line, not a silent fallback).
      await redis.connect().catch(async (error: unknown) => {
        await redis.close();
        throw error;
      });
      rateLimiter = redis;
    } else {
      rateLimiter = new MemoryRateLimiter();
    }
    ownLimiter = rateLimiter;
  }
  const rateLimits = resolveRateLimits(options.rateLimits);

  const api = new WpsApi(
    new UpstreamClient({
      baseUrl: options.upstreamUrl,
      merchantCode: options.merchantCode,
      timeoutMs: options.upstreamTimeoutMs,
      gatewaySecret: options.gatewaySecret,
    }),
  );
  const screenConfig = new ScreenConfigService(api, { pollMs: options.configPollMs ?? 250, logger: app.log });
  const publicCache = new PublicCache({ ttlMs: options.publicCacheMs ?? 5000, maxEntries: 2000 });
  screenConfig.events.on(CONFIG_CHANGED, () => publicCache.clear());
  const shutdown = new AbortController();

  // First, so that its hooks cover every route, the not-found handler and proxied replies.
  await registerSecurityHeaders(app);
  refuseBodiesOnGet(app);
  // Every 5xx is logged with its cause, never with the body (it may hold passwords).
  app.addHook('onError', async (request, reply, error) => {
    const status = (error as { statusCode?: number }).statusCode ?? reply.statusCode;
    if (status >= 500) request.log.error({ err: error, path: request.routeOptions.url }, 'request failed');
  });

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      // One request of many procedures would outrun every per-call limit (issue 6: 50 password changes).
      maxBatchSize: MAX_BATCH_SIZE,
      createContext: contextFactory({
        api,
        screenConfig,
        publicCache,
        refreshConfig: () => screenConfig.poll(),
        shutdownSignal: shutdown.signal,
        rateLimiter,
        rateLimits,
      }),
      onError({ error, path }) {
        // Expected refusals (bad input, upstream said no, upstream down) are the caller's business;
        // only real faults are logged, never with request bodies (they may hold passwords).
        const cause = error.cause;
        if (cause instanceof UpstreamUnavailableError) app.log.warn({ path, reason: cause.reason }, cause.message);
        else if (cause instanceof RateLimiterUnavailableError) app.log.error({ path }, cause.message);
        else if (cause instanceof UpstreamProtocolError) app.log.error({ path }, cause.message);
        // Every 5xx is logged with its cause (issue 6 item 8), the upstream's own failures included.
        else if (cause instanceof UpstreamError && cause.code >= 500) app.log.error({ path, upstreamCode: cause.code, key: cause.messageKey }, 'upstream failed');
        else if (error.code === 'INTERNAL_SERVER_ERROR' && !(cause instanceof UpstreamError)) app.log.error({ path, err: error }, 'procedure failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  await registerOneDoor(app, {
    upstreamUrl: options.upstreamUrl,
    merchantCode: options.merchantCode,
    gatewaySecret: options.gatewaySecret,
    timeoutMs: options.upstreamTimeoutMs ?? 5000,
  });

  const dist = options.webDistDir ? resolve(options.webDistDir) : null;
  if (dist && existsSync(join(dist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      cacheControl: false,
      setHeaders(res, path) {
        // Vite puts content-hashed files under assets/: they never change, so cache them for a year.
        if (path.startsWith(join(dist, 'assets'))) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        else res.setHeader('cache-control', 'no-cache');
      },
    });
    app.setNotFoundHandler((req, reply) => {
      const path = req.url.split('?')[0] ?? '/';
      const isApi = API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
      if ((req.method === 'GET' || req.method === 'HEAD') && !isApi && !/\.[a-z0-9]+$/i.test(path)) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      return reply.code(404).send({ error: 'Not Found', message: 'error_not_found', statusCode: 404 });
    });
  }

  app.addHook('onReady', async () => {
    screenConfig.start();
  });
  // Open SSE streams would keep close() waiting forever: end them first (clients reconnect elsewhere).
  app.addHook('preClose', async () => {
    shutdown.abort();
  });
  app.addHook('onClose', async () => {
    await screenConfig.stop();
    await ownLimiter?.close();
  });
  return app;
}
