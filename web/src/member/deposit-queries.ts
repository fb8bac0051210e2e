import type { useTRPC } from '../api/trpc.ts';

type TTrpc = ReturnType<typeof useTRPC>;

/**
 * How long the deposit page's channels and recent orders count as fresh: the member centre asks for
 * them beside the page's chunk and texts on a signed-in load of the page (docs/0092), and the page's
 * first render uses those answers instead of asking again. Any later visit asks again.
 */
const FRESH_MS = 10_000;

/** The deposit channels with their limits. */
export function depositChannelsQuery(trpc: TTrpc) {
  return trpc.deposit.channels.queryOptions(undefined, { staleTime: FRESH_MS });
}

/** The member's ten latest deposits; `refreshMs` while an open order is pending. */
export function recentDepositsQuery(trpc: TTrpc, refreshMs: number | false = false) {
  return trpc.deposit.list.queryOptions({ pageNo: 1, pageSize: 10 }, { staleTime: FRESH_MS, refetchInterval: refreshMs });
}
