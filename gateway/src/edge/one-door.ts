import type { IncomingHttpHeaders } from 'node:http';
import fastifyHttpProxy from '@fastify/http-proxy';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { WPS_CODES, WPS_HEADERS, WPS_MESSAGES } from '@wl/schemas';
import { NETWORK_ERROR_KEY } from '../upstream/upstream.errors.ts';

/** What the one door needs to forward a browser's request. */
export type TOneDoorOptions = {
  upstreamUrl: string;
  /** The merchant of a request: its brand's (docs/0131). */
  merchantOf: (request: { headers: IncomingHttpHeaders }) => string;
  /** Sent with the client IP so the platform believes it (WPS_HEADERS.gatewaySecret). */
  gatewaySecret?: string;
  timeoutMs: number;
};

/**
 * The only upstream paths a browser loads directly: generated artwork (img src) and the game page a
 * launch opens. Everything else of the wps/lgw API goes through tRPC and its rate limits.
 */
export const DIRECT_ROUTES = ['/assets/game/:file', '/assets/vendor/:file', '/assets/banner/:file', '/assets/avatar/:file', '/game/demo/:nodeId'];

// The shapes the platform serves; anything else is refused here without asking it. Game and banner
// art with words on it also comes as `<id>.bn.svg`, its words in Bengali (what BN answers link).
const SVG_FILE = /^[A-Za-z0-9_-]{1,64}(\.bn)?\.svg$/;
// Not '.' or '..': the proxy's URL resolution would turn them into another upstream path than the one checked.
const NODE_ID = /^(?!\.{1,2}$)[A-Za-z0-9_.~-]{1,64}$/;

/** The wps-style refusal the gateway answers itself. */
function refuse(reply: FastifyReply, code: number, message: string): FastifyReply {
  return reply.code(code).send(envelope(code, message));
}

function envelope(code: number, message: string) {
  return { success: false, value: null, message, code };
}

/** True when a GET or HEAD says it carries a body (a framing trick, never a browser's request). */
export function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Refuses a GET or HEAD with a body (400) on every path: forwarded, its body would be taken by the
 * upstream for the start of the next request on the shared connection. Added before any route, so
 * that Fastify applies it to all of them.
 */
export function refuseBodiesOnGet(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if ((request.method === 'GET' || request.method === 'HEAD') && hasBody(request)) {
      return refuse(reply, WPS_CODES.badRequest, WPS_MESSAGES.badRequest);
    }
  });
}

/**
 * Registers the one door: GET/HEAD of DIRECT_ROUTES proxied over undici (which frames each request
 * itself), every other method and path under /wps and /lgw a local 404. The upstream sees only the
 * headers listed here, with the client IP and merchant set by the gateway, never by the browser.
 */
export async function registerOneDoor(app: FastifyInstance, options: TOneDoorOptions): Promise<void> {
  const upstreamHost = new URL(options.upstreamUrl).host;
  await app.register(async (scope) => {
    await scope.register(fastifyHttpProxy, {
      upstream: options.upstreamUrl,
      prefix: '/wps',
      rewritePrefix: '/wps',
      routes: DIRECT_ROUTES,
      // HEAD comes with GET (Fastify's exposed HEAD routes).
      httpMethods: ['GET'],
      // Proxied requests (artwork, launch tickets) log only warnings: no per-asset noise, no ticket URLs.
      logLevel: 'warn',
      undici: { headersTimeout: options.timeoutMs, bodyTimeout: options.timeoutMs },
      preHandler: async (request, reply) => {
        const params = request.params as { file?: string; nodeId?: string };
        const ok = params.file !== undefined ? SVG_FILE.test(params.file) : NODE_ID.test(params.nodeId ?? '');
        if (!ok) return refuse(reply, WPS_CODES.notFound, WPS_MESSAGES.notFound);
      },
      replyOptions: {
        rewriteRequestHeaders: (request, headers) => {
          const out: Record<string, string> = { host: headers.host ?? upstreamHost, [WPS_HEADERS.merchant]: options.merchantOf(request) };
          for (const name of ['accept', 'user-agent', 'if-none-match', 'if-modified-since', WPS_HEADERS.language]) {
            const value = request.headers[name];
            if (typeof value === 'string') out[name] = value;
          }
          // The upstream learns the browser's address from us, never from what the browser claims.
          out[WPS_HEADERS.clientIp] = request.ip;
          if (options.gatewaySecret) out[WPS_HEADERS.gatewaySecret] = options.gatewaySecret;
          return out;
        },
        // The gateway compresses what it passes on (SVG artwork, game pages; docs/0019): caches must
        // keep the codings apart, and an upstream's strong ETag now names other bytes, so it turns weak.
        rewriteHeaders: (headers) => {
          const out = { ...headers };
          const vary = typeof out.vary === 'string' ? out.vary : '';
          if (!/(^|,)\s*accept-encoding\s*(,|$)/i.test(vary)) out.vary = vary ? `${vary}, accept-encoding` : 'accept-encoding';
          if (typeof out.etag === 'string' && !out.etag.startsWith('W/')) out.etag = `W/${out.etag}`;
          return out;
        },
        // Upstream down: answer a wps envelope with the network key (503), never a bare 500.
        onError(reply, { error }) {
          const status = (error as { statusCode?: number }).statusCode;
          reply.log.error({ err: error, path: reply.request.routeOptions.url }, 'proxy to upstream failed');
          const code = status === 502 || status === 504 ? status : 503;
          void reply.code(code).send(envelope(code, NETWORK_ERROR_KEY));
        },
      },
    });
  });

  // Every other method and path of the upstream API: not here (DESIGN: tRPC is the API).
  for (const prefix of ['/wps', '/lgw']) {
    app.all(prefix, async (_request, reply) => refuse(reply, WPS_CODES.notFound, WPS_MESSAGES.notFound));
    app.all(`${prefix}/*`, async (_request, reply) => refuse(reply, WPS_CODES.notFound, WPS_MESSAGES.notFound));
  }
}
