import { existsSync } from 'node:fs';
import { serializeRequest } from './log-redaction.ts';
import { join, resolve } from 'node:path';
import fastifyHttpProxy from '@fastify/http-proxy';
import fastifyStatic from '@fastify/static';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance } from 'fastify';
import { WPS_HEADERS } from '@wl/schemas';
import { PublicCache } from './cache/public-cache.ts';
import { CONFIG_CHANGED, ScreenConfigService } from './composer/screen-config.service.ts';
import { MemoryRateLimiter } from './rate-limit/memory-rate-limiter.ts';
import { RateLimiterUnavailableError, type RateLimiter } from './rate-limit/rate-limiter.ts';
import { resolveRateLimits, type TRateLimitOverrides } from './rate-limit/rate-limits.ts';
import { RedisRateLimiter } from './rate-limit/redis-rate-limiter.ts';
import { appRouter } from './routers/router.ts';
import type { AppRouter } from './router-type.ts';
import { contextFactory } from './trpc/context.ts';
import { UpstreamClient } from './upstream/upstream.client.ts';
import { NETWORK_ERROR_KEY, UpstreamError, UpstreamProtocolError, UpstreamUnavailableError } from './upstream/upstream.errors.ts';
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
};

/** Largest request body the gateway reads (tRPC calls are small; uploads go elsewhere). */
const BODY_LIMIT = 256 * 1024;
/** Prefixes that never fall back to the web app's index.html. */
const API_PREFIXES = ['/trpc', '/wps', '/lgw'];

/** Builds the gateway: tRPC at /trpc, /wps and /lgw proxied to the upstream, the web app at /. */
export async function buildApp(options: TBuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ? { serializers: { req: serializeRequest } } : false,
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
    new UpstreamClient({ baseUrl: options.upstreamUrl, merchantCode: options.merchantCode, timeoutMs: options.upstreamTimeoutMs }),
  );
  const screenConfig = new ScreenConfigService(api, { pollMs: options.configPollMs ?? 250, logger: app.log });
  const publicCache = new PublicCache({ ttlMs: options.publicCacheMs ?? 5000, maxEntries: 2000 });
  screenConfig.events.on(CONFIG_CHANGED, () => publicCache.clear());
  const shutdown = new AbortController();

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
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

  // Raw wps and lgw calls pass through unchanged (DESIGN: the web may use them directly).
  for (const prefix of ['/wps', '/lgw']) {
    await app.register(fastifyHttpProxy, {
      upstream: options.upstreamUrl,
      prefix,
      rewritePrefix: prefix,
      // Proxied requests (artwork, launch tickets) log only warnings: no per-asset noise, no ticket URLs.
      logLevel: 'warn',
      http: { requestOptions: { timeout: options.upstreamTimeoutMs ?? 5000 } },
      replyOptions: {
        // The upstream learns the browser's address from us, never from what the browser claims.
        rewriteRequestHeaders: (req, headers) => ({ ...headers, [WPS_HEADERS.forwardedFor]: req.ip }),
        // Upstream down: answer a wps envelope with the network key (503), never a bare 500.
        onError(reply, { error }) {
          const status = (error as { statusCode?: number }).statusCode;
          void reply
            .code(status === 502 || status === 504 ? status : 503)
            .send({ success: false, value: null, message: NETWORK_ERROR_KEY, code: 503 });
        },
      },
    });
  }

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
