import { OPERATOR_WITHDRAW_CALLS } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { operatorProcedure } from '../../trpc/init.ts';

/** Up to 5 MB as base64: longer than the client's default timeout. */
const PROOF_TIMEOUT_MS = 30_000;

/** `operator.withdrawalProof`: a proof file of a dispute, as base64; money.read. */
export const getWithdrawalProof = operatorProcedure
  .input(OPERATOR_WITHDRAW_CALLS.withdrawalProof.input)
  .output(OPERATOR_WITHDRAW_CALLS.withdrawalProof.output)
  .query(({ ctx, input }) => ctx.api.call(OPERATOR_WITHDRAW_CALLS.withdrawalProof, input, callContext(ctx), { timeoutMs: PROOF_TIMEOUT_MS }));
