import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TLeaderboards, TMemberMissions } from '@wl/schemas/wps/mission-calls';
import { AppRoutes } from '../app/routes.tsx';
import { badgeCount } from '../layout/menu-entry.tsx';
import { memberFixture } from '../test/fixtures.ts';
import { renderWithApp, type THandlers } from '../test/render.tsx';

/** The first render of a lazy page compiles its chunks: wait for it, not for a fixed time. */
const LAZY = { timeout: 10_000 };

const BOARDS: TLeaderboards = {
  boards: [
    {
      id: 4,
      nameEn: 'Daily turnover',
      nameBn: 'দৈনিক টার্নওভার',
      metric: 'turnover',
      period: 'daily',
      startsAt: '2026-11-30T00:00:00.000Z',
      endsAt: '2026-12-01T00:00:00.000Z',
      prizes: [{ rank: 1, amountMinor: 50_000 }],
      top: [
        { rank: 1, name: 'ra******ul', score: 1_250_000 },
        { rank: 2, name: 'de*******er', score: 30_000 },
      ],
      mine: { rank: 2, score: 30_000 },
    },
  ],
};

/** Missions as the platform keeps them: one complete, paid once; one in progress. */
function desk() {
  let claimed = false;
  const missions = (): TMemberMissions => ({
    missions: [
      {
        id: 7,
        cadence: 'daily',
        nameEn: 'Log in today',
        nameBn: 'আজ লগ ইন করুন',
        points: 10,
        reward: { kind: 'cash', amountMinor: 1_000 },
        endsAt: '2026-12-01T00:00:00.000Z',
        tasks: [{ kind: 'login_days', gameType: null, target: 1, done: 1 }],
        complete: true,
        claimed,
      },
      {
        id: 8,
        cadence: 'weekly',
        nameEn: 'Slots turnover',
        nameBn: 'স্লটে টার্নওভার',
        points: 50,
        reward: { kind: 'bonus', amountMinor: 20_000 },
        endsAt: '2026-12-07T00:00:00.000Z',
        tasks: [{ kind: 'turnover', gameType: 'RNG', target: 500_000, done: 120_000 }],
        complete: false,
        claimed: false,
      },
    ],
    claimable: claimed ? 0 : 1,
  });
  const handlers: THandlers = {
    'member.info': () => memberFixture({ missionCount: claimed ? 0 : 1 }),
    'member.balance': () => ({ balance: 10_000, currencySymbol: '৳' }),
    'missions.list': missions,
    'missions.leaderboards': () => BOARDS,
    'missions.claim': () => {
      claimed = true;
      return { reward: { kind: 'cash', amountMinor: 1_000 }, points: 10, awardId: null, held: false };
    },
  };
  return handlers;
}

describe('the missions page', () => {
  it('shows each task’s progress, claims a completed mission once, and shows the leaderboard with the own rank', async () => {
    sessionStorage.setItem('token', 'tok-member1');
    const { calls } = renderWithApp(<AppRoutes />, { path: '/member/missionLeaderboard', handlers: desk() });
    const items = await screen.findAllByTestId('missions.item', {}, LAZY);
    expect(items.map((i) => i.querySelector('h3')?.textContent?.trim())).toEqual(['Log in today', 'Slots turnover']);
    expect(items[1]!.textContent).toContain('Valid turnover in Slots');
    expect(items[1]!.textContent).toContain('৳1,200.00 / ৳5,000.00');
    const [claim, inProgress] = screen.getAllByTestId('missions.claim') as HTMLButtonElement[];
    expect(inProgress!.disabled).toBe(true);
    fireEvent.click(claim!);
    expect((await screen.findByTestId('missions.claimed')).textContent).toBe('৳10.00 paid to your wallet.');
    expect(calls.filter((c) => c.path === 'missions.claim').map((c) => c.input)).toEqual([{ missionId: 7 }]);
    await waitFor(() => expect(screen.getAllByTestId('missions.claim')).toHaveLength(1));
    const board = screen.getByTestId('leaderboards.board');
    expect(screen.getByTestId('leaderboards.mine').textContent).toBe('Your rank: 2 (৳300.00)');
    expect(board.textContent).toContain('ra******ul');
    expect(board.textContent).toContain('৳500.00');
  });

  it('badges the mission entry with the missions complete and unclaimed', () => {
    const entry = { key: 'missionLeaderboard', badge: 'mission' } as Parameters<typeof badgeCount>[0];
    expect(badgeCount(entry, memberFixture({ missionCount: 3 }))).toBe(3);
    expect(badgeCount(entry, null)).toBe(0);
  });
});
