import { z } from 'zod';
import {
  FEEDBACK_CONTENT_MAX,
  FEEDBACK_CONTENT_MIN,
  FEEDBACK_MAX_IMAGES,
  FEEDBACK_MESSAGES,
  FEEDBACK_REPLY_MAX,
  FEEDBACK_STATES,
  FEEDBACK_TYPES,
} from '../domain/feedback.ts';
import { PROOF_CONTENT_TYPES } from '../domain/proof.ts';
import { APPLY_IMAGE_MAX_BYTES, APPLY_MESSAGES } from '../domain/promotion-apply.ts';
import { hasControlCharacters, INVALID_CHARACTERS, zText } from '../text.ts';
import { declareCall, operatorWith, REAL_MEMBER } from './call.ts';
import { ZApplyImage, ZApplyImageId } from './promotion-apply-calls.ts';
import { ZBigId, ZCount, ZInstant, ZOperatorPageInfo } from './shapes.ts';

/*
 * Member feedback and the operator's feedback inbox (docs/0111). SPEC §3: a question type (deposit,
 * withdraw, game, service, apply, other) and content; SPEC §7: "Feedback (PUT)". Images go up one by
 * one to a draft through the gateway's upload door, as a promotion application's do (docs/0098), then
 * the feedback names them. Support (and the owner) read the inbox and reply or close; every action of
 * theirs is audited. Trial accounts are refused (SPEC §6: no member-centre actions).
 */

export const FEEDBACK_PATHS = {
  /** PUT { questionType, content, imageIds }: sends feedback (SPEC §7 "Feedback (PUT)"). */
  feedback: '/wps/member/feedback',
  /** GET ?pageNo=&pageSize=: the member's own feedback, newest first, with the replies. */
  list: '/wps/member/feedback/list',
  /** GET ?id=: one of the member's own feedback. */
  item: '/wps/member/feedback/item',
  /** POST { id, body }: the member writes again on its own feedback (not closed); it waits for the operator again. */
  followUp: '/wps/member/feedback/reply',
  /** POST { base64 }: one image to the member's feedback draft (the upload door sends it). */
  image: '/wps/member/feedback/image',
  /** POST { imageId }: takes a draft image back before sending. */
  removeImage: '/wps/member/feedback/image/remove',
  /** GET ?state=&pageNo=: the operator's inbox by state. */
  inbox: '/wps/operator/feedback',
  /** GET ?id=: one feedback with its thread and images (the read is audited). */
  inboxItem: '/wps/operator/feedback/item',
  /** GET ?imageId=: one image of a sent feedback, as base64. */
  inboxImage: '/wps/operator/feedback/image',
  /** POST { id, body }: the operator's reply. */
  reply: '/wps/operator/feedback/reply',
  /** POST { id }: closes it (final). */
  close: '/wps/operator/feedback/close',
} as const;

export * from '../domain/feedback.ts';

/** Free text of a thread: bounded raw first (a megabyte is refused before any work), trimmed, line breaks allowed, no other control character. */
function zThreadText(min: number, max: number, short: string, long: string) {
  return z
    .string()
    .max(4 * max, { message: long, abort: true })
    .trim()
    .min(min, short)
    .max(max, long)
    .refine((s) => !hasControlCharacters(s, true), INVALID_CHARACTERS);
}

export const ZFeedbackType = z.enum(FEEDBACK_TYPES, { error: FEEDBACK_MESSAGES.badType });
export const ZFeedbackState = z.enum(FEEDBACK_STATES);
export const ZFeedbackContent = zThreadText(FEEDBACK_CONTENT_MIN, FEEDBACK_CONTENT_MAX, FEEDBACK_MESSAGES.contentTooShort, FEEDBACK_MESSAGES.contentTooLong);
/** An empty reply says so with the forms' 'not empty?' message (SPEC §5). */
export const ZFeedbackReplyBody = zThreadText(1, FEEDBACK_REPLY_MAX, 'not_empty', FEEDBACK_MESSAGES.replyTooLong);

