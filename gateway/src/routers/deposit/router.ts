import { router } from '../../trpc/init.ts';
import { createDeposit } from './create-deposit.ts';
import { listChannels } from './list-channels.ts';
import { listDeposits } from './list-deposits.ts';

/** Member deposits (issue 8 item 2): channels, a pending order, the member's deposits. */
export const depositRouter = router({
  channels: listChannels,
  create: createDeposit,
  list: listDeposits,
});
