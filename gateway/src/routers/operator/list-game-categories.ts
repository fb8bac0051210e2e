import { ZOperatorGameCategoriesResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { operatorProcedure } from '../../trpc/init.ts';

/** `operator.gameCategories`: every category with its switch and game counts, titled in the console's language (config.read; docs/0037). */
export const listGameCategories = operatorProcedure.output(ZOperatorGameCategoriesResponse).query(({ ctx }) => ctx.api.operatorGameCategories(callContext(ctx)));
