import { ZWithdrawOverviewResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** `withdraw.overview`: limits, today's use, bank accounts, balance and the member's withdrawals (issue 8 item 3). */
export const getOverview = memberProcedure.output(ZWithdrawOverviewResponse).query(({ ctx }) => ctx.api.withdrawOverview(callContext(ctx)));
