import type { FastifyPluginAsync } from 'fastify';
import { CONFIG_WATCH_CALLS } from '@wl/schemas';
import type { TPlatformDeps } from '../http/deps.ts';
import { wpsErrors } from '../http/envelope.ts';
import { carriesGatewaySecret } from '../http/request-context.ts';
import { routesOf } from '../http/routes-of.ts';
import type { ConfigWatch } from './config-watch.ts';

/**
 * The gateway's server calls: the brands and their host names (docs/0131), and the config watch (docs/0021), a long-poll that answers when the merchant's config
 * version moves past `since`. A SERVER call, only for the gateway: a request without the gateway
 * secret is refused before its query is read (a browser never has it, and the gateway's one door
 * never forwards this path).
 */
export function configWatchRoutes(options: { watch: ConfigWatch; gatewaySecret: string | undefined }): FastifyPluginAsync<{ deps: TPlatformDeps }> {
  const watchRoutes = routesOf(CONFIG_WATCH_CALLS, {
    configWatch: async ({ merchant, input, reply }) => {
      // Ends the wait when the gateway gives up on it (its own timeout, or it is closing).
      const gone = new AbortController();
      reply.raw.once('close', () => gone.abort());
      const version = await options.watch.wait(merchant.id, input.since, input.waitMs, gone.signal);
      // Closing: this keep-alive connection turns idle only now, after close() dropped the idle ones,
      // and would hold the close until its keep-alive timeout.
      if (options.watch.isStopped) void reply.header('connection', 'close');
      return { version };
    },
    // Every merchant of the deployment with its host names (docs/0131): the gateway's host resolution.
    brands: async ({ deps }) => {
      const [merchants, hosts] = await Promise.all([
        deps.db.selectFrom('merchants').select(['id', 'code']).orderBy('id').execute(),
        deps.db.selectFrom('merchant_hosts').select(['host', 'merchant_id']).orderBy('host').execute(),
      ]);
      return { brands: merchants.map((m) => ({ code: m.code, hosts: hosts.filter((h) => h.merchant_id === m.id).map((h) => h.host) })) };
    },
  });
  return async (app, { deps }) => {
    // Runs after the call gate (a root hook) and before the handler reads anything.
    app.addHook('preHandler', async (request) => {
      if (!carriesGatewaySecret(request, options.gatewaySecret)) throw wpsErrors.forbidden();
    });
    await app.register(watchRoutes, { deps });
  };
}
