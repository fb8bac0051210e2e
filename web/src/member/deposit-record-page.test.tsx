import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TDeposit } from '@wl/schemas';
import { AppRoutes } from '../app/routes.tsx';
import { memberFixture } from '../test/fixtures.ts';
import { renderWithApp } from '../test/render.tsx';

/** The first render of a lazy page compiles its chunks: wait for it, not for a fixed time. */
const LAZY = { timeout: 10_000 };

/** Deposit `id` as deposit.list answers it: ids fall as the list goes back in time. */
const deposit = (id: number): TDeposit => ({
  id,
  reference: `D${String(id).padStart(8, '0')}`,
  channelCode: 'bkash',
  channelName: 'bKash',
  amountMinor: id * 100,
  status: id % 2 === 0 ? 'approved' : 'pending',
  remark: '',
  createdAt: new Date(Date.UTC(2026, 10, 1) + id * 60_000).toISOString(),
  decidedAt: null,
});

describe('deposit record page', () => {
  it("lists the member's deposits as the platform orders them, 24 a page, with amount, channel, status and time", async () => {
    sessionStorage.setItem('token', 'tok-member1');
    const TOTAL = 30;
    const { calls } = renderWithApp(<AppRoutes />, {
      path: '/member/depositRecord',
      handlers: {
        'member.info': () => memberFixture(),
        'member.balance': () => ({ balance: 0, currencySymbol: '৳' }),
        'deposit.list': (input) => {
          const { pageNo, pageSize } = input as { pageNo: number; pageSize: number };
          const first = TOTAL - (pageNo - 1) * pageSize;
          return { deposits: Array.from({ length: Math.min(pageSize, first) }, (_, i) => deposit(first - i)), total: TOTAL };
        },
      },
    });
    await waitFor(() => expect(screen.getAllByTestId('deposit-record.item')).toHaveLength(24), LAZY);
    const rows = screen.getAllByTestId('deposit-record.item');
    expect(rows[0]!.getAttribute('data-reference')).toBe('D00000030');
    expect(rows[0]!.textContent).toContain('৳30.00');
    expect(rows[0]!.textContent).toContain('bKash');
    expect(rows[0]!.querySelector('time')?.getAttribute('dateTime')).toBe(deposit(30).createdAt);
    expect(screen.getAllByTestId('deposit-record.status')[1]!.textContent).toBe('Pending');
    fireEvent.click(screen.getByTestId('deposit-record.next'));
    await waitFor(() => expect(screen.getAllByTestId('deposit-record.item')).toHaveLength(6));
    expect(calls.filter((c) => c.path === 'deposit.list').map((c) => c.input)).toEqual([
      { pageNo: 1, pageSize: 24 },
      { pageNo: 2, pageSize: 24 },
    ]);
  });

  it('says so when the member has no deposits', async () => {
    sessionStorage.setItem('token', 'tok-member1');
    renderWithApp(<AppRoutes />, {
      path: '/member/depositRecord',
      handlers: {
        'member.info': () => memberFixture(),
        'member.balance': () => ({ balance: 0, currencySymbol: '৳' }),
        'deposit.list': () => ({ deposits: [], total: 0 }),
      },
    });
    expect((await screen.findByTestId('deposit-record.empty', {}, LAZY)).textContent).toBe('No deposits yet');
  });
});
