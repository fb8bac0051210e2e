// Without zod: the web's first load imports the category codes alone (`@wl/schemas/domain/game-types`).

/**
 * Category codes of the catalogue (SPEC §1, §2). MXWIN is not a stored category: it is the home
 * row and menu entry made of RNG vendors 11 to 20 (SPEC §2 Home details, §9).
 */
export const GAME_TYPES = [
  'LOTT',
  'ELOTT',
  'LIVE',
  'SPORTS',
  'ESPORTS',
  'FISH',
  'RNG',
  'PVP',
  'COCKFIGHT',
  'CRASH',
] as const;
