import { ZOperatorSecurityResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { operatorProcedure } from '../../trpc/init.ts';

/** `operator.security`: the merchant's login thresholds as they stand (captcha, lock, idle timeout; SPEC §4). */
export const getSecurity = operatorProcedure
  .output(ZOperatorSecurityResponse)
  .query(({ ctx }) => ctx.api.operatorSecurity(callContext(ctx)));
