import { router } from '../../trpc/init.ts';
import { confirmWithdrawal } from './confirm-withdrawal.ts';
import { getOverview } from './get-overview.ts';
import { getProof } from './get-proof.ts';
import { requestWithdrawal } from './request-withdrawal.ts';

/** Withdraw (issue 8 items 3, 4): the page's data, the request, the SPEC §4 answer and proof files. */
export const withdrawRouter = router({
  overview: getOverview,
  request: requestWithdrawal,
  confirm: confirmWithdrawal,
  proof: getProof,
});
