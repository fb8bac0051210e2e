import { z } from 'zod';
import { declareCall, MEMBER, operatorWith, REAL_MEMBER } from './call.ts';
import { ZInstant } from './shapes.ts';
import { zText } from '../text.ts';

/**
 * The chat room (SPEC §2 modals, §6 "chat room … only to logged-in users"; docs/0117): one lobby
 * room per merchant. Signed-in members read it (trial accounts too) and real members write in it;
 * visitors neither. Support operators mute a member for a while, delete a message and close or
 * open the room, each with a reason, audited.
 */
export const CHAT_PATHS = {
  /** GET ?before=&limit=: the newest messages (or those older than `before`), oldest first, and the room's state. */
  history: '/wps/chat/messages',
  /** POST { text }: one message from the session's member. */
  send: '/wps/chat/send',
  /** GET: the console's view: the room, its recent messages (deleted ones too) and the mutes in force. */
  console: '/wps/operator/chat',
  /** POST { username, minutes, reason }: mute a member (0 minutes lifts a mute). */
  mute: '/wps/operator/chat/mute',
  /** POST { messageId, reason }: hide a message for everyone. */
  remove: '/wps/operator/chat/delete',
  /** POST { open, reason }: close or open the room. */
  room: '/wps/operator/chat/room',
  /** GET: the live casino's chat (SPEC §7 "Live: … GET launch chat (response chatUrl)"; the path is not shown). */
  launch: '/wps/live/launchChat',
} as const;

/**
 * The chatUrl the embedded platform answers: the site's own lobby room (docs/0126). The web shows a
 * chatUrl on the site's own origin as that room in the chat modal, and any other (a live vendor's
 * room) framed in the same modal.
 */
export const BUILT_IN_CHAT_URL = '/member?page=chatRoom';

/** A chatUrl: a path on the site's own origin, or an https address of a vendor's room; nothing else is opened. */
export const ZChatUrl = z
  .string()
  .max(2000)
  .refine((url) => (url.startsWith('/') && !url.startsWith('//') && !url.includes('\\')) || /^https:\/\/[^\s/]+/.test(url));
export const ZLaunchChat = z.object({ chatUrl: ZChatUrl });
export type TLaunchChat = z.infer<typeof ZLaunchChat>;

/** Bounds of one message (SPEC gives none: docs/0117). */
export const CHAT_TEXT_MIN = 1;
export const CHAT_TEXT_MAX = 300;
/** The largest page of history one call answers. */
export const CHAT_PAGE_MAX = 50;
/** The longest mute an operator sets at once (30 days, in minutes). */
export const CHAT_MUTE_MAX_MINUTES = 43_200;

/** Message keys of chat refusals; the web translates them (EN and BN). */
export const CHAT_MESSAGES = {
  /** With value { until }: the member's mute ends then. */
  muted: 'chat_muted',
  closed: 'chat_room_closed',
  memberNotFound: 'chat_member_not_found',
  messageNotFound: 'chat_message_not_found',
  unchanged: 'chat_unchanged',
} as const;

const ZChatId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** A message's text: trimmed, 1 to 300 characters, no control characters (line breaks neither). */
export const ZChatText = zText({ max: CHAT_TEXT_MAX, min: CHAT_TEXT_MIN });

export const ZChatHistoryQuery = z.object({
  /** Only messages older than this id (paging backwards); absent: the newest. */
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_PAGE_MAX).default(CHAT_PAGE_MAX),
});

export const ZChatMessage = z.object({
  id: ZChatId,
  /** The writer's username as members see it. */
  author: z.string().max(200),
  /** True on the session's own messages. */
  mine: z.boolean(),
  text: z.string().max(CHAT_TEXT_MAX),
  at: ZInstant,
});
export type TChatMessage = z.infer<typeof ZChatMessage>;

export const ZChatHistory = z.object({
  /** Oldest first. */
  messages: z.array(ZChatMessage).max(CHAT_PAGE_MAX),
  /** True when older messages exist before the first one. */
  more: z.boolean(),
  open: z.boolean(),
  /** When the session's member is muted: the instant the mute ends; else null. */
  mutedUntil: ZInstant.nullable(),
});
export type TChatHistory = z.infer<typeof ZChatHistory>;

export const ZChatSendRequest = z.object({ text: ZChatText });

/** Every moderation's reason: said, 1 to 500 characters. */
const ZChatReason = zText({ max: 500, min: 1, multiline: true });

export const ZChatMuteRequest = z.object({
  username: zText({ max: 64, min: 1 }),
  minutes: z.number().int().min(0).max(CHAT_MUTE_MAX_MINUTES),
  reason: ZChatReason,
});
export const ZChatDeleteRequest = z.object({ messageId: ZChatId, reason: ZChatReason });
export const ZChatRoomRequest = z.object({ open: z.boolean(), reason: ZChatReason });

export const ZChatConsole = z.object({
  open: z.boolean(),
  messages: z
    .array(
      z.object({
        id: ZChatId,
        author: z.string().max(200),
        text: z.string().max(CHAT_TEXT_MAX),
        at: ZInstant,
        deletedAt: ZInstant.nullable(),
      }),
    )
    .max(CHAT_PAGE_MAX),
  mutes: z.array(z.object({ username: z.string().max(200), until: ZInstant, reason: z.string().max(500) })).max(1000),
});
export type TChatConsole = z.infer<typeof ZChatConsole>;

export const CHAT_CALLS = {
  history: declareCall({
    method: 'GET',
    path: CHAT_PATHS.history,
    moduleId: 'CHAT',
    input: ZChatHistoryQuery,
    output: ZChatHistory,
    audience: MEMBER,
  }),
  send: declareCall({
    method: 'POST',
    path: CHAT_PATHS.send,
    moduleId: 'CHAT',
    input: ZChatSendRequest,
    output: ZChatMessage,
    audience: REAL_MEMBER,
  }),
  /**
   * SPEC §7 live "launch chat": the address of the live casino's chat room. Real members only: a
   * chatUrl may carry what lets its holder write, so a trial account is refused (SPEC §8
   * in_need_true_account) and a visitor asked to log in, before any address is made (docs/0126).
   */
  launchChat: declareCall({
    method: 'GET',
    path: CHAT_PATHS.launch,
    moduleId: 'LIVE',
    output: ZLaunchChat,
    audience: REAL_MEMBER,
  }),
} as const;

const SERVE = { moduleId: 'OPERATOR', region: 'serve' } as const;
export const OPERATOR_CHAT_CALLS = {
  chatConsole: declareCall({ ...SERVE, method: 'GET', path: CHAT_PATHS.console, output: ZChatConsole, audience: operatorWith('chat.moderate') }),
  chatMute: declareCall({
    ...SERVE,
    method: 'POST',
    path: CHAT_PATHS.mute,
    input: ZChatMuteRequest,
    output: ZChatConsole,
    audience: operatorWith('chat.moderate'),
  }),
  chatDelete: declareCall({
    ...SERVE,
    method: 'POST',
    path: CHAT_PATHS.remove,
    input: ZChatDeleteRequest,
    output: ZChatConsole,
    audience: operatorWith('chat.moderate'),
  }),
  chatRoom: declareCall({
    ...SERVE,
    method: 'POST',
    path: CHAT_PATHS.room,
    input: ZChatRoomRequest,
    output: ZChatConsole,
    audience: operatorWith('chat.moderate'),
  }),
} as const;
