import { OPERATOR_LOTTERY_PATHS, ZOperatorSetLotterySettingsRequest } from '@wl/schemas';
import { parseInput } from '../http/request-context.ts';
import { operatorLotterySettings, setLotterySettings } from './operator-lottery.service.ts';
import type { TOperatorRoute } from './operator.routes.ts';

/**
 * Issue 9 item 8: the console's lottery settings (docs/0041), spread into OPERATOR_ROUTES. Reading
 * needs config.read; changing them sets the payouts, which is money: money.write (owner and
 * finance), not the content role's whitelabel.write (docs/0066).
 */
export const OPERATOR_LOTTERY_ROUTES: readonly TOperatorRoute[] = [
  { method: 'GET', url: OPERATOR_LOTTERY_PATHS.settings, permission: 'config.read', handle: (c) => operatorLotterySettings(c.deps, c.merchant.id) },
  {
    method: 'PUT',
    url: OPERATOR_LOTTERY_PATHS.settings,
    permission: 'money.write',
    handle: (c) => setLotterySettings(c.deps, c.merchant, c.op, c.ip, parseInput(ZOperatorSetLotterySettingsRequest, c.request.body)),
  },
];
