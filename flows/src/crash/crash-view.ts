import { asciiDigits } from '@wl/schemas/domain/digits';
import { CRASH_MAX_X100, CRASH_MIN_TARGET_X100, crashPayoutMinor, multiplierX100At } from '@wl/schemas/games/crash';
import type { TCrashBet, TWlgCrashLive } from '@wl/schemas/wps/wlg-crash';

/** A target typed as "2" or "2.5" or "2.50": x100, or null when empty; NaN when not a multiplier. */
export function targetOf(text: string): number | null {
  // Bengali digits typed on a Bengali keyboard read as ASCII (docs/0056).
  const trimmed = asciiDigits(text.trim()).replace(/^×/, '');
  if (trimmed === '') return null;
  if (!/^\d{1,4}(\.\d{1,2})?$/.test(trimmed)) return Number.NaN;
  const x100 = Math.round(Number(trimmed) * 100);
  return x100 >= CRASH_MIN_TARGET_X100 && x100 <= CRASH_MAX_X100 ? x100 : Number.NaN;
}

export type TCrashRound = TWlgCrashLive['round'];

/** What the page shows at one instant of the server's clock, and what a tap may do then. */
export type TCrashView = {
  /** The round as it stands now: the flight starts at bettingEndsAt without waiting for the next poll. */
  round: TCrashRound;
  /** The multiplier now: 1.00 while betting, rising in flight, the crash point after. */
  x100: number;
  /** The page's bet is in this round. */
  myRound: boolean;
  canBet: boolean;
  canCashOut: boolean;
};

/** The view of the live round at `now` (server clock) for the page's own bet (docs/0042). */
export function crashViewAt(live: TWlgCrashLive, mine: TCrashBet | null, now: number): TCrashView {
  const round = live.round.phase === 'betting' && now >= live.round.bettingEndsAt ? { ...live.round, phase: 'flying' as const } : live.round;
  const x100 = round.phase === 'crashed' ? round.crashX100! : round.phase === 'flying' ? multiplierX100At(now - round.flightStartsAt) : 100;
  const myRound = mine !== null && mine.roundNo === round.roundNo;
  const riding = myRound && mine.cashOutX100 === null && mine.state === 'placed';
  // An auto cash-out already passed in flight has happened on the server: no manual one.
  const autoPassed = mine?.autoCashOutX100 != null && mine.autoCashOutX100 <= x100;
  return { round, x100, myRound, canBet: round.phase === 'betting' && !myRound, canCashOut: round.phase === 'flying' && riding && !autoPassed };
}

/** What became of the page's bet at `now`: won (with the multiplier and payout), lost, or still open. */
export type TCrashOutcome = { outcome: 'won'; x100: number; payoutMinor: number } | { outcome: 'lost' } | { outcome: 'open'; waiting: boolean };

/** The page's bet read against the live round (its own round, or the history once it has moved on). */
export function crashOutcomeAt(bet: TCrashBet, live: TWlgCrashLive, now: number): TCrashOutcome {
  if (bet.cashOutX100 !== null) return { outcome: 'won', x100: bet.cashOutX100, payoutMinor: bet.payoutMinor ?? 0 };
  const round = crashViewAt(live, bet, now).round;
  const sameRound = round.roundNo === bet.roundNo;
  if (sameRound && round.phase === 'betting') return { outcome: 'open', waiting: true };
  const flying = sameRound && round.phase === 'flying';
  // In flight the auto cash-out has happened once the multiplier passed it; after the crash, if the crash point reached it.
  const reached = flying
    ? multiplierX100At(now - round.flightStartsAt)
    : sameRound
      ? round.crashX100
      : (live.history.find((h) => h.roundNo === bet.roundNo)?.crashX100 ?? null);
  const auto = bet.autoCashOutX100;
  if (auto !== null && reached !== null && auto <= reached) return { outcome: 'won', x100: auto, payoutMinor: crashPayoutMinor(bet.stakeMinor, auto) };
  return flying ? { outcome: 'open', waiting: false } : { outcome: 'lost' };
}
