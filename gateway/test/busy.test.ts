import { describe, it } from 'vitest';
import { WPS_MESSAGES } from '@wl/schemas';
import { expectTRPCError } from './errors.ts';
import { useGateway, type THarness } from './harness.ts';

// docs/0078: a platform too busy to take a call answers 503 error_system_busy before any work; the
// gateway hands the browser SERVICE_UNAVAILABLE with that key, which the web translates (EN and BN,
// web/src/i18n/i18n.test.ts lists it among the server keys), never the network error.

let h: THarness;
// No place at all, no queue: every counted call is refused at once.
useGateway(
  (started) => {
    h = started;
  },
  { platform: { loadLimits: { maxInFlight: 0, maxQueued: 0 } } },
);

describe('a busy platform through the gateway', () => {
  // A token, so the gateway asks the platform: the platform sheds the call before it reads the session.
  it('is SERVICE_UNAVAILABLE with the busy key, over real HTTP', async () => {
    await expectTRPCError(h.client({ token: 'any-session-token' }).transfer.upline.query(), 'SERVICE_UNAVAILABLE', WPS_MESSAGES.busy);
  });
});
