import { ZOperatorAuditQuery, ZOperatorAuditResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { operatorProcedure } from '../../trpc/init.ts';

/** `operator.audit`: every operator change (who, when, IP, before and after), filtered and paged; needs audit.read. */
export const getAudit = operatorProcedure
  .input(ZOperatorAuditQuery)
  .output(ZOperatorAuditResponse)
  .query(({ ctx, input }) => ctx.api.operatorAudit(input, callContext(ctx)));
