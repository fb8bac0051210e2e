import { ZProofQuery, ZProofResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** `withdraw.proof`: one of the member's own proof files (never by URL; another member's id is not found). */
export const getProof = memberProcedure
  .input(ZProofQuery)
  .output(ZProofResponse)
  .query(({ ctx, input }) => ctx.api.proof(input, callContext(ctx)));
