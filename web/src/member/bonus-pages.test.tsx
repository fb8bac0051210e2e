import { TRPCClientError } from '@trpc/client';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TBonusAwardRow, TBonusList } from '@wl/schemas/wps/bonus-calls';
import type { TWithdrawOverviewResponse, TWithdrawRequest } from '@wl/schemas/wps/withdraw-calls';
import { AppRoutes } from '../app/routes.tsx';
import { memberFixture } from '../test/fixtures.ts';
import { renderWithApp, type THandlers } from '../test/render.tsx';

/** The first render of a lazy page compiles its chunks: wait for it, not for a fixed time. */
const LAZY = { timeout: 10_000 };

const award = (over: Partial<TBonusAwardRow>): TBonusAwardRow => ({
  id: 1,
  source: 'sign_up',
  state: 'active',
  amountMinor: 50_000,
  turnoverDoneMinor: 125_000,
  turnoverRequiredMinor: 500_000,
  weights: { RNG: 100 },
  maxStakeMinor: 2_000,
  claimBy: '2026-11-30T00:00:00Z',
  expiresAt: '2026-12-07T00:00:00Z',
  createdAt: '2026-11-23T00:00:00Z',
  endedAt: null,
  ...over,
});
const member: THandlers = {
  'member.info': () => memberFixture(),
  'member.balance': () => ({ balance: 10_000, currencySymbol: '৳' }),
  'records.bonus': () => ({ rows: [], total: 0, inMinor: 0, outMinor: 0 }),
};

describe('bonusDetails page (docs/0095)', () => {
  it('shows the active bonus with its wagering progress and max stake, and cancels it only after the confirm dialog', async () => {
    sessionStorage.setItem('token', 'tok-member1');
    let list: TBonusList = {
      rows: [award({ id: 2 }), award({ id: 1, source: 'cashback', state: 'converted', endedAt: '2026-11-20T00:00:00Z' })],
      total: 2,
      balanceMinor: 40_000,
    };
    const cancels: unknown[] = [];
    renderWithApp(<AppRoutes />, {
      path: '/member/bonusDetails',
      handlers: {
        ...member,
        'bonus.list': () => list,
        'bonus.cancel': (input) => {
          cancels.push(input);
          list = { ...list, rows: list.rows.map((r) => (r.id === 2 ? { ...r, state: 'cancelled' as const } : r)), balanceMinor: 0 };
          return { awardId: 2, state: 'cancelled', forfeitedMinor: 40_000 };
        },
      },
    });
    expect((await screen.findByTestId('bonus.balance', {}, LAZY)).textContent).toBe('Bonus money: ৳400.00');
    expect(screen.getByTestId('bonus.progress.value').textContent).toBe('৳1,250.00 of ৳5,000.00 wagered');
    expect(screen.getByTestId('bonus.progress').getAttribute('value')).toBe('125000');
    expect(screen.getByTestId('bonus.max-stake').textContent).toBe('Largest bet while it runs: ৳20.00');
    expect(screen.getByTestId('bonus.history.state').textContent).toBe('Converted to cash');
    fireEvent.click(screen.getByTestId('bonus.cancel'));
    expect(screen.getByTestId('bonus.confirm').textContent).toContain('৳400.00');
    fireEvent.click(screen.getByTestId('bonus.confirm.no'));
    expect(cancels).toEqual([]);
    fireEvent.click(screen.getByTestId('bonus.cancel'));
    fireEvent.click(screen.getByTestId('bonus.confirm.yes'));
    expect((await screen.findByTestId('bonus.cancelled')).textContent).toBe('Bonus cancelled: ৳400.00 of bonus money removed.');
    expect(cancels).toMatchObject([{ awardId: 2 }]);
    await waitFor(() => expect(screen.getByTestId('bonus.none')).toBeTruthy());
  });
});

describe('withdraw page with an active bonus (docs/0095)', () => {
  it('shows the forfeit warning as a confirm dialog with the bonus that would be lost, and resends with forfeitBonus', async () => {
    sessionStorage.setItem('token', 'tok-member1');
    const overview: TWithdrawOverviewResponse = {
      minMinor: 10_000,
      maxMinor: 5_000_000,
      dailyCount: 5,
      usedToday: 0,
      confirmMinutes: 60,
      withdrawPasswordSet: true,
      balanceMinor: 500_000,
      currencySymbol: '৳',
      bankAccounts: [{ id: 3, bankName: 'City Bank', maskedNumber: '****7890', holderName: 'Demo Member' }],
      withdrawals: [],
    };
    const sent: TWithdrawRequest[] = [];
    renderWithApp(<AppRoutes />, {
      path: '/member/withdraw',
      handlers: {
        ...member,
        'withdraw.overview': () => overview,
        'withdraw.request': (input) => {
          sent.push(input);
          if (!input.forfeitBonus)
            throw new TRPCClientError('bonus_forfeit_warning', {
              result: {
                error: { message: 'bonus_forfeit_warning', code: -32600, data: { upstream: { code: 409, captchaRequired: false, bonusMinor: 30_000 } } },
              },
            });
          return {
            id: 9,
            reference: 'W9',
            amountMinor: input.amountMinor,
            status: 'pending',
            receivedMinor: null,
            remainingMinor: null,
            remark: '',
            bankName: 'City Bank',
            maskedNumber: '****7890',
            createdAt: '2026-11-25T12:00:00Z',
            paidAt: null,
            confirmDueAt: null,
            answeredAt: null,
            proofIds: [],
          };
        },
      },
    });
    fireEvent.change(await screen.findByTestId('withdraw.amount', {}, LAZY), { target: { value: '1000' } });
    fireEvent.change(screen.getByTestId('withdraw.password'), { target: { value: 'Money5678' } });
    fireEvent.click(screen.getByTestId('withdraw.submit'));
    expect((await screen.findByTestId('withdraw.forfeit')).textContent).toContain('৳300.00 of bonus money will be lost');
    fireEvent.click(screen.getByTestId('withdraw.forfeit.yes'));
    expect((await screen.findByTestId('withdraw.done')).textContent).toContain('W9');
    expect(sent.map((s) => s.forfeitBonus ?? false)).toEqual([false, true]);
    expect(sent[1]!.idempotencyKey).toBe(sent[0]!.idempotencyKey);
  });
});
