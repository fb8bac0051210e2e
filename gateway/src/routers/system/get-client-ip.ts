import { ZClientIp } from '@wl/schemas';
import { publicProcedure } from '../../trpc/init.ts';

/**
 * `system.clientIp`: the address this gateway sees for the caller (behind TRUST_PROXY, the one
 * X-Forwarded-For names). The region-blocked page shows it (docs/rules/reach.md#r-10); it is kept out of ScreenConfig
 * so that one composed answer serves every browser as the same bytes (docs/0019).
 */
export const getClientIp = publicProcedure.output(ZClientIp).query(({ ctx }) => ({ ip: ctx.ip }));
