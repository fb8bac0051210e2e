import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { SEAMLESS_BODY_LIMIT, SEAMLESS_CALLS, SEAMLESS_HEADERS } from '@wl/schemas';
import { setRequestMerchant } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { believeDeadline, deadlineOf } from '../http/deadline.ts';
import { wpsErrors } from '../http/envelope.ts';
import { headerValues } from '../http/request-context.ts';
import { routesOf } from '../http/routes-of.ts';
import { authenticateProvider, type TSeamlessProvider } from './seamless-auth.ts';
import { seamlessBalance, seamlessBet, seamlessRollback, seamlessWin } from './seamless-wallet.service.ts';

/** The exact body bytes, kept for the signature check. */
const rawBodies = new WeakMap<FastifyRequest, string>();

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/** The provider a request's signature proved, set before its handler runs. */
const providers = new WeakMap<FastifyRequest, TSeamlessProvider>();

function providerOf(request: FastifyRequest): TSeamlessProvider {
  const provider = providers.get(request);
  // The scope's preHandler authenticated every request that reaches a handler.
  if (!provider) throw new Error('a seamless call reached its handler unauthenticated');
  return provider;
}

/**
 * The seamless wallet game providers call (docs/0035, docs/0076): balance, bet, win
 * and rollback, each a SERVER call, a signed POST. In a scope of its own: JSON bodies are kept as
 * sent (the signature covers the bytes) and limited to SEAMLESS_BODY_LIMIT, and the signature is
 * checked (a preHandler) before the input is read, as before any work. The call is for its
 * provider's merchant, read with its nonce (docs/0081), whatever Merchant header it carries.
 */
export const seamlessWalletRoutes: FastifyPluginAsync<{ deps: TPlatformDeps }> = async (scope, { deps }) => {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: SEAMLESS_BODY_LIMIT }, (request, body, done) => {
    rawBodies.set(request, body as string);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(wpsErrors.badRequest(), undefined);
    }
  });
  // The signature binds the method and the path of the call answered (docs/0072): the route's own path.
  scope.addHook('preHandler', async (request) => {
    const { provider, merchant } = await authenticateProvider(
      deps,
      {
        provider: header(request, SEAMLESS_HEADERS.provider),
        timestamp: header(request, SEAMLESS_HEADERS.timestamp),
        nonce: header(request, SEAMLESS_HEADERS.nonce),
        signature: header(request, SEAMLESS_HEADERS.signature),
      },
      { method: request.method, path: request.routeOptions.url ?? request.url, rawBody: rawBodies.get(request) ?? '' },
    );
    providers.set(request, provider);
    setRequestMerchant(request, merchant);
    // The provider's own deadline, believed once its signature is proved (docs/0088).
    const deadlineMs = deadlineOf(headerValues(request, SEAMLESS_HEADERS.deadline));
    if (deadlineMs !== null) believeDeadline(request, deadlineMs, deps.clock);
  });
  await scope.register(
    routesOf(SEAMLESS_CALLS, {
      balance: ({ request, input }) => seamlessBalance(deps, providerOf(request), input.playerId),
      // The call's own deps: a provider's deadline rolls back a commit that comes after it (docs/0088).
      bet: ({ deps: call, request, input }) => seamlessBet(call, providerOf(request), input),
      win: ({ deps: call, request, input }) => seamlessWin(call, providerOf(request), input),
      rollback: ({ deps: call, request, input }) => seamlessRollback(call, providerOf(request), input),
    }),
    { deps },
  );
};
