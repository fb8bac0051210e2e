import { ZOperatorSecurityRequest, ZOperatorSecurityResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { operatorProcedure } from '../../trpc/init.ts';

/** `operator.setSecurity`: the merchant's login thresholds (captcha, lock, idle timeout; SPEC §4). */
export const setSecurity = operatorProcedure
  .input(ZOperatorSecurityRequest)
  .output(ZOperatorSecurityResponse)
  .mutation(({ ctx, input }) => ctx.api.operatorSetSecurity(input, callContext(ctx)));
