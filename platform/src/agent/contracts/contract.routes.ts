import { CONTRACT_CALLS } from '@wl/schemas';
import { routesOf } from '../../http/routes-of.ts';
import { incomeReport, listSettlements } from './contract-records.ts';
import { actOnContract, contractOverview, offerContract } from './contract.service.ts';

/** Agent contracts and income (docs/0049): agents only, each call scoped to the caller. */
export const contractRoutes = routesOf(CONTRACT_CALLS, {
  contracts: (c) => contractOverview(c.deps, c.merchant, c.actor, c.input.kind),
  contractOffer: (c) => offerContract(c.deps, c.merchant, c.actor, c.input, c.ip),
  contractAct: (c) => actOnContract(c.deps, c.merchant, c.actor, c.input, c.ip),
  settlements: (c) => listSettlements(c.deps, c.merchant, c.actor, c.input),
  income: (c) => incomeReport(c.deps, c.merchant, c.actor, c.input),
});
