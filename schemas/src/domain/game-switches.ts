// Without zod: the console's games panel imports these alone (`@wl/schemas/domain/game-switches`).

/** Which games the console's search lists by their switch (docs/0037). */
export const GAME_SWITCH_STATES = ['all', 'on', 'off'] as const;
export type TGameSwitchState = (typeof GAME_SWITCH_STATES)[number];

/** Games per page of the console's search. */
export const OPERATOR_GAMES_PAGE_SIZE = 20;
