import { ZOperatorConfigResponse, ZOperatorSetFlagRequest } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { operatorProcedure } from '../../trpc/init.ts';

/** `operator.setFlag`: switches a whitelabel module; open pages hear of it on the live config stream (docs/0021). */
export const setFlag = operatorProcedure
  .input(ZOperatorSetFlagRequest)
  .output(ZOperatorConfigResponse)
  .mutation(async ({ ctx, input }) => {
    const config = await ctx.api.operatorSetFlag(input, callContext(ctx));
    // Returns once committed; open pages hear of it through the live stream (docs/0021).
    ctx.configChanged();
    return config;
  });
