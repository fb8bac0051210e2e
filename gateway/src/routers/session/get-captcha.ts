import { ZCaptchaResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { publicProcedure } from '../../trpc/init.ts';

/** `session.captcha`: a fresh captcha image and its id. */
export const getCaptcha = publicProcedure.output(ZCaptchaResponse).query(({ ctx }) => ctx.api.captcha(callContext(ctx)));
