import type { TGameType } from '@wl/schemas';

/**
 * The catalogue's fixed identities, read by running code (catalogue menus, the console's game
 * switches, the built-in provider's routes) and written by the seed: one home in the kernel, so
 * that no area imports the seed or another area for them (platform/src/README.md).
 */

/** Category titles (EN, BN) in the fixed menu order. */
export const CATEGORY_TITLES: Record<TGameType, [string, string]> = {
  LOTT: ['Lottery', 'লটারি'],
  ELOTT: ['E-Lottery', 'ই-লটারি'],
  LIVE: ['Live Casino', 'লাইভ ক্যাসিনো'],
  SPORTS: ['Sports', 'খেলাধুলা'],
  ESPORTS: ['Esports', 'ই-স্পোর্টস'],
  FISH: ['Fishing', 'মাছ ধরা'],
  RNG: ['Slots', 'স্লট'],
  PVP: ['Card Games', 'তাস খেলা'],
  COCKFIGHT: ['Cockfight', 'মোরগ লড়াই'],
  CRASH: ['Crash', 'ক্র্যাশ'],
};

/** The built-in game provider (docs/0035): it calls the seamless wallet like any provider, with its own secret. */
export const BUILT_IN_PROVIDER = { code: 'WLG', name: 'WL Games' } as const;

/** The built-in provider's games (docs/0039): real bets through the seamless wallet, free play with play money. */
export const BUILT_IN_GAMES = [
  { nodeId: 'WLG_SLOT_BENGAL', engine: 'slot', gameType: 'RNG', nameEn: 'Bengal Fortune', nameBn: 'বাংলার ভাগ্য' },
  // The crash game (docs/0042): listed with the slot under the built-in vendor (a vendor has one category).
  { nodeId: 'WLG_CRASH_KITE', engine: 'crash', gameType: 'RNG', nameEn: 'Kite Flight', nameBn: 'ঘুড়ির উড়ান' },
] as const;
/** The vendor the built-in games are listed under. */
export const BUILT_IN_VENDOR = { vassalage: 'WLG', name: 'Lucky Bazaar Originals', gameType: 'RNG' } as const;

/**
 * The built-in lottery (docs/0041): its own vendor in the LOTT category, coded LOTT, so docs/rules/games.md#g-1 rule 3
 * ("LOTT or ELOTT → /lottery with gameCode", read by vendor code in flows' launch rules) opens it on
 * the lottery route; played on the built-in provider's sessions and wallet.
 */
export const BUILT_IN_LOTTERY = {
  vendor: { vassalage: 'LOTT', name: 'Lucky Bazaar Lotto', gameType: 'LOTT' },
  game: { nodeId: 'WLG_LOTTO_3D', engine: 'lottery', gameType: 'LOTT', nameEn: 'Bazaar 3D Lotto', nameBn: 'বাজার ৩ডি লটো' },
} as const;
