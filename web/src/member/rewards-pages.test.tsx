import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TRebateSummary, TVipStatus } from '@wl/schemas/wps/reward-calls';
import { AppRoutes } from '../app/routes.tsx';
import { memberFixture } from '../test/fixtures.ts';
import { renderWithApp, type THandlers } from '../test/render.tsx';

/** The first render of a lazy page compiles its chunks: wait for it, not for a fixed time. */
const LAZY = { timeout: 10_000 };

const level = (n: number, name: string, deposit: number, turnover: number) => ({
  level: n,
  name,
  minDepositMinor: deposit,
  minTurnoverMinor: turnover,
  upgradeBonusMinor: n * 100_00,
  withdrawLimitMinor: 100_000_00,
  withdrawCount: 5 + n,
  rates: [{ gameType: 'RNG' as const, rateBp: 50 + 10 * n }],
});

const VIP: TVipStatus = {
  level: 1,
  depositMinor: 2_500_00,
  turnoverMinor: 10_000_00,
  periodDays: 30,
  levels: [level(0, 'Member', 0, 0), level(1, 'VIP 1', 1_000_00, 5_000_00), level(2, 'VIP 2', 5_000_00, 25_000_00)],
};

/** The rebate as the platform keeps it: a claim pays everything and leaves nothing claimable. */
function rebateDesk() {
  let summary: TRebateSummary = {
    payout: 'manual',
    lines: [
      { gameType: 'RNG', validBetMinor: 25_000, rateBp: 80, amountMinor: 200 },
      { gameType: 'CRASH', validBetMinor: 3_333, rateBp: 80, amountMinor: 26 },
    ],
    totalMinor: 226,
  };
  const handlers: THandlers = {
    'member.info': () => memberFixture(),
    'member.balance': () => ({ balance: 10_000, currencySymbol: '৳' }),
    'rewards.rebates': () => summary,
    'rewards.claimRebate': () => {
      const paid = summary.totalMinor;
      summary = { ...summary, lines: [], totalMinor: 0 };
      return { claimId: 7, amountMinor: paid, mainMinor: 10_226 };
    },
  };
  return { handlers };
}

describe('VIP page', () => {
  it('sends the upgrade before it reads, then shows the level, progress towards the next and every level’s benefits', async () => {
    sessionStorage.setItem('token', 'tok-member1');
    const { calls } = renderWithApp(<AppRoutes />, {
      path: '/member/vip',
      handlers: {
        'member.info': () => memberFixture(),
        'member.balance': () => ({ balance: 0, currencySymbol: '৳' }),
        'rewards.vip': () => VIP,
        'rewards.upgrade': () => ({ level: 1 }),
      },
    });
    expect((await screen.findByTestId('vip.current', {}, LAZY)).textContent).toBe('Your level: VIP 1');
    expect(screen.getByTestId('vip.next').textContent).toBe('Next level: VIP 2');
    expect(screen.getByTestId('vip.progress.deposit').textContent).toContain('৳2,500.00 of ৳5,000.00');
    expect(screen.getByTestId('vip.progress.turnover').textContent).toContain('৳10,000.00 of ৳25,000.00');
    const levels = screen.getAllByTestId('vip.level');
    expect(levels).toHaveLength(3);
    expect(levels[1]!.classList.contains('is-current')).toBe(true);
    expect(within(levels[2]!).getByText('৳200.00')).toBeTruthy();
    expect(levels[2]!.textContent).toContain('up to 0.70%');
    expect(levels[2]!.textContent).toContain('7 times');
    const order = calls.map((c) => c.path).filter((p) => p === 'rewards.upgrade' || p === 'rewards.vip');
    expect(order[0]).toBe('rewards.upgrade');
    expect(order).toContain('rewards.vip');
  });

  it('asks again for what carries level names (the VIP page, member info) when the language changes', async () => {
    sessionStorage.setItem('token', 'tok-member1');
    const { calls, i18n } = renderWithApp(<AppRoutes />, {
      path: '/member/vip',
      handlers: {
        'member.info': () => memberFixture(),
        'member.balance': () => ({ balance: 0, currencySymbol: '৳' }),
        'rewards.vip': () => VIP,
        'rewards.upgrade': () => ({ level: 1 }),
      },
    });
    await screen.findByTestId('vip.current', {}, LAZY);
    await screen.findByTestId('header.vip', {}, LAZY);
    const asked = (path: string) => calls.filter((c) => c.path === path).length;
    const before = { info: asked('member.info'), vip: asked('rewards.vip') };
    await act(() => i18n.changeLanguage('bn'));
    await waitFor(() => expect({ info: asked('member.info') > before.info, vip: asked('rewards.vip') > before.vip }).toEqual({ info: true, vip: true }));
  });
});

describe('rebate page (manualRebate) and the header prompt', () => {
  it('lists the rebate by game type; claiming pays it once and the header prompt goes', async () => {
    sessionStorage.setItem('token', 'tok-member1');
    const desk = rebateDesk();
    const { calls } = renderWithApp(<AppRoutes />, { path: '/member/manualRebate', handlers: desk.handlers });
    const lines = await screen.findAllByTestId('rebate.line', {}, LAZY);
    expect(lines.map((l) => l.getAttribute('data-game-type'))).toEqual(['RNG', 'CRASH']);
    expect(within(lines[0]!).getByTestId('rebate.line.amount').textContent).toBe('৳2.00');
    expect(lines[0]!.textContent).toContain('0.80%');
    expect((await screen.findByTestId('header.rebate', {}, LAZY)).textContent).toContain('৳2.26');
    fireEvent.click(screen.getByTestId('rebate.claim'));
    expect((await screen.findByTestId('rebate.done')).textContent).toBe('৳2.26 added to your balance.');
    await waitFor(() => expect(screen.queryByTestId('header.rebate')).toBeNull());
    expect(screen.getByTestId('rebate.none')).toBeTruthy();
    expect(screen.queryByTestId('rebate.claim')).toBeNull();
    const claims = calls.filter((c) => c.path === 'rewards.claimRebate').map((c) => c.input as { key: string });
    expect(claims).toHaveLength(1);
    expect(claims[0]!.key).toMatch(/^rebate-[0-9a-f-]{36}$/);
  });

  it('shows no header prompt when nothing is claimable', async () => {
    sessionStorage.setItem('token', 'tok-member1');
    const handlers: THandlers = {
      'member.info': () => memberFixture(),
      'member.balance': () => ({ balance: 0, currencySymbol: '৳' }),
      'rewards.rebates': () => ({ payout: 'manual', lines: [], totalMinor: 0 }),
    };
    const { calls } = renderWithApp(<AppRoutes />, { path: '/member/manualRebate', handlers });
    expect(await screen.findByTestId('rebate.none', {}, LAZY)).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path === 'rewards.rebates')).toBe(true));
    expect(screen.queryByTestId('header.rebate')).toBeNull();
  });
});
