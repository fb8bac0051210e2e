import type { TPlayer } from './player.ts';
import { slotPlayer } from './slot.player.ts';

export type { TPlayContext, TPlayer } from './player.ts';

/**
 * Every built-in game the traffic run can play, by engine. The lottery and the crash game join as
 * one module each (`<engine>.player.ts`) added here.
 */
export const PLAYERS: readonly TPlayer[] = [slotPlayer];
