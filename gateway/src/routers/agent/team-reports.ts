import { ZTeamBets, ZTeamBetsQuery, ZTeamProfit, ZTeamProfitQuery, ZTeamTransactions, ZTeamTransactionsQuery } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** The team reports (issue 10 item 2, docs/0051): the platform reads only the caller's own subtree. */
export const teamReportProcedures = {
  /** `agent.teamBets` (personalHistoryCopy, team betting). */
  teamBets: memberProcedure
    .input(ZTeamBetsQuery)
    .output(ZTeamBets)
    .query(({ ctx, input }) => ctx.api.agentTeamBets(input, callContext(ctx))),
  /** `agent.teamProfit` (palStatementsAgentCopy, user P&L statements). */
  teamProfit: memberProcedure
    .input(ZTeamProfitQuery)
    .output(ZTeamProfit)
    .query(({ ctx, input }) => ctx.api.agentTeamProfit(input, callContext(ctx))),
  /** `agent.teamTransactions` (agentDownlineTransactionDetailsCopy, account details). */
  teamTransactions: memberProcedure
    .input(ZTeamTransactionsQuery)
    .output(ZTeamTransactions)
    .query(({ ctx, input }) => ctx.api.agentTeamTransactions(input, callContext(ctx))),
};
