import { SESSION_CALLS } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { publicProcedure } from '../../trpc/init.ts';
import { withRateLimit } from '../../trpc/rate-limit.ts';
import { toLoginOutcome } from './login-outcome.ts';
import { ZLoginOutcome } from './session.types.ts';

/** The operating system named by a user agent, as the free-play call reports it. */
export function osOf(userAgent: string): string {
  if (/android/i.test(userAgent)) return 'Android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'iOS';
  if (/windows/i.test(userAgent)) return 'Windows';
  if (/mac os/i.test(userAgent)) return 'MacOS';
  if (/linux/i.test(userAgent)) return 'Linux';
  return '';
}

/**
 * `session.freePlay` (docs/rules/README.md#product free trial, FREEPLAY3): a new trial account (type 4), signed in. Every
 * call creates a member, so one IP gets a few per hour (docs/0016: 30 from one IP were all created).
 */
export const freePlay = publicProcedure.output(ZLoginOutcome).mutation(({ ctx }) =>
  withRateLimit(ctx, 'freePlay', null, async () => {
    const body = { os: osOf(ctx.userAgent), platform: 'W' as const, gatewayVersion: 3 as const };
    return toLoginOutcome(ctx, await ctx.api.call(SESSION_CALLS.freePlay, body, { ...callContext(ctx), token: null }));
  }),
);
