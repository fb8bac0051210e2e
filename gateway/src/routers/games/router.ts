import { WLG_CALLS, WLG_CRASH_CALLS, WLG_LOTTERY_CALLS } from '@wl/schemas';
import type { TContext } from '../../trpc/context.ts';
import { router } from '../../trpc/init.ts';
import { passThrough } from '../../trpc/pass-through.ts';
import { closeMyGames } from './close-mine.ts';
import { crashLive } from './crash-game.ts';

/*
 * The calls a built-in game's page plays with carry the game session's token (not the member's: a
 * game session is the provider's, as with any provider). Mutations, so the token travels in a POST
 * body and never in a URL or an access log. Limited per session token and per IP.
 */
const perGameSession = (_ctx: TContext, input: { token: string }) => ({ action: 'gamePlay' as const, subject: input.token });

const { open, state, spin, seed, rounds, close } = WLG_CALLS;
const withoutCloseMine = { open, state, spin, seed, rounds, close };

/** The built-in provider's games (docs/0039): open a launch ticket, play, prove, close. */
export const gamesRouter = router({
  // closeMine (no input) keeps its own procedure: see close-mine.ts.
  ...passThrough(withoutCloseMine, {
    rateLimit: {
      // The ticket is the credential (a visitor's free play has no member session): limited per IP.
      open: () => ({ action: 'gameOpen', subject: null }),
      state: perGameSession,
      spin: perGameSession,
      seed: perGameSession,
      rounds: perGameSession,
      close: perGameSession,
    },
  }),
  closeMine: closeMyGames,
  // The crash game's live state is shared by every page of a game for a tick (crash-game.ts).
  crashLive,
  ...passThrough(
    { crashBet: WLG_CRASH_CALLS.crashBet, crashCashOut: WLG_CRASH_CALLS.crashCashOut, crashMine: WLG_CRASH_CALLS.crashMine },
    { rateLimit: { crashBet: perGameSession, crashCashOut: perGameSession, crashMine: perGameSession } },
  ),
  // The lottery (docs/0041): the page's calls per game session; the opened numero is public, per IP.
  ...passThrough(WLG_LOTTERY_CALLS, {
    rateLimit: { lotteryState: perGameSession, lotteryBet: perGameSession, lotteryNumero: () => ({ action: 'gamePlay', subject: null }) },
  }),
});
