import type { TLoadLimits } from '@wl/schemas/load-shed';

export type { TLoadLimits };

/** The platform's limits (docs/0078). Generous: no test or journey comes near them; an operator lowers them to the database's pace. */
export const DEFAULT_LOAD_LIMITS: TLoadLimits = { maxInFlight: 256, maxQueued: 1024, queueWaitMs: 2000 };
