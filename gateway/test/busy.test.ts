import { afterAll, beforeAll, describe, it } from 'vitest';
import { WPS_MESSAGES } from '@wl/schemas';
import { expectTRPCError } from './errors.ts';
import { startGateway, startHarnessPlatform, type THarness } from './harness.ts';

// docs/0078: a platform too busy to take a call answers 503 error_system_busy before any work; the
// gateway hands the browser SERVICE_UNAVAILABLE with that key, which the web translates (EN and BN,
// web/src/i18n/i18n.test.ts lists it among the server keys), never the network error.

let platform: Awaited<ReturnType<typeof startHarnessPlatform>>;
let h: THarness;

beforeAll(async () => {
  // No place at all, no queue: every counted call is refused at once.
  platform = await startHarnessPlatform({ loadLimits: { maxInFlight: 0, maxQueued: 0 } });
  h = await startGateway({ upstreamUrl: platform.url });
}, 60_000);
afterAll(async () => {
  await h?.close();
  await platform?.close();
});

describe('a busy platform through the gateway', () => {
  // A token, so the gateway asks the platform: the platform sheds the call before it reads the session.
  it('is SERVICE_UNAVAILABLE with the busy key, over real HTTP', async () => {
    await expectTRPCError(h.client({ token: 'any-session-token' }).transfer.upline.query(), 'SERVICE_UNAVAILABLE', WPS_MESSAGES.busy);
  });
});
