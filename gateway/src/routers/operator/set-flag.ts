import { ZOperatorConfigResponse, ZOperatorSetFlagRequest } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { operatorProcedure } from '../../trpc/init.ts';

/** `operator.setFlag`: switches a whitelabel module; open pages get the new config through `config.onChange`. */
export const setFlag = operatorProcedure
  .input(ZOperatorSetFlagRequest)
  .output(ZOperatorConfigResponse)
  .mutation(async ({ ctx, input }) => {
    const config = await ctx.api.operatorSetFlag(input, callContext(ctx));
    // Poll now rather than on the next tick, so open pages update well within a second.
    await ctx.refreshConfig();
    return config;
  });
