import {
  DEPOSIT_CALLS,
  DEPOSIT_PATHS,
  ZAdjustmentDecideRequest,
  ZAdjustmentRequest,
  ZDepositDecideRequest,
  ZDepositRejectRequest,
  ZMoneySettingsDecideRequest,
  ZMoneySettingsRequest,
  ZOperatorDepositsQuery,
  type TOperatorPermission,
} from '@wl/schemas';
import type { FastifyRequest } from 'fastify';
import type { TMerchant, TSessionOperator } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { parseInput } from '../http/request-context.ts';
import { routesOf } from '../http/routes-of.ts';
import { decideAdjustment, listAdjustments, requestAdjustment } from './adjustment.service.ts';
import { createDeposit, decideDeposit, listChannels, listOwnDeposits, operatorDeposits } from './deposit.service.ts';
import { decideMoneySettingChange, moneySettingsView, setMoneySettings } from './money-settings.service.ts';

/** Member deposit calls; every one refuses trial accounts (REAL_MEMBER). Operator calls: DEPOSIT_OPERATOR_ROUTES. */
export const depositRoutes = routesOf(DEPOSIT_CALLS, {
  channels: (c) => listChannels(c.deps, c.merchant),
  create: (c) => createDeposit(c.deps, c.merchant, c.actor, c.input),
  list: (c) => listOwnDeposits(c.deps, c.actor, c.input),
});

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
