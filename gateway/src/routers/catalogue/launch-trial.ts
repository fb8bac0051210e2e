import { publicProcedure } from '../../trpc/init.ts';
import { withRateLimit } from '../../trpc/rate-limit.ts';
import { ZLaunchOutput, ZLaunchTrialInput } from './catalogue.types.ts';
import { launchUrl } from './launch-game.ts';

/**
 * `catalogue.launchTrial`: a free-trial game (accountType 0). docs/rules/games.md#g-5 lets visitors start one, so
 * no session is needed; a session that is sent must be a real member's (the platform refuses trial
 * accounts). Each launch writes a ticket row, so it is limited per IP.
 */
export const launchTrial = publicProcedure
  .input(ZLaunchTrialInput)
  .output(ZLaunchOutput)
  .mutation(({ ctx, input }) => withRateLimit(ctx, 'launchTrial', null, () => launchUrl(ctx, { nodeId: input.nodeId, accountType: 0 })));
