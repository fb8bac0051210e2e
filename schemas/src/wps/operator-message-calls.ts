import { z } from 'zod';
import { zText } from '../text.ts';
import { declareCall, operatorWith } from './call.ts';
import { MESSAGE_BODY_MAX, MESSAGE_TITLE_MAX } from './message-calls.ts';
import { ZBigId, ZCount, ZIdempotencyKey, ZInstant, ZOperatorPageInfo } from './shapes.ts';

/*
 * The console's messages (docs/0112): a broadcast to every real member, or a message to one member,
 * each in EN and BN, sent now or at a time. Content operators write them (whitelabel.write, audited
 * `message.send` and `message.cancel`); config.read sees what was sent and what waits. A member's
 * messageV2 list and unread count show each from its send time on, in the member's language.
 */

export const OPERATOR_MESSAGE_PATHS = {
  /** GET: sent and scheduled messages, newest send time first. POST: send or schedule one. */
  messages: '/wps/operator/messages',
  /** POST { id }: withdraws a scheduled message before its time. */
  cancel: '/wps/operator/messages/cancel',
} as const;

/** Message keys of the console's message refusals; the web translates them (EN and BN). */
export const OPERATOR_MESSAGE_MESSAGES = {
  /** To one member: no real member of this brand has that username. */
  memberNotFound: 'opmsg_member_not_found',
  /** A message to one member names the member; a broadcast names none. */
  usernameRequired: 'opmsg_username_required',
  /** The send time is more than a minute in the past. */
  sendAtPast: 'opmsg_send_at_past',
  /** The send time is more than OPERATOR_MESSAGE_MAX_DAYS ahead. */
  sendAtTooFar: 'opmsg_send_at_too_far',
  /** A message already delivered (or unknown) cannot be withdrawn. */
  notScheduled: 'opmsg_not_scheduled',
} as const;

/** How far ahead a message may be scheduled. */
export const OPERATOR_MESSAGE_MAX_DAYS = 366;

export const ZOperatorMessageSend = z
  .object({
    /** `all`: every real member whose account exists at the send time; `member`: the one named. */
    audience: z.enum(['all', 'member']),
    /** The member's username (audience `member` only). */
    username: zText({ max: 64, min: 1 }).nullable().default(null),
    titleEn: zText({ max: MESSAGE_TITLE_MAX, min: 1 }),
    titleBn: zText({ max: MESSAGE_TITLE_MAX, min: 1 }),
    bodyEn: zText({ max: MESSAGE_BODY_MAX, min: 1, multiline: true }),
    bodyBn: zText({ max: MESSAGE_BODY_MAX, min: 1, multiline: true }),
    /** When members see it; null: now. */
    sendAt: ZInstant.nullable().default(null),
    /** The form's submission key: sending the same key again answers the first message. */
    key: ZIdempotencyKey,
  })
  .refine((m) => (m.audience === 'member') === (m.username !== null), { message: OPERATOR_MESSAGE_MESSAGES.usernameRequired, path: ['username'] });
export type TOperatorMessageSend = z.infer<typeof ZOperatorMessageSend>;

export const ZOperatorMessage = z.object({
  id: ZBigId,
  audience: z.enum(['all', 'member']),
  username: z.string().max(200).nullable(),
  titleEn: z.string().max(MESSAGE_TITLE_MAX),
  titleBn: z.string().max(MESSAGE_TITLE_MAX),
  bodyEn: z.string().max(MESSAGE_BODY_MAX),
  bodyBn: z.string().max(MESSAGE_BODY_MAX),
  sendAt: ZInstant,
  /** Scheduled: its time has not come (members do not see it yet). */
  scheduled: z.boolean(),
  createdBy: z.string().max(200),
  /** Members who opened it. */
  reads: ZCount,
});
export type TOperatorMessage = z.infer<typeof ZOperatorMessage>;

export const ZOperatorMessagesQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export const ZOperatorMessagesResponse = z.object({ messages: z.array(ZOperatorMessage).max(50), ...ZOperatorPageInfo });
export type TOperatorMessagesResponse = z.infer<typeof ZOperatorMessagesResponse>;
export const ZOperatorMessageCancel = z.object({ id: ZBigId });

const SERVE = { moduleId: 'OPERATOR', region: 'serve' } as const;

export const OPERATOR_MESSAGE_CALLS = {
  messages: declareCall({
    ...SERVE,
    method: 'GET',
    path: OPERATOR_MESSAGE_PATHS.messages,
    input: ZOperatorMessagesQuery,
    output: ZOperatorMessagesResponse,
    audience: operatorWith('config.read'),
  }),
  sendMessage: declareCall({
    ...SERVE,
    method: 'POST',
    path: OPERATOR_MESSAGE_PATHS.messages,
    input: ZOperatorMessageSend,
    output: ZOperatorMessage,
    audience: operatorWith('whitelabel.write'),
  }),
  cancelMessage: declareCall({
    ...SERVE,
    method: 'POST',
    path: OPERATOR_MESSAGE_PATHS.cancel,
    input: ZOperatorMessageCancel,
    output: ZOperatorMessage,
    audience: operatorWith('whitelabel.write'),
  }),
} as const;
