import { MESSAGE_CALLS } from '@wl/schemas';
import { router } from '../../trpc/init.ts';
import { passThrough } from '../../trpc/pass-through.ts';

/** The member's platform messages (docs/rules/content.md#c-10 messageV2): own messages only, the platform decides whose (another member's id is NOT_FOUND). */
export const messagesRouter = router({
  ...passThrough(MESSAGE_CALLS),
});
