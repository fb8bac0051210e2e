import { publicProcedure } from '../../trpc/init.ts';
import { ZScreenInput } from './config.types.ts';
import { viewerOf } from './viewer.ts';

/**
 * `config.screen`: the ScreenConfig for the caller's audience and language. Its output is validated
 * against ZScreenConfig when the service composes it (once per config version), not per request.
 * A plain GET of it is usually answered before tRPC, from ready bytes (edge/screen-answer.ts).
 */
export const getScreen = publicProcedure.input(ZScreenInput).query(async ({ ctx, input }) => {
  const viewer = await viewerOf(ctx, input.language);
  return ctx.screenConfig.screenConfig(viewer, input.language);
});
