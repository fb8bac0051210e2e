import type { FastifyInstance, FastifyRequest } from 'fastify';
import { WPS_HEADERS } from '@wl/schemas';
import { dbUntil, type TCallDeadline } from '../db/call-deadline.ts';
import type { TPlatformDeps } from './deps.ts';
import { wpsErrors } from './envelope.ts';
import { carriesGatewaySecret, headerValues } from './request-context.ts';

/** The deadline of each gateway call that carries one, from its first hook on. */
const requestDeadlines = new WeakMap<FastifyRequest, TCallDeadline>();
/** The commit seam of each platform (by its HTTP server, the same in every plugin scope): tests hold commits with it. */
const commitSeams = new WeakMap<object, () => Promise<void>>();

/** A deadline header (the gateway's, a provider's): one value, epoch ms; anything else is no deadline. */
export function deadlineOf(values: string[]): number | null {
  if (values.length !== 1 || !/^\d{1,15}$/.test(values[0]!)) return null;
  return Number(values[0]);
}

/**
 * Believes the gateway's deadline (WPS_HEADERS.deadline) on calls that carry the gateway secret
 * (docs/0078): a call already past it is refused before any work; the rest keep it on the request,
 * and their handlers receive a database handle that carries it (`depsOfCall`), so that a money or
 * game commit the gateway would no longer wait for is rolled back. Registered before every other
 * route hook.
 */
export function registerCallDeadline(
  app: FastifyInstance,
  options: { gatewaySecret: string | undefined; clock: () => Date; beforeCommit?: () => Promise<void> },
): void {
  if (options.beforeCommit) commitSeams.set(app.server, options.beforeCommit);
  app.addHook('onRequest', (request, _reply, done) => {
    const deadlineMs = deadlineOf(headerValues(request, WPS_HEADERS.deadline));
    if (deadlineMs === null || !carriesGatewaySecret(request, options.gatewaySecret)) return done();
    const now = () => options.clock().getTime();
    if (now() >= deadlineMs) return done(wpsErrors.busy());
    requestDeadlines.set(request, { deadlineMs, now, late: wpsErrors.busy, ...(options.beforeCommit ? { beforeCommit: options.beforeCommit } : {}) });
    done();
  });
}

/**
 * Believes a deadline the caller proved it may set, after the hook above ran: a signed provider's
 * own (SEAMLESS_HEADERS.deadline, docs/0088), set once its signature is checked. Already past: busy,
 * before any work; else the call's handlers get a database handle that refuses to commit past it.
 */
export function believeDeadline(request: FastifyRequest, deadlineMs: number, clock: () => Date): void {
  const now = () => clock().getTime();
  if (now() >= deadlineMs) throw wpsErrors.busy();
  const beforeCommit = commitSeams.get(request.server.server);
  requestDeadlines.set(request, { deadlineMs, now, late: wpsErrors.busy, ...(beforeCommit ? { beforeCommit } : {}) });
}

/** The dependencies one call's handler works with: the platform's, its database bound to the call's deadline if it has one. */
export function depsOfCall(deps: TPlatformDeps, request: FastifyRequest): TPlatformDeps {
  const deadline = requestDeadlines.get(request);
  return deadline ? { ...deps, db: dbUntil(deps.db, deadline) } : deps;
}

/** Milliseconds left before the call's deadline (Infinity without one). */
export function deadlineLeftMs(request: FastifyRequest): number {
  const deadline = requestDeadlines.get(request);
  return deadline ? Math.max(0, deadline.deadlineMs - deadline.now()) : Infinity;
}
