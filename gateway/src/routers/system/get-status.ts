import { ZSystemStatus } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { publicProcedure } from '../../trpc/init.ts';

/** `system.status`: 0 normal, 1 maintenance, 2 region-restricted, with the address the upstream saw (SPEC §4). */
export const getStatus = publicProcedure.output(ZSystemStatus).query(({ ctx }) => ctx.api.systemStatus(callContext(ctx)));
