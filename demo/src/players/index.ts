import { crashPlayer } from './crash.player.ts';
import { lotteryPlayer } from './lottery.player.ts';
import type { TPlayer } from './player.ts';
import { slotPlayer } from './slot.player.ts';

export type { TPlayContext, TPlayer } from './player.ts';

/** Every built-in game the traffic run can play, by engine: one module each (`<engine>.player.ts`). */
export const PLAYERS: readonly TPlayer[] = [slotPlayer, lotteryPlayer, crashPlayer];
