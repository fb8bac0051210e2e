import { ZDownlineDetail, ZDownlineDetailQuery, ZDownlineList, ZDownlineQuery, ZDownlineTransferRequest, ZDownlineTransferResult, ZTeamOverview, ZTeamOverviewQuery } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { memberProcedure, router } from '../../trpc/init.ts';
import { registerCenterProcedures } from './register-center.ts';
import { teamReportProcedures } from './team-reports.ts';

/**
 * The agent centre (issue 10) with the member's token: the platform refuses non-agents
 * (error_not_agent) and answers only about the caller's own subtree (docs/0046); no input here
 * chooses whose team is read.
 */
export const agentRouter = router({
  /** `agent.teamOverview` (agentTeamOverview): figures and a series for a period. */
  teamOverview: memberProcedure
    .input(ZTeamOverviewQuery)
    .output(ZTeamOverview)
    .query(({ ctx, input }) => ctx.api.agentTeamOverview(input, callContext(ctx))),
  /** `agent.downlines` (downlineManagmentView): search, level, paging. */
  downlines: memberProcedure
    .input(ZDownlineQuery)
    .output(ZDownlineList)
    .query(({ ctx, input }) => ctx.api.agentDownlines(input, callContext(ctx))),
  /** `agent.downline`: one downline's details (not found outside the subtree). */
  downline: memberProcedure
    .input(ZDownlineDetailQuery)
    .output(ZDownlineDetail)
    .query(({ ctx, input }) => ctx.api.agentDownline(input, callContext(ctx))),
  /** `agent.transfer`: agent main wallet → a downline's main wallet, once per agent key. */
  transfer: memberProcedure
    .input(ZDownlineTransferRequest)
    .output(ZDownlineTransferResult)
    .mutation(({ ctx, input }) => ctx.api.agentTransfer(input, callContext(ctx))),
  // registerCenter and the team reports (docs/0051).
  ...registerCenterProcedures,
  ...teamReportProcedures,
});
