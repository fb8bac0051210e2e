import { MESSAGE_CALLS } from '@wl/schemas';
import { requestLanguage } from '../http/request-context.ts';
import { routesOf } from '../http/routes-of.ts';
import { messageList, messageRead, messagesReadAll } from './messages.service.ts';

/** Platform messages (docs/rules/content.md#c-10 messageV2): the session's member's own rows only, trial accounts refused (REAL_MEMBER). */
export const messageRoutes = routesOf(MESSAGE_CALLS, {
  // The operator's messages (docs/0112) in the Language header's language.
  list: (c) => messageList(c.deps, c.actor, c.input, c.input.language ?? requestLanguage(c.request)),
  read: (c) => messageRead(c.deps, c.actor, c.input.id),
  // The body is checked (an empty object) but names nothing: every unread message of the member.
  readAll: (c) => messagesReadAll(c.deps, c.actor),
});
