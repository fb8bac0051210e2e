import { OPERATOR_POINTS_CALLS, POINTS_CALLS } from '@wl/schemas';
import { routesOf } from '../http/routes-of.ts';
import { requestLanguage } from '../http/request-context.ts';
import { operatorGoods, operatorOrders, operatorPointsSettings, savePointsGoods, setOrderStatus, setPointsSettings } from './points-operator.service.ts';
import { balanceOf, convertPoints, memberOrders, pointsConfig, pointsHistory, redeemGoods, rewardMember } from './points.service.ts';

/** The points mall (docs/0113): always the session's own member. */
export const pointsRoutes = routesOf(POINTS_CALLS, {
  balance: (c) => balanceOf(c.deps.db, c.merchant.id, c.actor.memberId),
  reward: (c) => rewardMember(c.deps.db, c.merchant, c.actor.memberId, c.deps.clock()),
  config: (c) => pointsConfig(c.deps.db, c.merchant.id, requestLanguage(c.request)),
  history: (c) => pointsHistory(c.deps.db, c.actor.memberId, c.input),
  redeem: (c) => redeemGoods(c.deps, c.merchant, c.actor.memberId, c.input, requestLanguage(c.request)),
  redeemList: (c) => memberOrders(c.deps.db, c.actor.memberId, c.input, requestLanguage(c.request)),
  convert: (c) => convertPoints(c.deps, c.merchant, c.actor.memberId, c.input),
});

/** The console's points mall (docs/0113): rates (finance), goods and orders (content), each change audited. */
export const operatorPointsRoutes = routesOf(OPERATOR_POINTS_CALLS, {
  pointsSettings: (c) => operatorPointsSettings(c.deps.db, c.merchant.id),
  setPointsSettings: (c) => setPointsSettings(c.deps, c.merchant, c.actor, c.ip, c.input),
  pointsGoods: (c) => operatorGoods(c.deps.db, c.merchant.id),
  savePointsGoods: (c) => savePointsGoods(c.deps, c.merchant, c.actor, c.ip, c.input),
  pointsOrders: (c) => operatorOrders(c.deps.db, c.merchant.id, c.input),
  setPointsOrderStatus: (c) => setOrderStatus(c.deps, c.merchant, c.actor, c.ip, c.input),
});
