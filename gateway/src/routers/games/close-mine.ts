import { WLG_CALLS, ZWlgCloseMineResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { memberProcedure } from '../../trpc/init.ts';

/**
 * `games.closeMine`: the member closes whatever real-money game is open, to start another (the answer to 734).
 * Not a passThrough entry: a mutation without input must not declare one (the client sends no body to parse).
 */
export const closeMyGames = memberProcedure.output(ZWlgCloseMineResponse).mutation(({ ctx }) => ctx.api.call(WLG_CALLS.closeMine, undefined, callContext(ctx)));
