import { ZOperatorTotpEnableRequest, ZOperatorTotpEnableResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { operatorProcedure } from '../../trpc/init.ts';

/** `operator.totpEnable`: confirms the pending secret with a code; from then on login asks for a code. */
export const totpEnable = operatorProcedure
  .input(ZOperatorTotpEnableRequest)
  .output(ZOperatorTotpEnableResponse)
  .mutation(({ ctx, input }) => ctx.api.operatorTotpEnable(input, callContext(ctx)));
