import { ZOutboxQuery, ZOutboxResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { operatorProcedure } from '../../trpc/init.ts';

/** `operator.outbox`: SMS and email the embedded providers delivered, newest first (tests read codes here). */
export const listOutbox = operatorProcedure
  .input(ZOutboxQuery)
  .output(ZOutboxResponse)
  .query(({ ctx, input }) => ctx.api.operatorOutbox(input, callContext(ctx)));
