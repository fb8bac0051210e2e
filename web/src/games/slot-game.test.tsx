import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SLOT_SYMBOLS } from '@wl/schemas/games/slot';
import type { TWlgSlotSpinResponse } from '@wl/schemas';
import { renderWithApp } from '../test/render.tsx';
import { SlotGame } from './slot-game.tsx';

// docs/0088: a spin refused busy (the gateway past its capacity, or the platform's deadline) shows
// the translated "busy, try again", keeps the player's bet, and the next press plays.

const HASH = 'a'.repeat(64);
const row = SLOT_SYMBOLS.slice(0, 5);
const answer = (betPerLineMinor: number): TWlgSlotSpinResponse => ({
  round: {
    roundId: '7',
    stakeMinor: betPerLineMinor * 25,
    payoutMinor: 0,
    state: 'settled',
    serverSeedHash: HASH,
    serverSeed: null,
    clientSeed: 'c',
    nonce: 1,
    outcome: { stops: [0, 0, 0, 0, 0], grid: [row, row, row], lines: [], stakeMinor: betPerLineMinor * 25, winMinor: 0 },
    playedAt: '2026-11-29T12:00:00.000Z',
  },
  balanceMinor: 100_000,
  fair: { serverSeedHash: HASH, clientSeed: 'c', nonce: 2, nextServerSeedHash: HASH },
});

describe('a busy spin', () => {
  it('says busy in words, keeps the bet, and the next press plays', async () => {
    const bets: number[] = [];
    let busy = true;
    renderWithApp(<SlotGame token="t" currencySymbol="৳" onRound={() => {}} />, {
      handlers: {
        'games.spin': (input) => {
          bets.push(input.betPerLineMinor);
          if (busy) throw new Error('error_system_busy');
          return answer(input.betPerLineMinor);
        },
      },
    });
    fireEvent.change(screen.getByTestId('slot.bet'), { target: { value: '200' } });
    fireEvent.click(screen.getByTestId('slot.spin'));
    expect((await screen.findByTestId('slot.error')).textContent).toBe('The system is busy, please try again.');
    expect((screen.getByTestId('slot.bet') as HTMLSelectElement).value).toBe('200');
    await waitFor(() => expect((screen.getByTestId('slot.spin') as HTMLButtonElement).disabled).toBe(false));
    busy = false;
    fireEvent.click(screen.getByTestId('slot.spin'));
    // The round shows (its words come with the games' own strings, which the test's i18n leaves as keys).
    await waitFor(() => expect(screen.getByTestId('slot.result').textContent).toBe('slot_no_win'));
    expect(screen.queryByTestId('slot.error')).toBeNull();
    expect(bets).toEqual([200, 200]);
  });
});
