import { OPERATOR_CALLS, ZOperatorLoginRequest, ZOperatorLoginResponse } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { publicProcedure } from '../../trpc/init.ts';
import { withRateLimit } from '../../trpc/rate-limit.ts';

/**
 * `operator.login`: an operator session, kept apart from member sessions by the web. Limited per IP
 * and per username like member login (docs/0012); the platform adds its captcha and lock behind it.
 * Sent without any token the browser still holds: login starts a session, it never extends one.
 */
export const loginOperator = publicProcedure
  .input(ZOperatorLoginRequest)
  .output(ZOperatorLoginResponse)
  .mutation(({ ctx, input }) =>
    withRateLimit(ctx, 'operatorLogin', input.username, () => ctx.api.call(OPERATOR_CALLS.login, input, { ...callContext(ctx), token: null })),
  );
