import type { z } from 'zod';
import { LAUNCH_CALLS, type ZLaunchQuery } from '@wl/schemas';
import { callContext, type TContext } from '../../trpc/context.ts';
import { memberProcedure } from '../../trpc/init.ts';
import { ZLaunchInput, ZLaunchOutput } from './catalogue.types.ts';

type TLaunchQuery = z.output<typeof ZLaunchQuery>;
/** What a launch procedure chooses: the mode is always GLS, the language the session's. */
type TLaunchFields = TLaunchQuery extends infer Q ? (Q extends unknown ? Omit<Q, 'launchMode' | 'language'> : never) : never;

/** One launch (UPSTREAM-NOTES: GET launchGame, launchMode GLS) in the session's language: the game's URL. */
export async function launchUrl(ctx: TContext, fields: TLaunchFields): Promise<z.output<typeof ZLaunchOutput>> {
  const launched = await ctx.api.call(LAUNCH_CALLS.launch, { ...fields, launchMode: 'GLS', language: ctx.language }, callContext(ctx));
  return { url: launched.content.game_url };
}

/**
 * `catalogue.launch`: the game URL (UPSTREAM-NOTES: GET launchGame, launchMode GLS, accountType 0
 * for free trial). docs/rules/games.md#g-1 launch rule 1: a session is needed; the upstream refuses trial accounts.
 */
export const launchGame = memberProcedure
  .input(ZLaunchInput)
  .output(ZLaunchOutput)
  .mutation(({ ctx, input }) => launchUrl(ctx, { nodeId: input.nodeId, gameCode: input.gameCode, accountType: input.freeTrial ? 0 : 1 }));
