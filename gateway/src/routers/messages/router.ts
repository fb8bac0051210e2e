import { router } from '../../trpc/init.ts';
import { listMessages } from './list-messages.ts';
import { readAllMessages } from './read-all-messages.ts';
import { readMessage } from './read-message.ts';

/** The member's platform messages (SPEC §2 messageV2): own messages only, the platform decides whose. */
export const messagesRouter = router({
  list: listMessages,
  read: readMessage,
  readAll: readAllMessages,
});
