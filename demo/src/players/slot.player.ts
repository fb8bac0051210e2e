import { SEAMLESS_MESSAGES } from '@wl/schemas';
import { SLOT_BETS_PER_LINE_MINOR, SLOT_LINES } from '@wl/schemas/games/slot';
import { refusalOf } from '../client.ts';
import type { TPlayer } from './player.ts';

/** Characters of a client seed the player types (CLIENT_SEED_PATTERN allows more; these read well). */
const SEED_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** How often a round is preceded by setting a new client seed (which reveals the old server seed). */
const NEW_SEED_CHANCE = 0.1;

export function randomClientSeed(random: () => number): string {
  const length = 8 + Math.floor(random() * 17);
  return Array.from({ length }, () => SEED_CHARS[Math.floor(random() * SEED_CHARS.length)]).join('');
}

/**
 * A bet per line the balance can pay, small ones far likelier (index ∝ r²): the demo members keep
 * playing for a while, and now and then a big stake puts a big win on the board.
 */
export function pickBetPerLine(balanceMinor: number, random: () => number): number | null {
  const affordable = SLOT_BETS_PER_LINE_MINOR.filter((bet) => bet * SLOT_LINES.length <= balanceMinor);
  if (affordable.length === 0) return null;
  const r = random();
  return affordable[Math.floor(r * r * affordable.length)]!;
}

/** The built-in slot (docs/0039): spins with random bets per line, sometimes with a new client seed. */
export const slotPlayer: TPlayer = {
  engine: 'slot',
  nodeIds: ['WLG_SLOT_BENGAL'],
  async play(ctx, opened) {
    const token = opened.token;
    let balanceMinor = opened.balanceMinor;
    while (ctx.wantsAnotherRound()) {
      const bet = pickBetPerLine(balanceMinor, ctx.random);
      if (bet === null) {
        const topped = await ctx.topUp();
        if (topped === null) return;
        balanceMinor = topped;
        continue;
      }
      if (ctx.random() < NEW_SEED_CHANCE) {
        await ctx.call(() => ctx.game.games.seed.mutate({ token, clientSeed: randomClientSeed(ctx.random) }));
      }
      try {
        const spin = await ctx.call(() => ctx.game.games.spin.mutate({ token, betPerLineMinor: bet }));
        ctx.recordRound(spin.round);
        balanceMinor = spin.balanceMinor;
      } catch (err) {
        // Someone else spent the money meanwhile (the member plays in a browser too): ask again.
        if (refusalOf(err)?.message !== SEAMLESS_MESSAGES.insufficientFunds) throw err;
        balanceMinor = 0;
      }
    }
  },
};
