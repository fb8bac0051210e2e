import { ZAdjustmentsResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { operatorProcedure } from '../../trpc/init.ts';

/** `operator.adjustments`: the four-eyes queue and recent balance adjustments (money.read). */
export const listAdjustments = operatorProcedure.output(ZAdjustmentsResponse).query(({ ctx }) => ctx.api.operatorAdjustments(callContext(ctx)));
