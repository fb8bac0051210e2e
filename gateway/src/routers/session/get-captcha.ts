import { ZCaptchaResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { publicProcedure } from '../../trpc/init.ts';
import { withRateLimit } from '../../trpc/rate-limit.ts';

/** `session.captcha`: a fresh captcha image and its id. Each one is a stored row, so it is limited per IP (issue 6). */
export const getCaptcha = publicProcedure
  .output(ZCaptchaResponse)
  .query(({ ctx }) => withRateLimit(ctx, 'captcha', null, () => ctx.api.captcha(callContext(ctx))));
