import { ZOperatorConfigResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { operatorProcedure } from '../../trpc/init.ts';

/** `operator.config`: the whitelabel tree and system switches the operator may change. */
export const getConfig = operatorProcedure.output(ZOperatorConfigResponse).query(({ ctx }) => ctx.api.operatorConfig(callContext(ctx)));
