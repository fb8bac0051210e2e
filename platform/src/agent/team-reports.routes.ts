import { AGENT_TEAM_CALLS } from '@wl/schemas';
import { routesOf } from '../http/routes-of.ts';
import { createInvitation, deleteInvitation, listInvitations, registerDownline, updateInvitation } from './register-center.service.ts';
import { teamBets, teamProfit, teamTransactions } from './team-reports.service.ts';

/**
 * registerCenter and the team reports (docs/0051): agents only (463 error_not_agent otherwise,
 * before any input is read), each call about the caller's own subtree.
 */
export const teamReportRoutes = routesOf(AGENT_TEAM_CALLS, {
  registerDownline: (c) => registerDownline(c.deps, c.merchant, c.actor, c.input, c.ip),
  invitations: (c) => listInvitations(c.deps, c.merchant, c.actor, c.input),
  createInvitation: (c) => createInvitation(c.deps, c.merchant, c.actor, c.input, c.ip),
  updateInvitation: (c) => updateInvitation(c.deps, c.merchant, c.actor, c.input, c.ip),
  deleteInvitation: (c) => deleteInvitation(c.deps, c.merchant, c.actor, c.input.id, c.ip),
  teamBets: (c) => teamBets(c.deps, c.merchant, c.actor, c.input),
  teamProfit: (c) => teamProfit(c.deps, c.merchant, c.actor, c.input),
  teamTransactions: (c) => teamTransactions(c.deps, c.merchant, c.actor, c.input),
});
