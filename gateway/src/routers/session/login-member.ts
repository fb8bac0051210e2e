import { SESSION_CALLS } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { publicProcedure } from '../../trpc/init.ts';
import { withRateLimit } from '../../trpc/rate-limit.ts';
import { toLoginOutcome } from './login-outcome.ts';
import { ZLoginOutcome, ZMemberLoginInput } from './session.types.ts';

/**
 * `session.login` (docs/rules/accounts.md#a-2 Login): the upstream checks the credentials (encrypted body) and answers
 * a session (member info loads with the new token) or, from a new IP, a second-factor challenge.
 * A refusal that asks for a captcha reaches the web as `data.upstream.captchaRequired`.
 */
export const loginMember = publicProcedure
  .input(ZMemberLoginInput)
  .output(ZLoginOutcome)
  .mutation(({ ctx, input }) =>
    withRateLimit(ctx, 'login', input.username, async () =>
      toLoginOutcome(ctx, await ctx.api.call(SESSION_CALLS.login, { ...input, type: 'username' }, callContext(ctx))),
    ),
  );
