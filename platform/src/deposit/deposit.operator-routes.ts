import { OPERATOR_DEPOSIT_CALLS } from '@wl/schemas';
import { routesOf } from '../http/routes-of.ts';
import { decideAdjustment, listAdjustments, requestAdjustment } from './adjustment.service.ts';
import { decideDeposit, operatorDeposits } from './deposit.service.ts';
import { decideMoneySettingChange, moneySettingsView, setMoneySettings } from './money-settings.service.ts';

/** The operator's money calls of this area (docs/0028): deposits, balance adjustments, money settings. */
export const depositOperatorRoutes = routesOf(OPERATOR_DEPOSIT_CALLS, {
  deposits: (c) => operatorDeposits(c.deps, c.merchant, c.input),
  approveDeposit: (c) => decideDeposit(c.deps, c.merchant, c.actor, c.ip, { ...c.input, decision: 'approve' }),
  rejectDeposit: (c) => decideDeposit(c.deps, c.merchant, c.actor, c.ip, { ...c.input, decision: 'reject' }),
  adjustments: (c) => listAdjustments(c.deps, c.merchant),
  requestAdjustment: (c) => requestAdjustment(c.deps, c.merchant, c.actor, c.ip, c.input),
  decideAdjustment: (c) => decideAdjustment(c.deps, c.merchant, c.actor, c.ip, c.input),
  moneySettings: (c) => moneySettingsView(c.deps.db, c.merchant.id),
  setMoneySettings: (c) => setMoneySettings(c.deps, c.merchant, c.actor, c.ip, c.input),
  // docs/0066: a second owner decides a change of the four-eyes limits or channels.
  decideMoneySettings: (c) => decideMoneySettingChange(c.deps, c.merchant, c.actor, c.ip, c.input),
});
