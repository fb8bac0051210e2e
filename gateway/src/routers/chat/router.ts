import { CHAT_CALLS, OPERATOR_CHAT_CALLS } from '@wl/schemas';
import type { TContext } from '../../trpc/context.ts';
import { router } from '../../trpc/init.ts';
import { passThrough } from '../../trpc/pass-through.ts';

/** Once committed: open chat pages of this instance read the room again (docs/0117). */
const chatChanged = (ctx: TContext) => ctx.chatChanged();

/**
 * The chat room (docs/0117): history for members, sends limited per session and per address
 * (`chatSend`), and the console's moderation (chat.moderate; the platform checks it). Every change
 * tells the open chat pages on LIVE_CHAT_PATH.
 */
export const chatRouter = router({
  ...passThrough(CHAT_CALLS, {
    rateLimit: { send: (ctx) => ({ action: 'chatSend', subject: `session:${ctx.token ?? ''}` }) },
    after: { send: chatChanged },
  }),
  ...passThrough(OPERATOR_CHAT_CALLS, { after: { chatMute: chatChanged, chatDelete: chatChanged, chatRoom: chatChanged } }),
});
