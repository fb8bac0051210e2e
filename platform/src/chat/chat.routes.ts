import { CHAT_CALLS, OPERATOR_CHAT_CALLS } from '@wl/schemas';
import { routesOf } from '../http/routes-of.ts';
import { chatConsole, chatHistory, deleteChatMessage, launchChat, muteMember, sendChat, setChatRoom } from './chat.service.ts';

/** The chat room (docs/0117): members read (trial accounts too), real members write and launch the live casino's chat (docs/0126). */
export const chatRoutes = routesOf(CHAT_CALLS, {
  history: (c) => chatHistory(c.deps, c.merchant.id, c.actor, c.input),
  send: (c) => sendChat(c.deps, c.merchant.id, c.actor, c.input.text),
  launchChat: (c) => launchChat(c.deps, c.merchant.id),
});

/** The console's moderation of the chat room (chat.moderate: support and owner), each change with a reason, audited. */
export const chatOperatorRoutes = routesOf(OPERATOR_CHAT_CALLS, {
  chatConsole: (c) => chatConsole(c.deps, c.merchant.id),
  chatMute: (c) => muteMember(c.deps, c.merchant.id, c.actor, c.ip, c.input),
  chatDelete: (c) => deleteChatMessage(c.deps, c.merchant.id, c.actor, c.ip, c.input),
  chatRoom: (c) => setChatRoom(c.deps, c.merchant.id, c.actor, c.ip, c.input),
});
