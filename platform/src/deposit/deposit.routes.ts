import type { FastifyInstance } from 'fastify';
import {
  DEPOSIT_PATHS,
  ZAdjustmentDecideRequest,
  ZAdjustmentRequest,
  ZDepositDecideRequest,
  ZDepositListQuery,
  ZDepositRejectRequest,
  ZDepositRequest,
  ZMoneySettingsDecideRequest,
  ZMoneySettingsRequest,
  ZOperatorDepositsQuery,
  type TOperatorPermission,
} from '@wl/schemas';
import type { FastifyRequest } from 'fastify';
import { requireRealMember, resolveMerchant, type TMerchant, type TSessionOperator } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { ok } from '../http/envelope.ts';
import { parseInput } from '../http/request-context.ts';
import { decideAdjustment, listAdjustments, requestAdjustment } from './adjustment.service.ts';
import { createDeposit, decideDeposit, listChannels, listOwnDeposits, operatorDeposits } from './deposit.service.ts';
import { decideMoneySettingChange, moneySettingsView, setMoneySettings } from './money-settings.service.ts';

/** Member deposit calls; every one refuses trial accounts (SPEC §6). Operator calls: DEPOSIT_OPERATOR_ROUTES. */
export function registerDepositRoutes(app: FastifyInstance, deps: TPlatformDeps): void {
  app.get(DEPOSIT_PATHS.depositChannels, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    await requireRealMember(deps, request, merchant);
    return ok(await listChannels(deps, merchant));
  });
  app.post(DEPOSIT_PATHS.deposit, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const member = await requireRealMember(deps, request, merchant);
    return ok(await createDeposit(deps, merchant, member, parseInput(ZDepositRequest, request.body)));
  });
  app.get(DEPOSIT_PATHS.deposit, async (request) => {
    const merchant = await resolveMerchant(deps, request);
    const member = await requireRealMember(deps, request, merchant);
    return ok(await listOwnDeposits(deps, member, parseInput(ZDepositListQuery, request.query)));
  });
}

type TCall = { deps: TPlatformDeps; request: FastifyRequest; merchant: TMerchant; op: TSessionOperator; ip: string };

/**
 * The operator's money calls of this area with their permission, spread into OPERATOR_ROUTES (so
 * registerOperatorRoutes checks the permission first and the access test walks them).
 */
export const DEPOSIT_OPERATOR_ROUTES: readonly {
  method: 'GET' | 'PUT' | 'POST';
  url: string;
  permission: TOperatorPermission;
  handle: (c: TCall) => Promise<unknown>;
}[] = [
  {
    method: 'GET',
    url: DEPOSIT_PATHS.operatorDeposits,
    permission: 'money.read',
    handle: (c) => operatorDeposits(c.deps, c.merchant, parseInput(ZOperatorDepositsQuery, c.request.query)),
  },
  {
    method: 'POST',
    url: DEPOSIT_PATHS.operatorDepositApprove,
    permission: 'money.write',
    handle: (c) => decideDeposit(c.deps, c.merchant, c.op, c.ip, { ...parseInput(ZDepositDecideRequest, c.request.body), decision: 'approve' }),
  },
  {
    method: 'POST',
    url: DEPOSIT_PATHS.operatorDepositReject,
    permission: 'money.write',
    handle: (c) => decideDeposit(c.deps, c.merchant, c.op, c.ip, { ...parseInput(ZDepositRejectRequest, c.request.body), decision: 'reject' }),
  },
  { method: 'GET', url: DEPOSIT_PATHS.operatorAdjustments, permission: 'money.read', handle: (c) => listAdjustments(c.deps, c.merchant) },
  {
    method: 'POST',
    url: DEPOSIT_PATHS.operatorAdjustments,
    permission: 'money.write',
    handle: (c) => requestAdjustment(c.deps, c.merchant, c.op, c.ip, parseInput(ZAdjustmentRequest, c.request.body)),
  },
  {
    method: 'POST',
    url: DEPOSIT_PATHS.operatorAdjustmentDecide,
    permission: 'money.write',
    handle: (c) => decideAdjustment(c.deps, c.merchant, c.op, c.ip, parseInput(ZAdjustmentDecideRequest, c.request.body)),
  },
  { method: 'GET', url: DEPOSIT_PATHS.operatorMoneySettings, permission: 'money.read', handle: (c) => moneySettingsView(c.deps.db, c.merchant.id) },
  {
    method: 'PUT',
    url: DEPOSIT_PATHS.operatorMoneySettings,
    permission: 'money.write',
    handle: (c) => setMoneySettings(c.deps, c.merchant, c.op, c.ip, parseInput(ZMoneySettingsRequest, c.request.body)),
  },
  // docs/0066: a second owner decides a change of the four-eyes limits or channels.
  {
    method: 'POST',
    url: DEPOSIT_PATHS.operatorMoneySettingsDecide,
    permission: 'money.controls',
    handle: (c) => decideMoneySettingChange(c.deps, c.merchant, c.op, c.ip, parseInput(ZMoneySettingsDecideRequest, c.request.body)),
  },
];
