import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  SEAMLESS_BODY_LIMIT,
  SEAMLESS_HEADERS,
  SEAMLESS_PATHS,
  ZSeamlessBalanceRequest,
  ZSeamlessBetRequest,
  ZSeamlessRollbackRequest,
  ZSeamlessWinRequest,
} from '@wl/schemas';
import type { TPlatformDeps } from '../http/deps.ts';
import { ok, wpsErrors } from '../http/envelope.ts';
import { parseInput } from '../http/request-context.ts';
import { authenticateProvider, seamlessBalance, seamlessBet, seamlessRollback, seamlessWin, type TSeamlessProvider } from './seamless-wallet.service.ts';

/** The exact body bytes, kept for the signature check. */
const rawBodies = new WeakMap<FastifyRequest, string>();

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The seamless wallet game providers call (issue 9 item 1, docs/0035): balance, bet, win and
 * rollback, each a signed POST. In a scope of its own: JSON bodies are kept as sent (the signature
 * covers the bytes) and limited to SEAMLESS_BODY_LIMIT.
 */
export function registerSeamlessWalletRoutes(app: FastifyInstance, deps: TPlatformDeps): void {
  void app.register(async (scope) => {
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
    const authenticated = async (request: FastifyRequest): Promise<TSeamlessProvider> =>
      authenticateProvider(
        deps,
        {
          provider: header(request, SEAMLESS_HEADERS.provider),
          timestamp: header(request, SEAMLESS_HEADERS.timestamp),
          nonce: header(request, SEAMLESS_HEADERS.nonce),
          signature: header(request, SEAMLESS_HEADERS.signature),
        },
        { method: request.method, path: request.routeOptions.url ?? request.url, rawBody: rawBodies.get(request) ?? '' },
      );
    scope.post(SEAMLESS_PATHS.balance, async (request) => {
      const provider = await authenticated(request);
      return ok(await seamlessBalance(deps, provider, parseInput(ZSeamlessBalanceRequest, request.body).playerId));
    });
    scope.post(SEAMLESS_PATHS.bet, async (request) => {
      const provider = await authenticated(request);
      return ok(await seamlessBet(deps, provider, parseInput(ZSeamlessBetRequest, request.body)));
    });
    scope.post(SEAMLESS_PATHS.win, async (request) => {
      const provider = await authenticated(request);
      return ok(await seamlessWin(deps, provider, parseInput(ZSeamlessWinRequest, request.body)));
    });
    scope.post(SEAMLESS_PATHS.rollback, async (request) => {
      const provider = await authenticated(request);
      return ok(await seamlessRollback(deps, provider, parseInput(ZSeamlessRollbackRequest, request.body)));
    });
  });
}
