import { ZMessageList, ZMessageListQuery } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** `messages.list`: the member's platform messages, newest first, paged, with the unread count (SPEC §2 messageV2). */
export const listMessages = memberProcedure
  .input(ZMessageListQuery)
  .output(ZMessageList)
  .query(({ ctx, input }) => ctx.api.messageList(input, callContext(ctx)));
