import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AGENT_PATHS, ZDownlineDetailQuery, ZDownlineQuery, ZDownlineTransferRequest, ZTeamOverviewQuery } from '@wl/schemas';
import { requireRealMember, resolveMerchant, type TMerchant } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { ok } from '../http/envelope.ts';
import { clientIp, parseInput } from '../http/request-context.ts';
import { downlineDetail, listDownlines, requireAgent, teamOverview, transferToDownline, type TSessionAgent } from './agent.service.ts';

/** The agent centre (issue 10): agents only (463 error_not_agent otherwise), each call scoped to the caller's own subtree. */
export function registerAgentRoutes(app: FastifyInstance, deps: TPlatformDeps): void {
  const agent = async (request: FastifyRequest): Promise<{ merchant: TMerchant; agent: TSessionAgent }> => {
    const merchant = await resolveMerchant(deps, request);
    return { merchant, agent: requireAgent(await requireRealMember(deps, request, merchant)) };
  };
  app.get(AGENT_PATHS.teamOverview, async (request) => {
    const c = await agent(request);
    return ok(await teamOverview(deps, c.merchant, c.agent, parseInput(ZTeamOverviewQuery, request.query)));
  });
  app.get(AGENT_PATHS.downlines, async (request) => {
    const c = await agent(request);
    return ok(await listDownlines(deps, c.merchant, c.agent, parseInput(ZDownlineQuery, request.query)));
  });
  app.get(AGENT_PATHS.downline, async (request) => {
    const c = await agent(request);
    return ok(await downlineDetail(deps, c.merchant, c.agent, parseInput(ZDownlineDetailQuery, request.query).memberId));
  });
  app.post(AGENT_PATHS.transfer, async (request) => {
    const c = await agent(request);
    return ok(await transferToDownline(deps, c.merchant, c.agent, parseInput(ZDownlineTransferRequest, request.body), clientIp(request)));
  });
}
