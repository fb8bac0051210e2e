import type { FastifyInstance, FastifyReply } from 'fastify';
import { PROOF_MAX_BYTES, WITHDRAW_MESSAGES, WITHDRAW_PROOF_UPLOAD_CALLS, WPS_CODES, WPS_MESSAGES, sniffProofType } from '@wl/schemas';
import { RateLimiterUnavailableError, type RateLimiter } from '../rate-limit/rate-limiter.ts';
import { languageOf, tokenOf } from '../trpc/context.ts';
import type { WpsApi } from '../upstream/wps.api.ts';
import { NETWORK_ERROR_KEY, UpstreamError } from '../upstream/upstream.errors.ts';

/** The upload door of proof files (docs/0029): one raw file per POST, `?withdrawalId=`. */
export const PROOF_UPLOAD_PATH = '/upload/withdrawal-proof';

/** Types a browser may label a proof with; the bytes decide (sniffed here and again by the platform). */
const ACCEPTED_CONTENT_TYPES = ['image/png', 'image/jpeg', 'application/octet-stream'];

type TDeps = { api: WpsApi; rateLimiter: RateLimiter };

function refuse(reply: FastifyReply, status: number, message: string, value: unknown = null): FastifyReply {
  return reply.code(status).header('cache-control', 'no-store').send({ success: false, value, message, code: status });
}

/**
 * POST /upload/withdrawal-proof?withdrawalId=<id> with the member's token and the file's bytes as the
 * body: > 5 MB is refused before it is read (413 proof_too_large), a type other than png/jpeg by its
 * first bytes (415 proof_wrong_type), the rest goes to the platform, which checks owner, state, size,
 * type and the count of 3 itself. Limited per IP and per session.
 */
export async function registerProofUpload(app: FastifyInstance, deps: TDeps): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(ACCEPTED_CONTENT_TYPES, { parseAs: 'buffer', bodyLimit: PROOF_MAX_BYTES }, (_request, body, done) => done(null, body));
    // Any other declared type (a PDF, form data): refused by name, before the body is read.
    scope.addContentTypeParser('*', (_request, _payload, done) => done(Object.assign(new Error('unsupported'), { statusCode: 415 }), undefined));
    scope.setErrorHandler((error, request, reply) => {
      // The rate-limit store is down: refuse as the tRPC calls do (503, "network"), never upload unlimited.
      if (error instanceof RateLimiterUnavailableError) {
        request.log.error(error.message);
        return refuse(reply, 503, NETWORK_ERROR_KEY);
      }
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      if (status === 413) return refuse(reply, 413, WITHDRAW_MESSAGES.proofTooLarge, { max: PROOF_MAX_BYTES });
      if (status === 415) return refuse(reply, 415, WITHDRAW_MESSAGES.proofWrongType);
      if (status >= 400 && status < 500) return refuse(reply, 400, WPS_MESSAGES.badRequest);
      return refuse(reply, 500, WPS_MESSAGES.internal);
    });
    scope.post(PROOF_UPLOAD_PATH, { bodyLimit: PROOF_MAX_BYTES }, async (request, reply) => {
      const token = tokenOf(request.headers.authorization);
      if (!token) return refuse(reply, 401, WPS_MESSAGES.notLoggedIn);
      const raw = (request.query as Record<string, unknown>).withdrawalId;
      const withdrawalId = typeof raw === 'string' && /^[1-9][0-9]{0,14}$/.test(raw) ? Number(raw) : null;
      if (withdrawalId === null) return refuse(reply, 400, WPS_MESSAGES.badRequest, { field: 'withdrawalId', issue: 'invalid' });
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0 || sniffProofType(body) === null) return refuse(reply, 415, WITHDRAW_MESSAGES.proofWrongType);
      const hit = await deps.rateLimiter.attempt(request, 'proofUpload', `session:${token}`);
      if (!hit.allowed) return refuse(reply, 429, WPS_MESSAGES.tooManyRequests, { retryAfterSeconds: Math.max(1, Math.ceil(hit.retryAfterMs / 1000)) });
      const language = languageOf(typeof request.headers['x-language'] === 'string' ? request.headers['x-language'] : undefined);
      try {
        const input = { withdrawalId, base64: body.toString('base64') };
        // Up to 5 MB of base64: longer than the usual upstream timeout.
        const value = await deps.api.call(WITHDRAW_PROOF_UPLOAD_CALLS.uploadProof, input, { token, language, ip: request.ip }, { timeoutMs: 30_000 });
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
