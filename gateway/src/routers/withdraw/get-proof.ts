import { WITHDRAW_CALLS } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** A proof file is up to 5 MB of base64: the platform gets longer than the usual upstream timeout to send it. */
const PROOF_TIMEOUT_MS = 30_000;

/** `withdraw.proof`: one of the member's own proof files (never by URL; another member's id is not found). */
export const getProof = memberProcedure
  .input(WITHDRAW_CALLS.proof.input)
  .output(WITHDRAW_CALLS.proof.output)
  .query(({ ctx, input }) => ctx.api.call(WITHDRAW_CALLS.proof, input, callContext(ctx), { timeoutMs: PROOF_TIMEOUT_MS }));
