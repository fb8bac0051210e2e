import { SEAMLESS_MESSAGES, WLG_CRASH_MESSAGES, type TCrashBet } from '@wl/schemas';
import { CRASH_MIN_TARGET_X100, CRASH_STAKES_MINOR, flightMsOf } from '@wl/schemas/games/crash';
import { refusalOf } from '../client.ts';
import type { TPlayer } from './player.ts';
import { pickSmallish, waitMs } from './wait.ts';

/** How often the live state is asked for when nothing else is awaited (the page polls about once a second). */
const POLL_MS = 1_000;
/** How often a round is cashed out by hand instead of by the auto target. */
const MANUAL_CHANCE = 0.3;
/** A bet not settled this long after its round crashed means nobody settles (no process ticks): stop. */
const SETTLE_PATIENCE_MS = 60_000;

/**
 * A cash-out target in hundredths: mostly cautious (×1.01–×3), sometimes greedy (up to ×20). The
 * return is 99 % whatever the target (docs/0042), so the mix only shapes the board.
 */
export function randomTarget(random: () => number): number {
  const r = random();
  return r < 0.8 ? CRASH_MIN_TARGET_X100 + Math.floor(r * 250) : 300 + Math.floor(random() * 1700);
}

const done = (bet: TCrashBet) => bet.state === 'settled' || bet.state === 'refused' || bet.state === 'rolled_back';

/**
 * The built-in crash game (docs/0042): one bet a round in its betting phase with an auto cash-out
 * target, or (3 in 10) a cash-out by hand once the flight reaches the target; the round's phases are
 * awaited on the server's clock (the live state's `serverNow`), like the page does.
 */
export const crashPlayer: TPlayer = {
  engine: 'crash',
  nodeIds: ['WLG_CRASH_KITE'],
  async play(ctx, opened) {
    const token = opened.token;
    const game = opened.game.nodeId;
    let balanceMinor = opened.balanceMinor;
    while (ctx.wantsAnotherRound()) {
      const live = await ctx.call(() => ctx.game.games.crashLive.mutate({ game }));
      const offsetMs = live.serverNow - Date.now();
      const { round } = live;
      if (round.phase !== 'betting') {
        // In flight: poll until the crash; crashed: the next round opens at its end.
        await waitMs(round.phase === 'crashed' && round.nextRoundAt !== null ? round.nextRoundAt - offsetMs - Date.now() + 100 : POLL_MS);
        continue;
      }
      const stakeMinor = pickSmallish(
        CRASH_STAKES_MINOR.filter((stake) => stake <= balanceMinor),
        ctx.random,
      );
      if (stakeMinor === null) {
        const topped = await ctx.topUp();
        if (topped === null) return;
        balanceMinor = topped;
        continue;
      }
      const target = randomTarget(ctx.random);
      const manual = ctx.random() < MANUAL_CHANCE;
      let bet: TCrashBet;
      try {
        const placed = await ctx.call(() => ctx.game.games.crashBet.mutate({ token, stakeMinor, ...(manual ? {} : { autoCashOutX100: target }) }));
        bet = placed.bet;
        balanceMinor = placed.balanceMinor;
      } catch (err) {
        const message = refusalOf(err)?.message;
        if (message === SEAMLESS_MESSAGES.insufficientFunds) balanceMinor = 0;
        // Betting closed under the bet, or this session already bet on the round: the next round.
        else if (message !== WLG_CRASH_MESSAGES.bettingClosed && message !== WLG_CRASH_MESSAGES.alreadyBet) throw err;
        await waitMs(POLL_MS);
        continue;
      }
      if (manual && bet.state === 'placed') {
        // The flight reaches the target at flightStartsAt + flightMsOf(target) (server time).
        await waitMs(round.flightStartsAt + flightMsOf(target) - offsetMs - Date.now());
        try {
          const cashed = await ctx.call(() => ctx.game.games.crashCashOut.mutate({ token, betId: bet.betId }));
          bet = cashed.bet;
          balanceMinor = cashed.balanceMinor;
        } catch (err) {
          // Crashed first: the bet is lost (the settlement says so).
          if (refusalOf(err)?.message !== WLG_CRASH_MESSAGES.tooLate) throw err;
        }
      }
      // Until the round crashed and the bet is settled (any process's live tick or the sweep settles it).
      let crashedSeenAt: number | null = null;
      for (;;) {
        if (done(bet)) break;
        const now = await ctx.call(() => ctx.game.games.crashLive.mutate({ game }));
        if (now.round.roundNo === round.roundNo && now.round.phase !== 'crashed') {
          await waitMs(POLL_MS);
          continue;
        }
        bet = (await ctx.call(() => ctx.game.games.crashMine.mutate({ token }))).bets.find((b) => b.betId === bet.betId) ?? bet;
        if (done(bet)) break;
        crashedSeenAt ??= Date.now();
        if (Date.now() - crashedSeenAt > SETTLE_PATIENCE_MS)
          throw new Error(`crash bet ${bet.betId} was not settled ${SETTLE_PATIENCE_MS / 1000} s after its round crashed`);
        await waitMs(POLL_MS);
      }
      if (bet.state === 'settled') {
        const payoutMinor = bet.payoutMinor ?? 0;
        // An auto cash-out is paid without an answer to this session: the balance follows the bet.
        if (!manual) balanceMinor += payoutMinor;
        ctx.recordRound({ stakeMinor: bet.stakeMinor, payoutMinor });
      }
    }
  },
};
