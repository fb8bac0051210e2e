import { ZWlgOpenResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { publicProcedure } from '../../trpc/init.ts';
import { withRateLimit } from '../../trpc/rate-limit.ts';
import { ZGameOpenInput } from './games.types.ts';

/**
 * `games.open`: a built-in game's page (/seamless) turns its single-use launch ticket into a game
 * session. The ticket is the credential (a visitor's free play has no member session), so this is
 * public and limited per IP.
 */
export const openGame = publicProcedure
  .input(ZGameOpenInput)
  .output(ZWlgOpenResponse)
  .mutation(({ ctx, input }) => withRateLimit(ctx, 'gameOpen', null, () => ctx.api.wlgOpen(input, callContext(ctx))));
