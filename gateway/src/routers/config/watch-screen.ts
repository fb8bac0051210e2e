import { on } from 'node:events';
import { tracked } from '@trpc/server';
import type { TScreenConfig } from '@wl/schemas';
import { CONFIG_CHANGED } from '../../composer/screen-config.service.ts';
import { publicProcedure } from '../../trpc/init.ts';
import { toTRPCError } from '../../upstream/upstream.errors.ts';
import { ZScreenWatchInput } from './config.types.ts';
import { viewerOf } from './viewer.ts';

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/**
 * `config.onChange` (SSE): the caller's ScreenConfig now, then again whenever the merchant's
 * configuration changes what this caller sees. Event ids are config versions, so a reconnecting
 * client that already has the current version gets nothing twice.
 */
export const watchScreen = publicProcedure.input(ZScreenWatchInput).subscription(async function* ({ ctx, input, signal }) {
  // Listen before composing, so a change that lands while the first config is built is not lost.
  // Ends when the browser goes away or the gateway shuts down.
  const stop = signal ? AbortSignal.any([signal, ctx.shutdownSignal]) : ctx.shutdownSignal;
  const changes = on(ctx.screenConfig.events, CONFIG_CHANGED, { signal: stop });
  let lastVersion = input.lastEventId ?? null;
  const current = async (): Promise<TScreenConfig> => {
    try {
      // The member's facts (type, VIP, referral) may change too, so the viewer is read each time.
      const viewer = await viewerOf(ctx, input.language);
      // Validated by the service when composed.
      return await ctx.screenConfig.screenConfig(viewer, input.language, ctx.ip);
    } catch (error) {
      throw toTRPCError(error);
    }
  };
  try {
    const first = await current();
    if (first.version !== lastVersion) {
      lastVersion = first.version;
      yield tracked(first.version, first);
    }
    for await (const _change of changes) {
      const next = await current();
      if (next.version === lastVersion) continue;
      lastVersion = next.version;
      yield tracked(next.version, next);
    }
  } catch (error) {
    if (isAbort(error)) return;
    throw error;
  }
});
