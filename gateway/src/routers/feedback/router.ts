import { FEEDBACK_CALLS } from '@wl/schemas';
import type { TContext } from '../../trpc/context.ts';
import { router } from '../../trpc/init.ts';
import { passThrough } from '../../trpc/pass-through.ts';

/** Each send, and each follow-up, writes a row: limited per IP and per session (docs/0111). */
const perSession = (ctx: TContext) => ({ action: 'feedback' as const, subject: `session:${ctx.token}` });

/**
 * Member feedback (docs/0111): send, the member's own list and threads, a follow-up, a draft image
 * taken back. The images themselves go up through the upload door (`upload/feedback-image.route.ts`).
 */
export const feedbackRouter = router({
  ...passThrough(FEEDBACK_CALLS, { rateLimit: { submit: perSession, followUp: perSession } }),
});
