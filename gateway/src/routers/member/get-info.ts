import { ZMemberInfo } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** `member.info`: the signed-in member (SPEC §3 Member info). */
export const getInfo = memberProcedure.output(ZMemberInfo).query(({ ctx }) => ctx.api.memberInfo(callContext(ctx)));
