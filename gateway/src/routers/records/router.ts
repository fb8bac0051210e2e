import { ZAccountRecordResponse, ZProfitResponse, ZRecordQuery } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { memberProcedure, router } from '../../trpc/init.ts';

const record = (which: 'account' | 'bets' | 'bonus') =>
  memberProcedure
    .input(ZRecordQuery)
    .output(ZAccountRecordResponse)
    .query(({ ctx, input }) => ctx.api.record(which, input, callContext(ctx)));

/** The member's records (issue 8 item 6): account, betting, bonus rows and profit and loss, filtered and paged. */
export const recordsRouter = router({
  /** `records.account` (transactionHistory). */
  account: record('account'),
  /** `records.bets` (personalHistoryCopy). */
  bets: record('bets'),
  /** `records.bonus` (bonusDetails). */
  bonus: record('bonus'),
  /** `records.profit` (personalProfit). */
  profit: memberProcedure
    .input(ZRecordQuery)
    .output(ZProfitResponse)
    .query(({ ctx, input }) => ctx.api.profitRecord(input, callContext(ctx))),
});
