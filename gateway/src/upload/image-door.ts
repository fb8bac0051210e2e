import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { WPS_CODES, WPS_MESSAGES, type TCallDescriptor } from '@wl/schemas';
import { RateLimiterUnavailableError, type RateLimiter } from '../rate-limit/rate-limiter.ts';
import type { TLimitedAction } from '../rate-limit/rate-limits.ts';
import { languageOf, tokenOf } from '../trpc/context.ts';
import type { WpsApi } from '../upstream/wps.api.ts';
import { NETWORK_ERROR_KEY, UpstreamError } from '../upstream/upstream.errors.ts';

/** Types a browser may label an image with; the bytes decide (checked here and again by the platform). */
const ACCEPTED_CONTENT_TYPES = ['image/png', 'image/jpeg', 'application/octet-stream'];

export type TImageDoorDeps = { apiOf: (request: FastifyRequest) => WpsApi; rateLimiter: RateLimiter };

/** One upload door: a path, the id its query names, the upstream call and the words of its refusals. */
export type TImageDoor = {
  path: string;
  /** The query parameter naming what the file belongs to (a positive id); null when nothing exists yet (a feedback's draft, docs/0111). */
  idParam: string | null;
  maxBytes: number;
  call: TCallDescriptor;
  /** The call's input from the id (null for a door without one) and the file as base64. */
  input: (id: number | null, base64: string) => unknown;
  /** Whether the bytes are an image this door takes. */
  isImage: (bytes: Buffer) => boolean;
  rateLimit: TLimitedAction;
  messages: { tooLarge: string; wrongType: string };
};

function refuse(reply: FastifyReply, status: number, message: string, value: unknown = null): FastifyReply {
  return reply.code(status).header('cache-control', 'no-store').send({ success: false, value, message, code: status });
}

/**
 * POST <path>?<idParam>=<id> (or <path> alone for a door without an id) with the session's token and
 * the file's bytes as the body (docs/0029, docs/0098, docs/0111): more than `maxBytes` is refused before it is read (413), bytes that are not an image
 * this door takes by their header (415), any other declared type by name before the body is read;
 * the rest goes to the platform, which checks owner, state, size and type itself. Limited per IP and
 * per session.
 */
export async function registerImageDoor(app: FastifyInstance, deps: TImageDoorDeps, door: TImageDoor): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(ACCEPTED_CONTENT_TYPES, { parseAs: 'buffer', bodyLimit: door.maxBytes }, (_request, body, done) => done(null, body));
    // Any other declared type (a PDF, form data): refused by name, before the body is read.
    scope.addContentTypeParser('*', (_request, _payload, done) => done(Object.assign(new Error('unsupported'), { statusCode: 415 }), undefined));
    scope.setErrorHandler((error, request, reply) => {
      // The rate-limit store is down: refuse as the tRPC calls do (503, "network"), never upload unlimited.
      if (error instanceof RateLimiterUnavailableError) {
        request.log.error(error.message);
        return refuse(reply, 503, NETWORK_ERROR_KEY);
      }
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      if (status === 413) return refuse(reply, 413, door.messages.tooLarge, { max: door.maxBytes });
      if (status === 415) return refuse(reply, 415, door.messages.wrongType);
      if (status >= 400 && status < 500) return refuse(reply, 400, WPS_MESSAGES.badRequest);
      return refuse(reply, 500, WPS_MESSAGES.internal);
    });
    scope.post(door.path, { bodyLimit: door.maxBytes }, async (request, reply) => {
      const token = tokenOf(request.headers.authorization);
      if (!token) return refuse(reply, 401, WPS_MESSAGES.notLoggedIn);
      let id: number | null = null;
      if (door.idParam !== null) {
        const raw = (request.query as Record<string, unknown>)[door.idParam];
        id = typeof raw === 'string' && /^[1-9][0-9]{0,14}$/.test(raw) ? Number(raw) : null;
        if (id === null) return refuse(reply, 400, WPS_MESSAGES.badRequest, { field: door.idParam, issue: 'invalid' });
      }
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0 || !door.isImage(body)) return refuse(reply, 415, door.messages.wrongType);
      const hit = await deps.rateLimiter.attempt(request, door.rateLimit, `session:${token}`);
      if (!hit.allowed) return refuse(reply, 429, WPS_MESSAGES.tooManyRequests, { retryAfterSeconds: Math.max(1, Math.ceil(hit.retryAfterMs / 1000)) });
      const language = languageOf(typeof request.headers['x-language'] === 'string' ? request.headers['x-language'] : undefined);
      try {
        // Up to 5 MB of base64: longer than the usual upstream timeout.
        const value = await deps
          .apiOf(request)
          .call(door.call, door.input(id, body.toString('base64')), { token, language, ip: request.ip }, { timeoutMs: 30_000 });
        return reply.header('cache-control', 'no-store').send({ success: true, value, message: null });
      } catch (error) {
        if (error instanceof UpstreamError) {
          const status = [400, 401, 403, 404, 409, 413, 429].includes(error.code) ? error.code : error.code === WPS_CODES.locked ? 429 : 502;
          return refuse(reply, status, error.messageKey, error.value);
        }
        throw error;
      }
    });
  });
}
