import { router } from '../../trpc/init.ts';
import { getBalance } from './get-balance.ts';
import { getInfo } from './get-info.ts';

/** The signed-in member. */
export const memberRouter = router({
  info: getInfo,
  balance: getBalance,
});
