import { LOTTERY_MESSAGES, SEAMLESS_MESSAGES, type TLotteryBet } from '@wl/schemas';
import {
  LOTTERY_BET_TYPES,
  LOTTERY_MAX_BETS_PER_DRAW,
  LOTTERY_PICK_DIGITS,
  LOTTERY_SETTLE_GRACE_MS,
  LOTTERY_STAKE_CHIPS_MINOR,
  type TLotteryBetType,
} from '@wl/schemas/games/lottery';
import { refusalOf } from '../client.ts';
import type { TPlayer } from './player.ts';
import { pickSmallish, waitMs } from './wait.ts';

/** A draw closing sooner than this is left for the next one (a bet in flight at the close is refused). */
const CLOSE_MARGIN_MS = 3_000;
/** How often the settled bets are asked for once the draw closed (the settlement is a job). */
const POLL_MS = 2_000;
/** A draw not settled this long after its close means the site's jobs are off: the member stops. */
const SETTLE_PATIENCE_MS = 90_000;

/** A random pick for the bet type: digits for exact3 / last2 / last1, none for big, small, odd, even. */
export function randomPick(betType: TLotteryBetType, random: () => number): string | null {
  const digits = LOTTERY_PICK_DIGITS[betType];
  return digits === 0 ? null : Array.from({ length: digits }, () => String(Math.floor(random() * 10))).join('');
}

/**
 * The built-in lottery (docs/0041): 1–3 bets of random types on the open draw, then the draw's close
 * and settlement awaited (its interval, 180 s by default: the game's clock), each bet counted as a
 * round with its win. A visit may so end up to two rounds past its budget (the last draw's bets).
 */
export const lotteryPlayer: TPlayer = {
  engine: 'lottery',
  nodeIds: ['WLG_LOTTO_3D'],
  async play(ctx, opened) {
    const token = opened.token;
    const state = () => ctx.call(() => ctx.game.games.lotteryState.mutate({ token }));
    let now = await state();
    let balanceMinor = now.balanceMinor;
    while (ctx.wantsAnotherRound()) {
      const draw = now.open;
      const offsetMs = Date.parse(now.serverTime) - Date.now();
      if (!draw || Date.parse(draw.closesAt) - (Date.now() + offsetMs) < CLOSE_MARGIN_MS) {
        // No draw to bet on yet, or too close to its close: wait for the next one.
        await waitMs(draw ? Date.parse(draw.closesAt) - (Date.now() + offsetMs) + 500 : POLL_MS);
        now = await state();
        continue;
      }
      const taken: TLotteryBet[] = [];
      const count = Math.min(1 + Math.floor(ctx.random() * 3), LOTTERY_MAX_BETS_PER_DRAW - now.bets.filter((b) => b.drawId === draw.drawId).length);
      for (let i = 0; i < count; i++) {
        const stakeMinor = pickSmallish(
          LOTTERY_STAKE_CHIPS_MINOR.filter((chip) => chip <= balanceMinor),
          ctx.random,
        );
        if (stakeMinor === null) break;
        const betType = LOTTERY_BET_TYPES[Math.floor(ctx.random() * LOTTERY_BET_TYPES.length)]!;
        try {
          const placed = await ctx.call(() =>
            ctx.game.games.lotteryBet.mutate({ token, drawId: draw.drawId, betType, pick: randomPick(betType, ctx.random), stakeMinor }),
          );
          taken.push(placed.bet);
          balanceMinor = placed.balanceMinor;
        } catch (err) {
          const message = refusalOf(err)?.message;
          // Someone else spent the money meanwhile, or the draw closed under the bet: go on with what was taken.
          if (message === SEAMLESS_MESSAGES.insufficientFunds) balanceMinor = 0;
          else if (message !== LOTTERY_MESSAGES.drawClosed) throw err;
          break;
        }
      }
      if (taken.length === 0) {
        if (balanceMinor < LOTTERY_STAKE_CHIPS_MINOR[0]) {
          const topped = await ctx.topUp();
          if (topped === null) return;
          balanceMinor = topped;
        }
        now = await state();
        continue;
      }
      // The draw closes, is drawn after its grace, and its job pays each bet: wait for that on the game's clock.
      const closesAt = Date.parse(draw.closesAt) - offsetMs;
      await waitMs(closesAt + LOTTERY_SETTLE_GRACE_MS - Date.now());
      const ids = new Set(taken.map((b) => b.betId));
      for (;;) {
        now = await state();
        const mine = now.bets.filter((b) => ids.has(b.betId));
        if (mine.length === ids.size && mine.every((b) => b.state !== 'open' && b.state !== 'placed')) {
          for (const bet of mine) if (bet.state === 'settled') ctx.recordRound({ stakeMinor: bet.stakeMinor, payoutMinor: bet.winMinor ?? 0 });
          balanceMinor = now.balanceMinor;
          break;
        }
        if (Date.now() - closesAt > SETTLE_PATIENCE_MS)
          throw new Error(`draw ${draw.numero} was not settled ${SETTLE_PATIENCE_MS / 1000} s after its close (are the site's jobs off? JOBS=off)`);
        await waitMs(POLL_MS);
      }
    }
  },
};
