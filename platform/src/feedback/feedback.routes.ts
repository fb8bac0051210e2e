import { APPLY_IMAGE_MAX_BYTES, FEEDBACK_CALLS, FEEDBACK_IMAGE_UPLOAD_CALLS, OPERATOR_FEEDBACK_CALLS } from '@wl/schemas';
import { routesOf } from '../http/routes-of.ts';
import {
  closeFeedback,
  feedbackImage,
  feedbackInbox,
  followUpFeedback,
  memberFeedbackItem,
  memberFeedbackList,
  operatorFeedbackItem,
  removeFeedbackImage,
  replyFeedback,
  submitFeedback,
  uploadFeedbackImage,
} from './feedback.service.ts';

/** An image travels as base64 in JSON: 4/3 of 5 MB plus the envelope; anything bigger is refused before parsing (413). */
const IMAGE_BODY_LIMIT_BYTES = Math.ceil(APPLY_IMAGE_MAX_BYTES / 3) * 4 + 1024;

/** The session's own member's feedback (docs/0111); trial accounts are refused (REAL_MEMBER). */
export const feedbackRoutes = routesOf(FEEDBACK_CALLS, {
  submit: (c) => submitFeedback(c.deps, c.merchant, c.actor, c.input, c.ip),
  list: (c) => memberFeedbackList(c.deps.db, c.merchant.id, c.actor.memberId, c.input),
  item: (c) => memberFeedbackItem(c.deps.db, c.merchant.id, c.actor.memberId, c.input.id),
  followUp: (c) => followUpFeedback(c.deps, c.merchant, c.actor, c.input, c.ip),
  removeImage: (c) => removeFeedbackImage(c.deps, c.actor, c.input.imageId),
});

/** One image of a feedback, relayed by the gateway's upload door; the body limit is raised for this call alone. */
export const feedbackImageUploadRoutes = routesOf(FEEDBACK_IMAGE_UPLOAD_CALLS, {
  uploadImage: { handle: (c) => uploadFeedbackImage(c.deps, c.merchant, c.actor, c.input.base64), bodyLimit: IMAGE_BODY_LIMIT_BYTES },
});

/** The console's feedback inbox (feedback.read to read, feedback.write to reply and close); every action audited. */
export const operatorFeedbackRoutes = routesOf(OPERATOR_FEEDBACK_CALLS, {
  feedbackInbox: (c) => feedbackInbox(c.deps.db, c.merchant.id, c.input),
  feedbackItem: (c) => operatorFeedbackItem(c.deps, c.merchant, c.actor, c.ip, c.input.id),
  feedbackImage: (c) => feedbackImage(c.deps.db, c.merchant.id, c.input.imageId),
  replyFeedback: (c) => replyFeedback(c.deps, c.merchant, c.actor, c.ip, c.input),
  closeFeedback: (c) => closeFeedback(c.deps, c.merchant, c.actor, c.ip, c.input.id),
});
