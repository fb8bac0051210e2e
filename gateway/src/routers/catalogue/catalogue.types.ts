import { z } from 'zod';
import { FAVOURITES_PAGE_SIZE, MAX_TEXT_LENGTH, ZGameType, ZLanguage, ZLotteryLaunchQuery, ZVassalage, zText } from '@wl/schemas';

const ZPageNo = z.number().int().min(1).max(100_000);

/** `catalogue.games` input: filters of the game list relay a browser may choose (docs/rules/README.md#calls). */
export const ZGamesInput = z.object({
  gameType: ZGameType.optional(),
  vassalage: ZVassalage.optional(),
  /** Substring of the game name (UPSTREAM-NOTES). */
  gameName: zText({ max: MAX_TEXT_LENGTH }).optional(),
  pageNo: ZPageNo,
  pageSize: z.number().int().min(1).max(100),
  language: ZLanguage,
});

/** `catalogue.favourites` input (docs/rules/games.md#g-10: favourites page size up to 999). */
export const ZFavouritesInput = z.object({
  pageNo: ZPageNo,
  pageSize: z.number().int().min(1).max(FAVOURITES_PAGE_SIZE),
  gameType: ZGameType.optional(),
});

/** `catalogue.launch` input: accountType 0 (free play) when freeTrial. */
export const ZLaunchInput = z
  .object({
    nodeId: zText({ max: 64, min: 1 }).optional(),
    /** A vendor card of one game names it by code (docs/rules/games.md#g-8 card fields). */
    gameCode: zText({ max: 64, min: 1 }).optional(),
    freeTrial: z.boolean(),
  })
  .refine((q) => (q.nodeId === undefined) !== (q.gameCode === undefined), { message: 'give nodeId or gameCode', path: ['nodeId'] });
export const ZLaunchOutput = z.object({ url: z.string().max(1000) });

/** `catalogue.launchTrial` input: a free-trial game, for visitors too (docs/rules/games.md#g-5). */
export const ZLaunchTrialInput = z.object({ nodeId: zText({ max: 64, min: 1 }) });

/** `catalogue.launchLottery` input: docs/rules/games.md#g-3 lottery launch fields (the language is the session's). */
export const ZLotteryLaunchInput = ZLotteryLaunchQuery.omit({ launchMode: true, language: true });

export const ZLanguageInput = z.object({ language: ZLanguage });

/** Answer of mutations that only succeed or fail. */
export const ZDone = z.object({ ok: z.literal(true) });
