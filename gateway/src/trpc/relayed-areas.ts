import type { TCallSet } from '@wl/schemas';
import { router } from './init.ts';
import { passThrough, type TPassThrough } from './pass-through.ts';

/** The router of one relayed area: every call of its set, relayed as it is. */
type TRelayedRouter<C extends TCallSet> = ReturnType<typeof router<TPassThrough<C>>>;

/** The routers of the areas the gateway relays whole (docs/0090), each under its area's name. */
export type TRelayedRouters<A extends Record<string, TCallSet>> = { [K in keyof A]: TRelayedRouter<A[K]> };

/** One pass-through router per relayed area (`RELAYED_AREAS` in `schemas`), for `appRouter` to merge. */
export function relayedRouters<A extends Record<string, TCallSet>>(areas: A): TRelayedRouters<A> {
  const out: Record<string, unknown> = {};
  for (const [name, calls] of Object.entries(areas)) out[name] = router(passThrough(calls));
  return out as TRelayedRouters<A>;
}
