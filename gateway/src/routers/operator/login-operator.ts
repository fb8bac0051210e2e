import { ZOperatorLoginRequest, ZOperatorLoginResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { publicProcedure } from '../../trpc/init.ts';

/** `operator.login`: an operator session, kept apart from member sessions by the web. */
export const loginOperator = publicProcedure
  .input(ZOperatorLoginRequest)
  .output(ZOperatorLoginResponse)
  .mutation(({ ctx, input }) => ctx.api.operatorLogin(input, callContext(ctx)));
