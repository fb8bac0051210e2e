import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { WLG_PATHS, ZWlgOpenRequest, ZWlgSeedRequest, ZWlgSlotSpinRequest, ZWlgTokenRequest } from '@wl/schemas';
import { requireMember, resolveMerchant } from '../../http/auth.ts';
import type { TPlatformDeps } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/request-context.ts';
import { BUILT_IN_PROVIDER } from '../../kernel/catalogue.ts';
import { pruneSeamlessNonces } from '../seamless-wallet.service.ts';
import { registerCrashRoutes } from './crash.routes.ts';
import { settleCrashedRounds } from './crash.service.ts';
import { closeIdleSessions, closeOpenGames, closeSession, openSession, rotateSeed, sessionOf, stateOf, type TGameSession } from './game-sessions.ts';
import { recoverRounds, roundsOf, spinSlot } from './rounds.service.ts';
import { createWalletClient, type TWalletClient } from './wallet-client.ts';
import { registerLotteryRoutes } from './lottery.routes.ts';

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

/** Queue of the built-in games' sweep: rounds left behind by a failure are finished, idle sessions closed. */
export const GAMES_SWEEP_QUEUE = 'games.sweep';
export const GAMES_SWEEP_CRON = '* * * * *';

/**
 * Puts the sweep on the job runner once this platform listens (the provider reaches the wallet on
 * its address). pg-boss runs one per minute slot across every process on the database; the sweep is
 * idempotent (transaction ids are reused), so a re-run moves nothing twice.
 */
function scheduleSweep(app: FastifyInstance, deps: TPlatformDeps, provider: ReturnType<typeof builtInProvider>): void {
  let scheduled = false;
  app.addHook('onListen', async () => {
    const runner = await deps.jobs?.();
    if (!runner || scheduled) return;
    scheduled = true;
    await runner.define(
      GAMES_SWEEP_QUEUE,
      async () => {
        const merchants = await deps.db.selectFrom('seamless_providers').select('merchant_id').where('code', '=', BUILT_IN_PROVIDER.code).execute();
        for (const m of merchants) await recoverRounds(deps, provider.walletFor(m.merchant_id), m.merchant_id);
        // Crash rounds nobody watched: auto cash-outs and losses settled (docs/0042).
        for (const m of merchants) await settleCrashedRounds(deps, provider.walletFor(m.merchant_id), m.merchant_id);
        await closeIdleSessions(deps);
        await pruneSeamlessNonces(deps);
      },
      { retryLimit: 2, retryDelaySeconds: 30, expireInSeconds: 300, policy: 'short' },
    );
    await runner.schedule(GAMES_SWEEP_QUEUE, GAMES_SWEEP_CRON);
  });
}

/** Routes of the built-in games' pages (docs/0039): open a launch ticket, then play on the session token. */
export function registerProviderRoutes(app: FastifyInstance, deps: TPlatformDeps): void {
  const provider = builtInProvider(app, deps);
  scheduleSweep(app, deps, provider);
  registerCrashRoutes(app, deps, provider.walletFor);
  registerLotteryRoutes(app, deps, provider);
  const session = async (request: Parameters<typeof resolveMerchant>[1], token: string) => sessionOf(deps, (await resolveMerchant(deps, request)).id, token);

  app.post(WLG_PATHS.open, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const { ticket } = parseInput(ZWlgOpenRequest, request.body);
    const opened = await openSession(deps, merchant.id, ticket);
    const s = await sessionOf(deps, merchant.id, opened.token);
    return ok({ token: opened.token, ...(await stateOf(deps, s, await provider.balanceOf(s))) });
  });
  app.post(WLG_PATHS.state, async (request) => {
    const s = await session(request, parseInput(ZWlgTokenRequest, request.body).token);
    return ok(await stateOf(deps, s, await provider.balanceOf(s)));
  });
  app.post(WLG_PATHS.close, async (request) => {
    const s = await session(request, parseInput(ZWlgTokenRequest, request.body).token);
    return ok(await closeSession(deps, s));
  });
  app.post(WLG_PATHS.seed, async (request) => {
    const input = parseInput(ZWlgSeedRequest, request.body);
    return ok(await rotateSeed(deps, await session(request, input.token), input.clientSeed));
  });
  app.post(WLG_PATHS.rounds, async (request) => {
    const s = await session(request, parseInput(ZWlgTokenRequest, request.body).token);
    return ok(await roundsOf(deps, s));
  });
  app.post(WLG_PATHS.closeMine, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const member = await requireMember(deps, request, merchant);
    return ok(await closeOpenGames(deps, member.memberId));
  });
  app.post(WLG_PATHS.slotSpin, async (request) => {
    const input = parseInput(ZWlgSlotSpinRequest, request.body);
    const s = await session(request, input.token);
    return ok(await spinSlot(deps, provider.walletFor(s.merchantId), s, input.betPerLineMinor));
  });
}
