import { callContext } from '../../trpc/context.ts';
import { publicProcedure } from '../../trpc/init.ts';
import { ZMemberLoginInput, ZMemberLoginOutput } from './session.types.ts';

/**
 * `session.login` (SPEC §4 Login): the upstream checks the credentials (encrypted body), then member
 * info loads with the new token. A refusal that asks for a captcha reaches the web as
 * `data.upstream.captchaRequired`.
 */
export const loginMember = publicProcedure
  .input(ZMemberLoginInput)
  .output(ZMemberLoginOutput)
  .mutation(async ({ ctx, input }) => {
    const session = await ctx.api.login(input, callContext(ctx));
    const member = await ctx.api.memberInfo({ ...callContext(ctx), token: session.token });
    return { ...session, member };
  });
