import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { createLoadShedder, type TLoadLimits } from '@wl/schemas/load-shed';
import { WPS_MESSAGES } from '@wl/schemas';

/**
 * The gateway's own limit (docs/0088): the calls that go on to the upstream (tRPC, the proof upload)
 * one gateway instance works on at once, how many may wait and how long. Lower than the platform's
 * (docs/0078): a gateway that refuses early spares the platform the queue, and its refusal reaches the
 * page before the upstream's 5 s would have.
 */
export const DEFAULT_GATEWAY_LOAD_LIMITS: TLoadLimits = { maxInFlight: 64, maxQueued: 256, queueWaitMs: 2000 };

/** Seconds a refused page is asked to wait before it tries again. */
const RETRY_AFTER_SECONDS = 1;

/** Only calls that make upstream work count; the web app's files, the artwork door and the live config stream never wait here. */
const counts = (request: FastifyRequest) => request.url.startsWith('/trpc/') || request.url.startsWith('/upload/');

/**
 * Busy as tRPC says it (SERVICE_UNAVAILABLE, the key the web translates in EN and BN), one object:
 * tRPC's batch link gives it to every call of the batch. Said before any upstream work, with Retry-After.
 */
function refuse(reply: FastifyReply): void {
  void reply
    .code(503)
    .header('retry-after', String(RETRY_AFTER_SECONDS))
    .header('cache-control', 'no-store')
    .send({ error: { message: WPS_MESSAGES.busy, code: TRPC_ERROR_CODES_BY_KEY.SERVICE_UNAVAILABLE, data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503 } } });
}

/** Registers the gateway's limit (before tRPC's routes); answers its counters for tests and the bench. */
export function registerGatewayLoadLimit(app: FastifyInstance, limits: Partial<TLoadLimits> = {}) {
  const shedder = createLoadShedder<FastifyRequest, FastifyReply>({ ...DEFAULT_GATEWAY_LOAD_LIMITS, ...limits }, { counts, refuse });
  app.addHook('onRequest', shedder.onRequest);
  return shedder;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The gateway's calls at work and waiting (docs/0088). */
    gatewayLoad: { inFlight: () => number; queued: () => number };
  }
}
