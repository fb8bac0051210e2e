import { WLG_CRASH_CALLS, ZWlgCrashLive, ZWlgCrashLiveRequest, type TWlgCrashLive } from '@wl/schemas';
import { PublicCache } from '../../cache/public-cache.ts';
import { publicProcedure } from '../../trpc/init.ts';
import { withRateLimit } from '../../trpc/rate-limit.ts';

/** How long one upstream answer of a crash game's live state serves every page (the platform's tick). */
export const CRASH_LIVE_CACHE_MS = 250;

/**
 * One short-lived cache per gateway app (keyed by the app's public cache, so two apps in one process
 * never share answers): every page polling a game within CRASH_LIVE_CACHE_MS shares one upstream call.
 */
const liveCaches = new WeakMap<object, PublicCache>();

/**
 * `games.crashLive`: the crash game's shared round as every page sees it (docs/0042). Public (the
 * same for everyone, no session), polled by the page about once a second, limited per IP.
 */
export const crashLive = publicProcedure
  .input(ZWlgCrashLiveRequest)
  .output(ZWlgCrashLive)
  .mutation(({ ctx, input }) =>
    withRateLimit(ctx, 'gameLive', null, () => {
      let cache = liveCaches.get(ctx.publicCache);
      if (!cache) liveCaches.set(ctx.publicCache, (cache = new PublicCache({ ttlMs: CRASH_LIVE_CACHE_MS, maxEntries: 100 })));
      return cache.get<TWlgCrashLive>(`crash|${input.game}`, () =>
        ctx.api.call(WLG_CRASH_CALLS.crashLive, input, { token: null, language: ctx.language, ip: ctx.ip }),
      );
    }),
  );
