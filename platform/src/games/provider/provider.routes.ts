import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { WLG_CALLS } from '@wl/schemas';
import type { TPlatformDeps } from '../../http/deps.ts';
import { routesOf } from '../../http/routes-of.ts';
import { BUILT_IN_PROVIDER } from '../../kernel/catalogue.ts';
import { pruneSeamlessNonces } from '../seamless-auth.ts';
import { providerOf, type TBuiltInProvider } from './built-in-provider.ts';
import { settleCrashedRounds } from './crash-settle.ts';
import { closeIdleSessions, closeOpenGames, closeSession, openSession, rotateSeed, sessionOf, stateOf } from './game-sessions.ts';
import { recoverRounds, roundsOf, spinSlot } from './rounds.service.ts';

/** Queue of the built-in games' sweep: rounds left behind by a failure are finished, idle sessions closed. */
export const GAMES_SWEEP_QUEUE = 'games.sweep';
export const GAMES_SWEEP_CRON = '* * * * *';

/**
 * Puts the sweep on the job runner once this platform listens (the provider reaches the wallet on
 * its address). pg-boss runs one per minute slot across every process on the database; the sweep is
 * idempotent (transaction ids are reused), so a re-run moves nothing twice.
 */
function scheduleSweep(app: FastifyInstance, deps: TPlatformDeps, provider: TBuiltInProvider): void {
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

/**
 * The built-in games' pages (docs/0039, docs/0076): open a launch ticket, then play on the game
 * session's token (the credential of these VISITOR calls, checked by sessionOf); closeMine is the
 * member's own call.
 */
export const providerRoutes: FastifyPluginAsync<{ deps: TPlatformDeps }> = async (app, { deps }) => {
  const provider = providerOf(app, deps);
  scheduleSweep(app, deps, provider);
  const session = (merchantId: number, token: string) => sessionOf(deps, merchantId, token);
  await app.register(
    routesOf(WLG_CALLS, {
      open: async ({ merchant, input }) => {
        const opened = await openSession(deps, merchant.id, input.ticket);
        const s = await sessionOf(deps, merchant.id, opened.token);
        return { token: opened.token, ...(await stateOf(deps, s, await provider.balanceOf(s))) };
      },
      state: async ({ merchant, input }) => {
        const s = await session(merchant.id, input.token);
        return stateOf(deps, s, await provider.balanceOf(s));
      },
      // The call's own deps: its database handle carries the gateway's deadline (docs/0078).
      spin: async ({ deps, merchant, input }) => {
        const s = await session(merchant.id, input.token);
        return spinSlot(deps, provider.walletFor(s.merchantId), s, input.betPerLineMinor);
      },
      seed: async ({ merchant, input }) => rotateSeed(deps, await session(merchant.id, input.token), input.clientSeed),
      rounds: async ({ merchant, input }) => roundsOf(deps, await session(merchant.id, input.token)),
      close: async ({ merchant, input }) => closeSession(deps, await session(merchant.id, input.token)),
      closeMine: ({ actor }) => closeOpenGames(deps, actor.memberId),
    }),
    { deps },
  );
};
