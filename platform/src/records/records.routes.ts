import { RECORD_CALLS } from '@wl/schemas';
import { routesOf } from '../http/routes-of.ts';
import { accountRecord, betRecord, bonusRecord, profitRecord } from './records.service.ts';

/** The member's records: own rows only, trial accounts refused (REAL_MEMBER). */
export const recordRoutes = routesOf(RECORD_CALLS, {
  account: (c) => accountRecord(c.deps, c.merchant, c.actor, c.input),
  bets: (c) => betRecord(c.deps, c.merchant, c.actor, c.input),
  bonus: (c) => bonusRecord(c.deps, c.merchant, c.actor, c.input),
  profit: (c) => profitRecord(c.deps, c.merchant, c.actor, c.input),
});
