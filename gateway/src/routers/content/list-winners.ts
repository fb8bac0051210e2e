import { z } from 'zod';
import { ZWinner } from '@wl/schemas';
import { publicCall } from '../../trpc/context.ts';
import { publicProcedure } from '../../trpc/init.ts';
import { ZLanguageInput } from '../catalogue/catalogue.types.ts';

/** `content.winnerBoard`: the latest big wins, at most 20 (SPEC §9). */
export const listWinners = publicProcedure
  .input(ZLanguageInput)
  .output(z.array(ZWinner))
  .query(async ({ ctx, input }) => (await publicCall(ctx, 'winners', input.language, (call) => ctx.api.winnerBoard(call))).list);
