import { ZOperatorTotpEnableResponse, ZOperatorTotpRemoveRequest, ZOperatorTotpResetRequest } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { operatorProcedure } from '../../trpc/init.ts';

/** `operator.totpRemove`: turns the own authenticator off with a current code of it (docs/0068). */
export const totpRemove = operatorProcedure
  .input(ZOperatorTotpRemoveRequest)
  .output(ZOperatorTotpEnableResponse)
  .mutation(({ ctx, input }) => ctx.api.operatorTotpRemove(input, callContext(ctx)));

/** `operator.totpReset`: an owner turns another operator's authenticator off (a lost phone), audited (docs/0068). */
export const totpReset = operatorProcedure
  .input(ZOperatorTotpResetRequest)
  .output(ZOperatorTotpEnableResponse)
  .mutation(({ ctx, input }) => ctx.api.operatorTotpReset(input, callContext(ctx)));
