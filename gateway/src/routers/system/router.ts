import { router } from '../../trpc/init.ts';
import { getStatus } from './get-status.ts';

/** System status. */
export const systemRouter = router({
  status: getStatus,
});
