import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithApp, type TOutputOf } from '../test/render.tsx';
import { TeamProfitPage } from './team-profit-page.tsx';
import { TeamTransactionsPage } from './team-transactions-page.tsx';

const who = { memberId: 7, username: 'down1', nickname: 'Down', level: 1 };
const moves: TOutputOf<'agent.teamTransactions'> = {
  rows: [{ ...who, id: 3, time: '2026-11-01T10:00:00.000Z', type: 'deposit', kind: 'deposit', amountMinor: 5000, balanceAfterMinor: 5000, code: '' }],
  total: 1,
  inMinor: 5000,
  outMinor: 0,
};
const figures = { depositMinor: 5000, withdrawMinor: 0, validBetMinor: 1000, payoutMinor: 400, bonusMinor: 0, profitMinor: -600 };

describe('a team report page (docs/0051)', () => {
  it('shows the rows and totals of its call, and puts its own select into the input from page 1', async () => {
    const { calls } = renderWithApp(<TeamTransactionsPage />, { handlers: { 'agent.teamTransactions': () => moves } });
    expect(await screen.findAllByTestId('agent-tx.row')).toHaveLength(1);
    expect(screen.getByTestId('agent-tx.total-in').textContent).toContain('50');
    const first = calls.find((c) => c.path === 'agent.teamTransactions')!.input as Record<string, unknown>;
    expect(first).toMatchObject({ username: '', level: 0, pageNo: 1 });
    expect(first).not.toHaveProperty('type');

    fireEvent.change(screen.getByTestId('agent-tx.type'), { target: { value: 'bet' } });
    await waitFor(() => expect(calls.filter((c) => c.path === 'agent.teamTransactions')).toHaveLength(2));
    expect(calls.at(-1)!.input).toMatchObject({ type: 'bet', pageNo: 1 });
  });

  it('starts the P&L statement sorted by the biggest loss and marks a loss', async () => {
    const { calls } = renderWithApp(<TeamProfitPage />, {
      handlers: { 'agent.teamProfit': () => ({ ...figures, rows: [{ ...who, ...figures }], total: 1 }) },
    });
    expect((await screen.findByTestId('agent-pnl.row-profit')).className).toBe('is-negative');
    expect(screen.getByTestId('agent-pnl.total-profit').className).toBe('is-negative');
    expect((screen.getByTestId('agent-pnl.sort') as HTMLSelectElement).value).toBe('loss');
    expect(calls.find((c) => c.path === 'agent.teamProfit')!.input).toMatchObject({ sort: 'loss', pageNo: 1 });
  });
});
