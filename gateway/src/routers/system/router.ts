import { SYSTEM_CALLS } from '@wl/schemas';
import { router } from '../../trpc/init.ts';
import { passThrough } from '../../trpc/pass-through.ts';
import { getClientIp } from './get-client-ip.ts';

/** System status and the caller's address. */
export const systemRouter = router({
  /** `system.status`: 0 normal, 1 maintenance, 2 region-restricted, with the address the upstream saw (docs/rules/reach.md#r-10). */
  ...passThrough({ status: SYSTEM_CALLS.status }),
  clientIp: getClientIp,
});
