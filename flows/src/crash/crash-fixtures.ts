/** Test fixtures of the crash machine tests (not exported from the package). */
import type { TCrashBet, TWlgCrashLive } from '@wl/schemas/wps/wlg-crash';

/** A live answer of round `roundNo` in `phase`: betting ends and the flight starts at 10 000 ms, a crash is at 2.50. */
export function liveAt(phase: 'betting' | 'flying' | 'crashed', roundNo = 7): TWlgCrashLive {
  return {
    serverNow: 10_000,
    gameCode: 'crash',
    round: {
      roundNo,
      phase,
      serverSeedHash: 'h',
      bettingEndsAt: 10_000,
      flightStartsAt: 10_000,
      crashX100: phase === 'crashed' ? 250 : null,
      serverSeed: null,
      crashedAt: null,
      nextRoundAt: phase === 'crashed' ? 13_000 : null,
    },
    bets: [],
    players: 1,
    history: [
      {
        roundNo: roundNo - 1,
        crashX100: 120,
        serverSeed: 's',
        serverSeedHash: 'h',
        chainId: null,
        chainIndex: null,
        chainAnchor: null,
        mix: null,
        mixTickets: null,
      },
    ],
  } as TWlgCrashLive;
}

export const bet = (overrides: Partial<TCrashBet> = {}): TCrashBet => ({
  betId: 'b1',
  roundNo: 7,
  stakeMinor: 1000,
  autoCashOutX100: null,
  cashOutX100: null,
  payoutMinor: null,
  state: 'placed',
  ...overrides,
});
