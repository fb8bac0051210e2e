import { z } from 'zod';
import { MAX_TEXT_LENGTH } from '../constants.ts';
import { GAME_TYPES } from './game-types.ts';

export { GAME_TYPES };
export const ZGameType = z.enum(GAME_TYPES);
export type TGameType = z.infer<typeof ZGameType>;

/** Codes a vendor may carry: upper-case letters, digits and underscores. */
export const ZVassalage = z
  .string()
  .max(32, { abort: true })
  .regex(/^[A-Z0-9_]{2,32}$/, 'invalid vendor code');

/** One game (docs/rules/README.md#fields Game). */
export const ZGame = z.object({
  nodeId: z.string().min(1).max(64),
  displayName: z.string().max(MAX_TEXT_LENGTH),
  gameName: z.string().max(MAX_TEXT_LENGTH),
  gameCode: z.string().max(64),
  iconUrl: z.string().max(500),
  vassalage: ZVassalage,
  vendorName: z.string().max(MAX_TEXT_LENGTH),
  gameType: ZGameType,
  /** A free-trial launch (accountType 0) is offered for this game. */
  hasFreeTrial: z.boolean(),
});
export type TGame = z.infer<typeof ZGame>;

/** isGame 'VASSALAGE' means the card opens a popup game list (docs/rules/content.md#c-8, docs/rules/games.md#g-1 launch rules). */
export const ZCardKind = z.enum(['VASSALAGE', 'GAME']);

/** A vendor card inside a category (docs/rules/games.md#g-8 Vendor category). */
export const ZVendorCard = z.object({
  vassalage: ZVassalage,
  displayName: z.string().max(MAX_TEXT_LENGTH),
  gameCode: z.string().max(64).nullable(),
  isGame: ZCardKind,
  gameType: ZGameType,
  lagerIcon: z.string().max(500),
  logoUrl: z.string().max(500),
});
export type TVendorCard = z.infer<typeof ZVendorCard>;

export const ZGameCategory = z.object({
  gameType: ZGameType,
  title: z.string().max(MAX_TEXT_LENGTH),
  gameClassify: z.string().max(32),
  cards: z.array(ZVendorCard),
});
export type TGameCategory = z.infer<typeof ZGameCategory>;

/** docs/rules/README.md#fields Winner board entry; winAmount in minor units. */
export const ZWinner = z.object({
  vo: z.object({
    customerName: z.string().max(MAX_TEXT_LENGTH),
    winAmount: z.number().int().nonnegative(),
    nodeId: z.string().max(64),
    gameName: z.string().max(MAX_TEXT_LENGTH),
    vassalage: ZVassalage,
    gameType: ZGameType,
  }),
});
export type TWinner = z.infer<typeof ZWinner>;
