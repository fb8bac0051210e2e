import { callContext } from '../../trpc/context.ts';
import { publicProcedure } from '../../trpc/init.ts';
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

/** `session.freePlay` (SPEC §1 free trial, FREEPLAY3): a new trial account (type 4), signed in. */
export const freePlay = publicProcedure
  .output(ZLoginOutcome)
  .mutation(async ({ ctx }) => toLoginOutcome(ctx, await ctx.api.freePlay({ os: osOf(ctx.userAgent) }, callContext(ctx))));
