// Without zod: the web's first load imports the category codes alone (`@wl/schemas/domain/game-types`).

/**
 * Category codes of the catalogue (docs/rules/README.md#product, docs/rules/games.md#g-9). MXWIN is not a stored category: it is the home
 * row and menu entry made of RNG vendors 11 to 20 (docs/rules/games.md#g-9 Home details, docs/rules/content.md#c-5).
 */
export const GAME_TYPES = ['LOTT', 'ELOTT', 'LIVE', 'SPORTS', 'ESPORTS', 'FISH', 'RNG', 'PVP', 'COCKFIGHT', 'CRASH'] as const;
