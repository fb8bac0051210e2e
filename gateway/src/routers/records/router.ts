import { RECORD_CALLS } from '@wl/schemas';
import { router } from '../../trpc/init.ts';
import { passThrough } from '../../trpc/pass-through.ts';

/** The member's records: account (transactionHistory), bets (personalHistoryCopy), bonus (bonusDetails) and profit (personalProfit), filtered and paged. */
export const recordsRouter = router({
  ...passThrough(RECORD_CALLS),
});
