import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CONTRACT_PATHS, ZContractActRequest, ZContractOfferRequest, ZContractOverviewQuery, ZIncomeQuery, ZSettlementQuery } from '@wl/schemas';
import { requireRealMember, resolveMerchant, type TMerchant } from '../../http/auth.ts';
import type { TPlatformDeps } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { clientIp, parseInput } from '../../http/request-context.ts';
import { requireAgent, type TSessionAgent } from '../../access/actor.ts';
import { incomeReport, listSettlements } from './contract-records.ts';
import { actOnContract, contractOverview, offerContract } from './contract.service.ts';

/** Agent contracts and income (issue 10 items 3 and 4, docs/0049): agents only, each call scoped to the caller. */
export function registerContractRoutes(app: FastifyInstance, deps: TPlatformDeps): void {
  const agent = async (request: FastifyRequest): Promise<{ merchant: TMerchant; agent: TSessionAgent }> => {
    const merchant = await resolveMerchant(deps, request);
    return { merchant, agent: requireAgent(await requireRealMember(deps, request, merchant)) };
  };
  app.get(CONTRACT_PATHS.overview, async (request) => {
    const c = await agent(request);
    return ok(await contractOverview(deps, c.merchant, c.agent, parseInput(ZContractOverviewQuery, request.query).kind));
  });
  app.post(CONTRACT_PATHS.offer, async (request) => {
    const c = await agent(request);
    return ok(await offerContract(deps, c.merchant, c.agent, parseInput(ZContractOfferRequest, request.body), clientIp(request)));
  });
  app.post(CONTRACT_PATHS.act, async (request) => {
    const c = await agent(request);
    return ok(await actOnContract(deps, c.merchant, c.agent, parseInput(ZContractActRequest, request.body), clientIp(request)));
  });
  app.get(CONTRACT_PATHS.settlements, async (request) => {
    const c = await agent(request);
    return ok(await listSettlements(deps, c.merchant, c.agent, parseInput(ZSettlementQuery, request.query)));
  });
  app.get(CONTRACT_PATHS.income, async (request) => {
    const c = await agent(request);
    return ok(await incomeReport(deps, c.merchant, c.agent, parseInput(ZIncomeQuery, request.query)));
  });
}
