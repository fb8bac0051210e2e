import { OPERATOR_WITHDRAW_CALLS } from '@wl/schemas';
import { routesOf } from '../http/routes-of.ts';
import { operatorWithdrawals, payWithdrawal, rejectWithdrawal } from './withdraw-operator.service.ts';
import { readProof } from './withdraw.service.ts';

/** Operator withdrawal calls (docs/0028): money.read to see, money.write to pay or reject. */
export const withdrawOperatorRoutes = routesOf(OPERATOR_WITHDRAW_CALLS, {
  withdrawals: (c) => operatorWithdrawals(c.deps, c.merchant.id, c.input.view),
  payWithdrawal: (c) => payWithdrawal(c.deps, c.merchant, c.actor, c.ip, c.input.withdrawalId),
  rejectWithdrawal: (c) => rejectWithdrawal(c.deps, c.merchant, c.actor, c.ip, c.input),
  // Any member's proof (null: no owner check); a dispute's files are the operator's to see.
  withdrawalProof: (c) => readProof(c.deps, c.merchant.id, null, c.input.proofId),
});
