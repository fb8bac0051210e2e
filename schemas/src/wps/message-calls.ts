import { z } from 'zod';
import { ZLanguage } from './calls.ts';

/**
 * The member's platform messages (docs/rules/content.md#c-10 member centre messageV2): notices the platform writes into
 * `member_messages` (agent contracts, docs/0049), read by the signed-in member only. The header's
 * unread badge counts the unread ones; opening one marks it read.
 */
export const MESSAGE_PATHS = {
  /** GET (pageNo, pageSize): the member's messages, newest first, with the total and the unread count. */
  list: '/wps/member/messages/list',
  /** POST { id }: marks one of the member's own messages read; another member's id is not found. */
  read: '/wps/member/messages/read',
  /** POST {}: marks every unread message of the member read. */
  readAll: '/wps/member/messages/read-all',
} as const;

/** The largest page a list call may ask for. */
export const MESSAGE_PAGE_SIZE_MAX = 50;
/** What the stored columns allow (contract notices cut to these lengths). */
export const MESSAGE_TITLE_MAX = 200;
export const MESSAGE_BODY_MAX = 2000;

/** A message id: a positive integer in the range the platform's ids use. */
const ZMessageId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const ZMessageListQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MESSAGE_PAGE_SIZE_MAX).default(10),
  /** The operator's messages in this language (docs/0112); else the Language header's. */
  language: ZLanguage.optional(),
});
export type TMessageListQuery = z.infer<typeof ZMessageListQuery>;

/** One message as stored (titles and bodies may already be bilingual, "BN · EN"); times are ISO instants. */
export const ZMessage = z.object({
  id: ZMessageId,
  title: z.string().max(MESSAGE_TITLE_MAX),
  body: z.string().max(MESSAGE_BODY_MAX),
  time: z.string().max(40),
  /** When the member first opened it; null while unread. */
  readAt: z.string().max(40).nullable(),
});
export type TMessage = z.infer<typeof ZMessage>;

export const ZMessageList = z.object({
  rows: z.array(ZMessage).max(MESSAGE_PAGE_SIZE_MAX),
  /** Every message of the member, all pages. */
  total: z.number().int().min(0),
  /** The member's unread messages, all pages (the badge's count). */
  unread: z.number().int().min(0),
});
export type TMessageList = z.infer<typeof ZMessageList>;

export const ZMessageReadRequest = z.object({ id: ZMessageId });
export type TMessageReadRequest = z.infer<typeof ZMessageReadRequest>;

/** The message after the call: reading it again keeps the first read time. */
export const ZMessageReadResult = z.object({ id: ZMessageId, readAt: z.string().max(40) });
export type TMessageReadResult = z.infer<typeof ZMessageReadResult>;

export const ZMessagesReadAllRequest = z.object({}).strict();

/** How many unread messages the call marked read (0 when none were). */
export const ZMessagesReadAllResult = z.object({ marked: z.number().int().min(0) });
export type TMessagesReadAllResult = z.infer<typeof ZMessagesReadAllResult>;