export const ZFeedbackRequest = z.object({
  questionType: ZFeedbackType,
  content: ZFeedbackContent,
  imageIds: z.array(ZApplyImageId).max(FEEDBACK_MAX_IMAGES, APPLY_MESSAGES.tooManyImages),
});
export type TFeedbackRequest = z.infer<typeof ZFeedbackRequest>;

/** One message of a feedback's thread after the member's content: the operator's replies and the member's follow-ups. */
export const ZFeedbackMessage = z.object({
  from: z.enum(['member', 'operator']),
  body: z.string().max(FEEDBACK_REPLY_MAX),
  at: ZInstant,
});
export type TFeedbackMessage = z.infer<typeof ZFeedbackMessage>;

/** One feedback as its member sees it (never who in the operator's team answered). */
export const ZMemberFeedback = z.object({
  id: ZBigId,
  questionType: ZFeedbackType,
  content: z.string().max(FEEDBACK_CONTENT_MAX),
  state: ZFeedbackState,
  createdAt: ZInstant,
  updatedAt: ZInstant,
  imageCount: z.number().int().min(0).max(FEEDBACK_MAX_IMAGES),
  messages: z.array(ZFeedbackMessage).max(200),
});
export type TMemberFeedback = z.infer<typeof ZMemberFeedback>;

const ZPageNo = z.coerce.number().int().min(1).max(10_000).default(1);
const ZPageSize = z.coerce.number().int().min(1).max(50).default(20);
const ZFeedbackQueryId = z.coerce.number().int().positive().refine(Number.isSafeInteger);

export const ZMemberFeedbackListQuery = z.object({ pageNo: ZPageNo, pageSize: ZPageSize });
export const ZMemberFeedbackList = z.object({ items: z.array(ZMemberFeedback).max(50), ...ZOperatorPageInfo });
export type TMemberFeedbackList = z.infer<typeof ZMemberFeedbackList>;
export const ZFeedbackIdQuery = z.object({ id: ZFeedbackQueryId });
export const ZFeedbackReplyRequest = z.object({ id: ZBigId, body: ZFeedbackReplyBody });

const BASE64_MAX = Math.ceil(APPLY_IMAGE_MAX_BYTES / 3) * 4 + 4;
export const ZFeedbackImageUpload = z.object({
  base64: z
    .string()
    .max(BASE64_MAX, { message: APPLY_MESSAGES.imageTooLarge, abort: true })
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'invalid'),
});

export const FEEDBACK_CALLS = {
  /** Never retried (a PUT that makes a row); at most FEEDBACK_MAX_OPEN waiting at once; the gateway limits sends. */
  submit: declareCall({
    method: 'PUT',
    path: FEEDBACK_PATHS.feedback,
    moduleId: 'FEEDBACK',
    input: ZFeedbackRequest,
    output: ZMemberFeedback,
    audience: REAL_MEMBER,
  }),
  list: declareCall({
    method: 'GET',
    path: FEEDBACK_PATHS.list,
    moduleId: 'FEEDBACK',
    input: ZMemberFeedbackListQuery,
    output: ZMemberFeedbackList,
    audience: REAL_MEMBER,
  }),
  item: declareCall({
    method: 'GET',
    path: FEEDBACK_PATHS.item,
    moduleId: 'FEEDBACK',
    input: ZFeedbackIdQuery,
    output: ZMemberFeedback,
    audience: REAL_MEMBER,
  }),
  followUp: declareCall({
    method: 'POST',
    path: FEEDBACK_PATHS.followUp,
    moduleId: 'FEEDBACK',
    input: ZFeedbackReplyRequest,
    output: ZMemberFeedback,
    audience: REAL_MEMBER,
  }),
  removeImage: declareCall({
    method: 'POST',
    path: FEEDBACK_PATHS.removeImage,
    moduleId: 'FEEDBACK',
    input: z.object({ imageId: ZApplyImageId }),
    output: z.object({ removed: z.boolean() }),
    audience: REAL_MEMBER,
  }),
} as const;

