import { ZOperatorGameCategoriesResponse, ZOperatorSetGameCategoryRequest } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { operatorProcedure } from '../../trpc/init.ts';

/**
 * `operator.setGameCategory`: switches a category on or off (whitelabel.write; docs/0037). Returns
 * once committed; open pages hear of it on the live config stream (docs/0021) and drop it.
 */
export const setGameCategory = operatorProcedure
  .input(ZOperatorSetGameCategoryRequest)
  .output(ZOperatorGameCategoriesResponse)
  .mutation(async ({ ctx, input }) => {
    const categories = await ctx.api.operatorSetGameCategory(input, callContext(ctx));
    ctx.configChanged();
    return categories;
  });
