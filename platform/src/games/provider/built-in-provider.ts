import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { TPlatformDeps } from '../../http/deps.ts';
import { platformEnv } from '../../env.ts';
import { BUILT_IN_PROVIDER } from '../../seed/seed.ts';
import type { TGameSession } from './game-sessions.ts';
import { createWalletClient, type TWalletClient } from './wallet-client.ts';

/**
 * The built-in provider's game server. It reaches the operator's wallet the way a third-party one
 * would: signed HTTP to the platform's seamless wallet, here on the platform's own loopback address.
 */
export function builtInProvider(app: FastifyInstance, deps: TPlatformDeps) {
  const baseUrl = () => {
    const address = app.server.address() as AddressInfo | null;
    if (!address || typeof address === 'string') throw new Error('the platform is not listening: the built-in provider cannot reach the wallet');
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return `http://${host === '0.0.0.0' ? '127.0.0.1' : host === '[::]' ? '[::1]' : host}:${address.port}`;
  };
  const clients = new Map<number, TWalletClient>();
  const walletFor = (merchantId: number): TWalletClient => {
    let client = clients.get(merchantId);
    if (!client) {
      let secret: Promise<string> | null = null;
      client = createWalletClient({
        baseUrl,
        providerCode: BUILT_IN_PROVIDER.code,
        clock: deps.clock,
        timeoutMs: platformEnv.walletTimeoutMs,
        secret: () =>
          (secret ??= deps.db
            .selectFrom('seamless_providers')
            .select('secret')
            .where('merchant_id', '=', merchantId)
            .where('code', '=', BUILT_IN_PROVIDER.code)
            .executeTakeFirstOrThrow()
            .then((r) => r.secret)),
      });
      clients.set(merchantId, client);
    }
    return client;
  };
  /** The balance a session plays from: the wallet's (asked like a provider asks) or its play money. */
  const balanceOf = async (session: TGameSession): Promise<number> =>
    session.playBalanceMinor ?? (await walletFor(session.merchantId).balance(String(session.memberId))).balanceMinor;
  return { walletFor, balanceOf };
}

export type TBuiltInProvider = ReturnType<typeof builtInProvider>;

/** One provider per platform, shared by the games' route plugins (each is its own Fastify scope). */
const providers = new WeakMap<TPlatformDeps, TBuiltInProvider>();

/** The platform's built-in provider, made on first use. */
export function providerOf(app: FastifyInstance, deps: TPlatformDeps): TBuiltInProvider {
  let provider = providers.get(deps);
  if (!provider) providers.set(deps, (provider = builtInProvider(app, deps)));
  return provider;
}
