import { AGENT_CALLS } from '@wl/schemas';
import { ZContract, ZContractActRequest, ZContractOfferRequest, ZContractOverview, ZContractOverviewQuery, ZIncomeQuery, ZIncomeReport, ZSettlementList, ZSettlementQuery } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { memberProcedure, router } from '../../trpc/init.ts';
import { passThrough } from '../../trpc/pass-through.ts';
import { registerCenterProcedures } from './register-center.ts';
import { teamReportProcedures } from './team-reports.ts';

/**
 * The agent centre (issue 10) with the member's token: the platform refuses non-agents
 * (error_not_agent) and answers only about the caller's own subtree (docs/0046); no input here
 * chooses whose team is read.
 */
export const agentRouter = router({
  // The agent centre's own calls, relayed as declared (docs/0076).
  ...passThrough(AGENT_CALLS),
  // registerCenter and the team reports (docs/0051).
  ...registerCenterProcedures,
  ...teamReportProcedures,
  // Contracts and income (docs/0049).
  /** `agent.contracts`: a contract page's data for one kind (543 when its flag is off). */
  contracts: memberProcedure
    .input(ZContractOverviewQuery)
    .output(ZContractOverview)
    .query(({ ctx, input }) => ctx.api.agentContracts(input, callContext(ctx))),
  /** `agent.contractOffer`: offer a direct downline agent a contract. */
  contractOffer: memberProcedure
    .input(ZContractOfferRequest)
    .output(ZContract)
    .mutation(({ ctx, input }) => ctx.api.agentContractOffer(input, callContext(ctx))),
  /** `agent.contractAct`: accept, reject, terminate, answer a termination, withdraw an offer. */
  contractAct: memberProcedure
    .input(ZContractActRequest)
    .output(ZContract)
    .mutation(({ ctx, input }) => ctx.api.agentContractAct(input, callContext(ctx))),
  /** `agent.settlements`: settlement records of a kind, mine or of the contracts I offered. */
  settlements: memberProcedure
    .input(ZSettlementQuery)
    .output(ZSettlementList)
    .query(({ ctx, input }) => ctx.api.agentSettlements(input, callContext(ctx))),
  /** `agent.income` (agentRevenueReport): salaries and dividends received. */
  income: memberProcedure
    .input(ZIncomeQuery)
    .output(ZIncomeReport)
    .query(({ ctx, input }) => ctx.api.agentIncome(input, callContext(ctx))),
});
