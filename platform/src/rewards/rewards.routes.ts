import { REWARD_CALLS } from '@wl/schemas';
import { routesOf } from '../http/routes-of.ts';
import { requestLanguage } from '../http/request-context.ts';
import { claimRebate, rebateSummary } from './rebate.service.ts';
import { upgradeIfQualified, vipStatus } from './vip.service.ts';

/** The rewards area (docs/0091): VIP levels and progress, the claimable rebate and its claim; always the session's own member. */
export const rewardRoutes = routesOf(REWARD_CALLS, {
  vip: (c) => vipStatus(c.deps.db, c.merchant, c.actor.memberId, requestLanguage(c.request), c.deps.clock()),
  upgrade: async (c) => ({ level: await upgradeIfQualified(c.deps.db, c.merchant, c.actor.memberId, c.deps.clock()) }),
  rebates: (c) => rebateSummary(c.deps.db, c.merchant, c.actor.memberId),
  claimRebate: (c) => claimRebate(c.deps.db, c.merchant, c.actor.memberId, c.input.key),
});
