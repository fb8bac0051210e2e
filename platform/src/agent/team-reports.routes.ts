import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AGENT_TEAM_PATHS,
  ZCreateInvitationRequest,
  ZInvitationDeleteRequest,
  ZInvitationListQuery,
  ZInvitationUpdateRequest,
  ZRegisterDownlineRequest,
  ZTeamBetsQuery,
  ZTeamProfitQuery,
  ZTeamTransactionsQuery,
} from '@wl/schemas';
import { requireRealMember, resolveMerchant, type TMerchant } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { ok } from '../http/envelope.ts';
import { clientIp, parseInput } from '../http/request-context.ts';
import { requireAgent, type TSessionAgent } from '../access/actor.ts';
import { createInvitation, deleteInvitation, listInvitations, registerDownline, updateInvitation } from './register-center.service.ts';
import { teamBets, teamProfit, teamTransactions } from './team-reports.service.ts';

/**
 * registerCenter and the team reports (issue 10 item 2, docs/0051): agents only (463
 * error_not_agent otherwise, before any input is read), each call about the caller's own subtree.
 */
export function registerTeamReportRoutes(app: FastifyInstance, deps: TPlatformDeps): void {
  const agent = async (request: FastifyRequest): Promise<{ merchant: TMerchant; agent: TSessionAgent }> => {
    const merchant = await resolveMerchant(deps, request);
    return { merchant, agent: requireAgent(await requireRealMember(deps, request, merchant)) };
  };
  app.post(AGENT_TEAM_PATHS.registerDownline, async (request) => {
    const c = await agent(request);
    return ok(await registerDownline(deps, c.merchant, c.agent, parseInput(ZRegisterDownlineRequest, request.body), clientIp(request)));
  });
  app.get(AGENT_TEAM_PATHS.invitations, async (request) => {
    const c = await agent(request);
    return ok(await listInvitations(deps, c.merchant, c.agent, parseInput(ZInvitationListQuery, request.query)));
  });
  app.post(AGENT_TEAM_PATHS.invitations, async (request) => {
    const c = await agent(request);
    return ok(await createInvitation(deps, c.merchant, c.agent, parseInput(ZCreateInvitationRequest, request.body), clientIp(request)));
  });
  app.post(AGENT_TEAM_PATHS.invitationUpdate, async (request) => {
    const c = await agent(request);
    return ok(await updateInvitation(deps, c.merchant, c.agent, parseInput(ZInvitationUpdateRequest, request.body), clientIp(request)));
  });
  app.post(AGENT_TEAM_PATHS.invitationDelete, async (request) => {
    const c = await agent(request);
    return ok(await deleteInvitation(deps, c.merchant, c.agent, parseInput(ZInvitationDeleteRequest, request.body).id, clientIp(request)));
  });
  app.get(AGENT_TEAM_PATHS.teamBets, async (request) => {
    const c = await agent(request);
    return ok(await teamBets(deps, c.merchant, c.agent, parseInput(ZTeamBetsQuery, request.query)));
  });
  app.get(AGENT_TEAM_PATHS.teamProfit, async (request) => {
    const c = await agent(request);
    return ok(await teamProfit(deps, c.merchant, c.agent, parseInput(ZTeamProfitQuery, request.query)));
  });
  app.get(AGENT_TEAM_PATHS.teamTransactions, async (request) => {
    const c = await agent(request);
    return ok(await teamTransactions(deps, c.merchant, c.agent, parseInput(ZTeamTransactionsQuery, request.query)));
  });
}
