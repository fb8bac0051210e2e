import { CHAT_CALLS } from '@wl/schemas';
import type { TContext } from '../../trpc/context.ts';
import { router } from '../../trpc/init.ts';
import { passThrough } from '../../trpc/pass-through.ts';

/** Once committed: open chat pages of this instance read the room again (docs/0117). */
export const chatChanged = (ctx: TContext) => ctx.chatChanged();

/**
 * The chat room (docs/0117): history for members, sends limited per session and per address
 * (`chatSend`). Every send tells the open chat pages on LIVE_CHAT_PATH; the console's moderation is
 * in the operator router (the web sends `operator.*` calls with the operator's token).
 */
export const chatRouter = router({
  ...passThrough(CHAT_CALLS, {
    rateLimit: { send: (ctx) => ({ action: 'chatSend', subject: `session:${ctx.token ?? ''}` }) },
    after: { send: chatChanged },
  }),
});
