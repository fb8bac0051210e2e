import { ZProofQuery, ZProofResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { operatorProcedure } from '../../trpc/init.ts';

/** `operator.withdrawalProof`: a proof file of a dispute; money.read. */
export const getWithdrawalProof = operatorProcedure
  .input(ZProofQuery)
  .output(ZProofResponse)
  .query(({ ctx, input }) => ctx.api.operatorWithdrawalProof(input, callContext(ctx)));
