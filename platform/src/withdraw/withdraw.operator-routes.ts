import {
  WITHDRAW_PATHS,
  ZOperatorWithdrawalPayRequest,
  ZOperatorWithdrawalRejectRequest,
  ZOperatorWithdrawalsQuery,
  ZProofQuery,
} from '@wl/schemas';
import { parseInput } from '../http/request-context.ts';
import type { TOperatorRoute } from '../operator/operator.routes.ts';
import { operatorWithdrawals, payWithdrawal, readProof, rejectWithdrawal } from './withdraw.service.ts';

/** Operator withdrawal calls (issue 8 item 10), registered and access-tested with OPERATOR_ROUTES. */
export const WITHDRAW_OPERATOR_ROUTES: readonly TOperatorRoute[] = [
  {
    method: 'GET',
    url: WITHDRAW_PATHS.operatorWithdrawals,
    permission: 'money.read',
    handle: (c) => operatorWithdrawals(c.deps, c.merchant.id, parseInput(ZOperatorWithdrawalsQuery, c.request.query).view),
  },
  {
    method: 'POST',
    url: WITHDRAW_PATHS.operatorWithdrawalPay,
    permission: 'money.write',
    handle: (c) => payWithdrawal(c.deps, c.merchant, c.op, c.ip, parseInput(ZOperatorWithdrawalPayRequest, c.request.body).withdrawalId),
  },
  {
    method: 'POST',
    url: WITHDRAW_PATHS.operatorWithdrawalReject,
    permission: 'money.write',
    handle: (c) => rejectWithdrawal(c.deps, c.merchant, c.op, c.ip, parseInput(ZOperatorWithdrawalRejectRequest, c.request.body)),
  },
  {
    method: 'GET',
    url: WITHDRAW_PATHS.operatorWithdrawalProof,
    permission: 'money.read',
    handle: (c) => readProof(c.deps, c.merchant.id, null, parseInput(ZProofQuery, c.request.query).proofId),
  },
];
