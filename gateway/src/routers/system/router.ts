import { router } from '../../trpc/init.ts';
import { getClientIp } from './get-client-ip.ts';
import { getStatus } from './get-status.ts';

/** System status and the caller's address. */
export const systemRouter = router({
  status: getStatus,
  clientIp: getClientIp,
});
