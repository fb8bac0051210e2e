import { ZOperatorConfigResponse, ZOperatorSetSystemRequest } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { operatorProcedure } from '../../trpc/init.ts';

/** `operator.setSystem`: maintenance and region restriction switches (SPEC §4 system status). */
export const setSystem = operatorProcedure
  .input(ZOperatorSetSystemRequest)
  .output(ZOperatorConfigResponse)
  .mutation(async ({ ctx, input }) => {
    const config = await ctx.api.operatorSetSystem(input, callContext(ctx));
    // Returns once committed; open pages hear of it through the live stream (docs/0021).
    ctx.configChanged();
    return config;
  });
