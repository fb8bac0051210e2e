import { OPERATOR_REWARD_CODE_CALLS, REWARD_CODE_CALLS } from '@wl/schemas';
import { routesOf } from '../http/routes-of.ts';
import { createCode, listCodes, redeemCode } from './reward-codes.service.ts';

/** The member's redemption of a code (docs/0118); always the session's own member. */
export const rewardCodeRoutes = routesOf(REWARD_CODE_CALLS, {
  redeem: (c) => redeemCode(c.deps, c.merchant, c.actor.memberId, c.input.code, c.ip),
});

/** The operator's codes (docs/0118): money.read to list, money.write (owner, finance) to create. */
export const operatorRewardCodeRoutes = routesOf(OPERATOR_REWARD_CODE_CALLS, {
  rewardCodes: (c) => listCodes(c.deps, c.merchant),
  createRewardCode: (c) => createCode(c.deps, c.merchant, c.actor, c.ip, c.input),
});
