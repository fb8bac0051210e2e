/*
 * Member feedback's bounds, question types, states and refusal keys (docs/0111). No zod here: the
 * web's feedback page imports this alone (`@wl/schemas/domain/feedback`); the calls file re-exports it.
 */

/** SPEC §3: the question types of the feedback form, in the form's order. */
export const FEEDBACK_TYPES = ['deposit', 'withdraw', 'game', 'service', 'apply', 'other'] as const;
export type TFeedbackType = (typeof FEEDBACK_TYPES)[number];

/** SPEC §5 "feedback content length between two bounds (not shown)": ours, counted after trimming (docs/0111). */
export const FEEDBACK_CONTENT_MIN = 10;
export const FEEDBACK_CONTENT_MAX = 500;
/** An operator's reply, and a member's follow-up on its own feedback. */
export const FEEDBACK_REPLY_MAX = 1000;
/** Images as in a promotion application (SPEC §5 attachments): png or jpg by content, 5 MB each, at most 3. */
export const FEEDBACK_MAX_IMAGES = 3;
/** Feedback a member may have waiting for an answer at once: more is refused until one is answered or closed. */
export const FEEDBACK_MAX_OPEN = 10;

/**
 * open: waits for the operator (new, or the member wrote again); replied: the operator answered last;
 * closed: the operator closed it, final (nobody writes to it again).
 */
export const FEEDBACK_STATES = ['open', 'replied', 'closed'] as const;
export type TFeedbackState = (typeof FEEDBACK_STATES)[number];

/** Message keys of feedback refusals; the web translates them (EN and BN). Image refusals use the promotion application's keys. */
export const FEEDBACK_MESSAGES = {
  contentTooShort: 'feedback_content_too_short',
  contentTooLong: 'feedback_content_too_long',
  replyTooLong: 'feedback_reply_too_long',
  badType: 'feedback_bad_type',
  tooManyOpen: 'feedback_too_many_open',
  closed: 'feedback_closed',
} as const;