/** The image upload: the gateway's upload door sends it (never a tRPC procedure: the door reads and limits the raw bytes). */
export const FEEDBACK_IMAGE_UPLOAD_CALLS = {
  uploadImage: declareCall({
    method: 'POST',
    path: FEEDBACK_PATHS.image,
    moduleId: 'FEEDBACK',
    input: ZFeedbackImageUpload,
    output: ZApplyImage,
    audience: REAL_MEMBER,
  }),
} as const;

// The operator's inbox ----------------------------------------------------------------------------

/** By state; `username` narrows it to one member's feedback (support answering a member who asks). */
export const ZFeedbackInboxQuery = z.object({
  state: ZFeedbackState.default('open'),
  username: zText({ max: 64 }).optional(),
  pageNo: ZPageNo,
  pageSize: ZPageSize,
});
export type TFeedbackInboxQuery = z.infer<typeof ZFeedbackInboxQuery>;
export const ZFeedbackInboxEntry = z.object({
  id: ZBigId,
  username: z.string().max(200),
  questionType: ZFeedbackType,
  /** The content's first characters. */
  excerpt: z.string().max(FEEDBACK_CONTENT_MAX),
  state: ZFeedbackState,
  createdAt: ZInstant,
  updatedAt: ZInstant,
  imageCount: ZCount,
});
export type TFeedbackInboxEntry = z.infer<typeof ZFeedbackInboxEntry>;
export const ZFeedbackInbox = z.object({ items: z.array(ZFeedbackInboxEntry).max(50), ...ZOperatorPageInfo });
export type TFeedbackInbox = z.infer<typeof ZFeedbackInbox>;
export const ZOperatorFeedback = ZFeedbackInboxEntry.extend({
  content: z.string().max(FEEDBACK_CONTENT_MAX),
  /** The thread after the content; an operator's message names who wrote it. */
  messages: z.array(ZFeedbackMessage.extend({ operator: z.string().max(200).nullable() })).max(200),
  images: z.array(ZApplyImage).max(FEEDBACK_MAX_IMAGES),
  closedBy: z.string().max(200).nullable(),
});
export type TOperatorFeedback = z.infer<typeof ZOperatorFeedback>;
export const ZFeedbackImageQuery = z.object({ imageId: ZApplyImageId });
export const ZFeedbackImage = z.object({ contentType: z.enum(PROOF_CONTENT_TYPES), base64: z.string().max(BASE64_MAX) });

const SERVE = { moduleId: 'OPERATOR', region: 'serve' } as const;
export const OPERATOR_FEEDBACK_CALLS = {
  feedbackInbox: declareCall({
    ...SERVE,
    method: 'GET',
    path: FEEDBACK_PATHS.inbox,
    input: ZFeedbackInboxQuery,
    output: ZFeedbackInbox,
    audience: operatorWith('feedback.read'),
  }),
  /** Audited (`feedback.read`): who opened a member's words is on record. */
  feedbackItem: declareCall({
    ...SERVE,
    method: 'GET',
    path: FEEDBACK_PATHS.inboxItem,
    input: ZFeedbackIdQuery,
    output: ZOperatorFeedback,
    audience: operatorWith('feedback.read'),
  }),
  feedbackImage: declareCall({
    ...SERVE,
    method: 'GET',
    path: FEEDBACK_PATHS.inboxImage,
    input: ZFeedbackImageQuery,
    output: ZFeedbackImage,
    audience: operatorWith('feedback.read'),
  }),
  replyFeedback: declareCall({
    ...SERVE,
    method: 'POST',
    path: FEEDBACK_PATHS.reply,
    input: ZFeedbackReplyRequest,
    output: ZOperatorFeedback,
    audience: operatorWith('feedback.write'),
  }),
  closeFeedback: declareCall({
    ...SERVE,
    method: 'POST',
    path: FEEDBACK_PATHS.close,
    input: z.object({ id: ZBigId }),
    output: ZOperatorFeedback,
    audience: operatorWith('feedback.write'),
  }),
} as const;
