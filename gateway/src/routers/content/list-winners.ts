import { z } from 'zod';
import { CATALOGUE_CALLS, WINNER_BOARD_LIMIT, ZWinner } from '@wl/schemas';
import { publicCall } from '../../trpc/context.ts';
import { publicProcedure } from '../../trpc/init.ts';
import { ZLanguageInput } from '../catalogue/catalogue.types.ts';

/** `content.winnerBoard`: the latest big wins, at most 20 (docs/rules/content.md#c-9). */
export const listWinners = publicProcedure
  .input(ZLanguageInput)
  .output(z.array(ZWinner))
  .query(async ({ ctx, input }) => {
    const board = await publicCall(ctx, 'winners', input.language, (call) =>
      ctx.api.call(CATALOGUE_CALLS.winnerBoard, { gameCategory: 'ALL', language: call.language, limitNum: WINNER_BOARD_LIMIT }, call),
    );
    return board.list;
  });
