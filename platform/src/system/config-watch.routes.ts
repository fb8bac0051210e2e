import type { FastifyInstance } from 'fastify';
import { WPS_PATHS, ZConfigWatchQuery } from '@wl/schemas';
import { resolveMerchant } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { ok, wpsErrors } from '../http/envelope.ts';
import { carriesGatewaySecret, parseInput } from '../http/request-context.ts';
import type { ConfigWatch } from './config-watch.ts';

/**
 * The gateway's config watch (docs/0021): a long-poll that answers when the merchant's config
 * version moves past `since`. Only for the gateway: a request without the gateway secret is refused
 * (a browser never has it, and the gateway's one door never forwards this path).
 */
export function registerConfigWatchRoute(app: FastifyInstance, deps: TPlatformDeps, options: { watch: ConfigWatch; gatewaySecret: string | undefined }): void {
  app.get(WPS_PATHS.configWatch, async (request, reply) => {
    if (!carriesGatewaySecret(request, options.gatewaySecret)) throw wpsErrors.forbidden();
    const query = parseInput(ZConfigWatchQuery, request.query);
    const merchant = await resolveMerchant(deps, request);
    // Ends the wait when the gateway gives up on it (its own timeout, or it is closing).
    const gone = new AbortController();
    reply.raw.once('close', () => gone.abort());
    const version = await options.watch.wait(merchant.id, query.since, query.waitMs, gone.signal);
    // Closing: this keep-alive connection turns idle only now, after close() dropped the idle ones,
    // and would hold the close until its keep-alive timeout.
    if (options.watch.isStopped) void reply.header('connection', 'close');
    return ok({ version });
  });
}
