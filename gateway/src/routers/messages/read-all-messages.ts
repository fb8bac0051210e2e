import { ZMessagesReadAllRequest, ZMessagesReadAllResult } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** `messages.readAll`: marks every unread message of the member read. */
export const readAllMessages = memberProcedure
  .input(ZMessagesReadAllRequest)
  .output(ZMessagesReadAllResult)
  .mutation(({ ctx }) => ctx.api.messagesReadAll(callContext(ctx)));
