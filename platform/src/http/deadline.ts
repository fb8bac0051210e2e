import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import { WPS_HEADERS } from '@wl/schemas';
import { wpsErrors } from './envelope.ts';
import { carriesGatewaySecret, headerValues } from './request-context.ts';

/** What a gateway call carries through its work: when the gateway stops waiting, and the platform's clock. */
type TCallDeadline = {
  deadlineMs: number;
  now: () => number;
  /** Test seam: runs right before the deadline check of each commit (holds a transaction open). */
  beforeCommit?: () => Promise<void>;
};

const callDeadline = new AsyncLocalStorage<TCallDeadline>();

/** The gateway's deadline header: one value, epoch ms; anything else is no deadline. */
function deadlineOf(values: string[]): number | null {
  if (values.length !== 1 || !/^\d{1,15}$/.test(values[0]!)) return null;
  return Number(values[0]);
}

/**
 * Believes the gateway's deadline (WPS_HEADERS.deadline) on calls that carry the gateway secret
 * (docs/0078): a call already past it is refused before any work, and the rest of the call runs
 * with it in an AsyncLocalStorage, so that `checkCallDeadline` can abandon a commit the gateway
 * would no longer wait for. Registered before every other route hook.
 */
export function registerCallDeadline(
  app: FastifyInstance,
  options: { gatewaySecret: string | undefined; clock: () => Date; beforeCommit?: () => Promise<void> },
): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const deadlineMs = deadlineOf(headerValues(request, WPS_HEADERS.deadline));
    if (deadlineMs === null || !carriesGatewaySecret(request, options.gatewaySecret)) return done();
    const now = () => options.clock().getTime();
    if (now() >= deadlineMs) return done(wpsErrors.busy());
    // run, not enterWith: every later hook and the handler continue inside this call's store only.
    callDeadline.run({ deadlineMs, now, ...(options.beforeCommit ? { beforeCommit: options.beforeCommit } : {}) }, () => done());
  });
}

/**
 * Throws busy when the current gateway call's deadline passed: called right before a money or game
 * transaction commits, so that the transaction rolls back and leaves nothing (its idempotency key
 * included) that would answer the member's retry for it. No deadline (jobs, tests, direct calls): no-op.
 */
export async function checkCallDeadline(): Promise<void> {
  const call = callDeadline.getStore();
  if (!call) return;
  await call.beforeCommit?.();
  if (call.now() >= call.deadlineMs) throw wpsErrors.busy();
}

/** Milliseconds left before the current gateway call's deadline (Infinity without one). */
export function callDeadlineLeftMs(): number {
  const call = callDeadline.getStore();
  return call ? Math.max(0, call.deadlineMs - call.now()) : Infinity;
}
