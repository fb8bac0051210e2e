import { PROTECTION_CALLS } from '@wl/schemas';
import { routesOf } from '../http/routes-of.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { confirmReopen, excludeSelf, exclusionStatus, lengthenExclusion, requestReopen } from './exclusion.ts';
import { protectionNow } from './clock-seam.ts';
import { acknowledgeRealityCheck, protectionSession, setRealityCheck } from './reality-check.service.ts';
import { answerPrompt, cancelPending, confirmPending, protectionHistory, protectionStatus, setLimit, type TWho } from './limits.service.ts';

/** The session's own member, now. */
const self = (c: { deps: TPlatformDeps; merchant: { id: number }; actor: { memberId: number } }): TWho => ({
  merchantId: c.merchant.id,
  memberId: c.actor.memberId,
  now: c.deps.clock(),
});

/** The protection area (docs/0102, docs/0104, docs/0105): the member's own limits, pending changes, first-deposit prompt, history, session and reality check, and closure (time-out, self-exclusion, reopening); trial accounts refused (REAL_MEMBER); an operator lengthens a closure (compliance.write). */
export const protectionRoutes = routesOf(PROTECTION_CALLS, {
  limits: (c) => protectionStatus(c.deps.db, c.merchant.id, c.actor.memberId, c.deps.clock()),
  set: (c) => setLimit(c.deps.db, self(c), c.input),
  confirm: (c) => confirmPending(c.deps.db, self(c), c.input.kind),
  cancel: (c) => cancelPending(c.deps.db, self(c), c.input.kind),
  prompt: (c) => answerPrompt(c.deps.db, self(c), c.input.choice),
  history: (c) => protectionHistory(c.deps.db, c.actor.memberId),
  exclusion: (c) => exclusionStatus(c.deps.db, c.merchant.id, c.actor.memberId, c.deps.clock()),
  exclude: (c) => excludeSelf(c.deps.db, self(c), c.input),
  reopenRequest: (c) => requestReopen(c.deps.db, self(c)),
  reopenConfirm: (c) => confirmReopen(c.deps.db, self(c)),
  lengthen: (c) => lengthenExclusion(c.deps.db, c.merchant.id, c.actor, c.input, c.deps.clock()),
  session: (c) => protectionSession(c.deps.db, c.merchant.id, c.actor.memberId, protectionNow(c.deps.clock)),
  realityCheck: (c) => setRealityCheck(c.deps.db, { ...self(c), now: protectionNow(c.deps.clock) }, c.input.intervalMinutes),
  acknowledge: (c) => acknowledgeRealityCheck(c.deps.db, { ...self(c), now: protectionNow(c.deps.clock) }),
});
