import { ZWlgCloseMineResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** `games.closeMine`: the member closes whatever real-money game is open, to start another (the answer to 734). */
export const closeMyGames = memberProcedure.output(ZWlgCloseMineResponse).mutation(({ ctx }) => ctx.api.wlgCloseMine(callContext(ctx)));
