import { PROTECTION_CALLS } from '@wl/schemas';
import { routesOf } from '../http/routes-of.ts';
import { answerPrompt, cancelPending, confirmPending, protectionHistory, protectionStatus, setLimit } from './limits.service.ts';

/** The protection area (docs/0102): the member's own limits, pending changes, first-deposit prompt and history; trial accounts refused (REAL_MEMBER). */
export const protectionRoutes = routesOf(PROTECTION_CALLS, {
  limits: (c) => protectionStatus(c.deps.db, c.merchant.id, c.actor.memberId, c.deps.clock()),
  set: (c) => setLimit(c.deps.db, { merchantId: c.merchant.id, memberId: c.actor.memberId, now: c.deps.clock() }, c.input),
  confirm: (c) => confirmPending(c.deps.db, { merchantId: c.merchant.id, memberId: c.actor.memberId, now: c.deps.clock() }, c.input.kind),
  cancel: (c) => cancelPending(c.deps.db, { merchantId: c.merchant.id, memberId: c.actor.memberId, now: c.deps.clock() }, c.input.kind),
  prompt: (c) => answerPrompt(c.deps.db, { merchantId: c.merchant.id, memberId: c.actor.memberId, now: c.deps.clock() }, c.input.choice),
  history: (c) => protectionHistory(c.deps.db, c.actor.memberId),
});
