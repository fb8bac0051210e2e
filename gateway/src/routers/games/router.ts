import { router } from '../../trpc/init.ts';
import { closeMyGames } from './close-mine.ts';
import { crashBet, crashCashOut, crashLive, crashMine } from './crash-game.ts';
import { lotteryBet, lotteryNumero, lotteryState } from './lottery.ts';
import { openGame } from './open-game.ts';
import { closeGame, gameRounds, gameState, rotateSeed, spinSlot } from './play-game.ts';

/** The built-in provider's games (issue 9, docs/0039): open a launch ticket, play, prove, close. */
export const gamesRouter = router({
  open: openGame,
  state: gameState,
  spin: spinSlot,
  seed: rotateSeed,
  rounds: gameRounds,
  close: closeGame,
  closeMine: closeMyGames,
  crashLive,
  crashBet,
  crashCashOut,
  crashMine,
  lotteryState,
  lotteryBet,
  lotteryNumero,
});
