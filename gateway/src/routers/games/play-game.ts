import { ZWlgCloseResponse, ZWlgRoundsResponse, ZWlgSeedResponse, ZWlgSlotSpinResponse, ZWlgState } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { publicProcedure } from '../../trpc/init.ts';
import { withRateLimit } from '../../trpc/rate-limit.ts';
import { ZGameSeedInput, ZGameSpinInput, ZGameTokenInput } from './games.types.ts';

/*
 * The calls a built-in game's page plays with, each carrying the game session's token (not the
 * member's: a game session is the provider's, as with any provider). Mutations, so the token travels
 * in a POST body and never in a URL or an access log. Limited per session token and per IP.
 */

export const gameState = publicProcedure
  .input(ZGameTokenInput)
  .output(ZWlgState)
  .mutation(({ ctx, input }) => withRateLimit(ctx, 'gamePlay', input.token, () => ctx.api.wlgState(input, callContext(ctx))));

export const spinSlot = publicProcedure
  .input(ZGameSpinInput)
  .output(ZWlgSlotSpinResponse)
  .mutation(({ ctx, input }) => withRateLimit(ctx, 'gamePlay', input.token, () => ctx.api.wlgSlotSpin(input, callContext(ctx))));

export const rotateSeed = publicProcedure
  .input(ZGameSeedInput)
  .output(ZWlgSeedResponse)
  .mutation(({ ctx, input }) => withRateLimit(ctx, 'gamePlay', input.token, () => ctx.api.wlgSeed(input, callContext(ctx))));

export const gameRounds = publicProcedure
  .input(ZGameTokenInput)
  .output(ZWlgRoundsResponse)
  .mutation(({ ctx, input }) => withRateLimit(ctx, 'gamePlay', input.token, () => ctx.api.wlgRounds(input, callContext(ctx))));

export const closeGame = publicProcedure
  .input(ZGameTokenInput)
  .output(ZWlgCloseResponse)
  .mutation(({ ctx, input }) => withRateLimit(ctx, 'gamePlay', input.token, () => ctx.api.wlgClose(input, callContext(ctx))));
