import { ZMessageReadRequest, ZMessageReadResult } from '@wl/schemas';
import { callContext } from '../../trpc/context.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** `messages.read`: marks one of the member's own messages read; another member's id is NOT_FOUND. */
export const readMessage = memberProcedure
  .input(ZMessageReadRequest)
  .output(ZMessageReadResult)
  .mutation(({ ctx, input }) => ctx.api.messageRead(input.id, callContext(ctx)));
