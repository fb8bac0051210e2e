import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TTicket, TTicketList } from '@wl/schemas';
import { serverSeedHash } from '@wl/schemas/games/fair';
import { prizeIndexOf, ticketRoll } from '@wl/schemas/games/ticket';
import { memberFixture } from '../test/fixtures.ts';
import { renderWithApp } from '../test/render.tsx';
import { RewardTicketsCard } from './reward-tickets.tsx';

/**
 * The reward centre's tickets (docs/0120): a ticket shows its commitment and the published odds;
 * opening it sends a fresh client seed and shows the prize; the browser's check passes for an
 * honest draw and fails for one whose roll does not follow from the revealed seed.
 */

const SEED = 'a'.repeat(64);
const PRIZES = [
  { id: 11, kind: 'cash' as const, amount: 200, turnoverMultiple: null, oddsBp: 6_000, fallback: true, outOfStock: false },
  { id: 12, kind: 'points' as const, amount: 50, turnoverMultiple: null, oddsBp: 4_000, fallback: false, outOfStock: false },
];

async function fixture(): Promise<{ list: TTicketList; drawnWith: (clientSeed: string, cheat: boolean) => Promise<TTicket> }> {
  const hash = await serverSeedHash(SEED);
  const ticket = (id: number): TTicket => ({
    id,
    ruleId: 1,
    kind: 'red_envelope',
    title: 'Daily red envelope',
    earnedAt: '2026-11-30T10:00:00.000Z',
    expiresAt: '2026-12-01T10:00:00.000Z',
    serverSeedHash: hash,
    drawn: null,
  });
  const list: TTicketList = {
    tickets: [ticket(1), ticket(2)],
    rules: [{ id: 1, kind: 'red_envelope', earn: 'login_day', thresholdMinor: 0, validHours: 24, title: 'Daily red envelope', prizes: PRIZES }],
  };
  const drawnWith = async (clientSeed: string, cheat: boolean): Promise<TTicket> => {
    const roll = await ticketRoll(SEED, clientSeed);
    const prize = PRIZES[prizeIndexOf(roll, [6_000, 4_000])]!;
    return {
      ...ticket(cheat ? 2 : 1),
      drawn: { drawnAt: '2026-11-30T11:00:00.000Z', clientSeed, serverSeed: SEED, roll: cheat ? (roll + 5_000) % 10_000 : roll, drawnPrizeId: prize.id, prize },
    };
  };
  return { list, drawnWith };
}

describe('reward tickets card', () => {
  it('shows the commitment, the odds and the raffles (claimable only when eligible), opens a ticket with a fresh seed, and verifies an honest draw but not a false one', async () => {
    sessionStorage.setItem('token', 'tok-member1');
    const { list, drawnWith } = await fixture();
    const { calls } = renderWithApp(<RewardTicketsCard />, {
      handlers: {
        'member.info': () => memberFixture(),
        'member.balance': () => ({ balance: 0, currencySymbol: '৳' }),
        'tickets.tickets': () => list,
        'tickets.raffles': () => ({
          rows: [
            { id: 5, title: 'Weekend raffle', endsAt: '2026-12-01T10:00:00.000Z', minDepositMinor: 50_000, depositedMinor: 50_000, ticketId: null },
            { id: 6, title: 'Big raffle', endsAt: '2026-12-01T10:00:00.000Z', minDepositMinor: 100_000, depositedMinor: 50_000, ticketId: null },
          ],
        }),
        'tickets.claimRaffle': () => list.tickets[0]!,
        'tickets.draw': (input) => {
          const { ticketId, clientSeed } = input as { ticketId: number; clientSeed: string };
          return drawnWith(clientSeed, ticketId === 2);
        },
      },
    });
    const rows = await screen.findAllByTestId('tickets.ticket');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('tickets.commitment').textContent).toBe(list.tickets[0]!.serverSeedHash);
    const raffles = await screen.findAllByTestId('raffles.raffle');
    expect(raffles.map((r) => (within(r).getByTestId('raffles.claim') as HTMLButtonElement).disabled)).toEqual([false, true]);
    fireEvent.click(within(raffles[0]!).getByTestId('raffles.claim'));
    await waitFor(() => expect(calls.filter((c) => c.path === 'tickets.claimRaffle').map((c) => c.input)).toEqual([{ raffleId: 5 }]));
    const odds = screen.getByTestId('tickets.odds');
    expect(odds.textContent).toContain('60.00%');
    expect(odds.textContent).toContain('40.00%');

    fireEvent.click(within(rows[0]!).getByTestId('tickets.open'));
    await within(rows[0]!).findByTestId('tickets.prize');
    const sent = calls.filter((c) => c.path === 'tickets.draw').map((c) => c.input as { clientSeed: string });
    expect(sent[0]!.clientSeed).toMatch(/^[0-9a-f]{16}$/);
    fireEvent.click(within(rows[0]!).getByTestId('tickets.verify'));
    await waitFor(() => expect(within(rows[0]!).getByTestId('tickets.verified').dataset.ok).toBe('true'));

    fireEvent.click(within(rows[1]!).getByTestId('tickets.open'));
    fireEvent.click(await within(rows[1]!).findByTestId('tickets.verify'));
    await waitFor(() => expect(within(rows[1]!).getByTestId('tickets.verified').dataset.ok).toBe('false'));
    expect(calls.filter((c) => c.path === 'tickets.draw').map((c) => (c.input as { clientSeed: string }).clientSeed)[1]).not.toBe(sent[0]!.clientSeed);
  });
});
