import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TPointsConfig } from '@wl/schemas/wps/points-calls';
import { AppRoutes } from '../app/routes.tsx';
import { memberFixture } from '../test/fixtures.ts';
import { renderWithApp, type THandlers } from '../test/render.tsx';

/** The first render of a lazy page compiles its chunks: wait for it, not for a fixed time. */
const LAZY = { timeout: 10_000 };

const CONFIG: TPointsConfig = {
  rates: [
    { source: 'live', pointsPer100: 50 },
    { source: 'lott', pointsPer100: 50 },
    { source: 'pvp', pointsPer100: 50 },
    { source: 'rng', pointsPer100: 100 },
    { source: 'sports', pointsPer100: 50 },
    { source: 'deposit', pointsPer100: 10 },
  ],
  exchangePoints: 100,
  exchangeMinor: 100,
  minConvertPoints: 100,
  goods: [{ id: 3, name: 'Mobile recharge ৳50', description: 'A ৳50 top-up.', points: 2_000, stock: 40 }],
};

/** The mall as the platform keeps it: the earn step credits 500 points once, a redeem takes 2,000. */
function mallDesk() {
  let balance = 2_000;
  const handlers: THandlers = {
    'member.info': () => memberFixture(),
    'member.balance': () => ({ balance: 10_000, currencySymbol: '৳' }),
    'points.reward': () => {
      balance += 500;
      return { credited: 500, balance };
    },
    'points.balance': () => ({ balance, exchangePoints: 100, exchangeMinor: 100, minConvertPoints: 100 }),
    'points.config': () => CONFIG,
    'points.redeem': (input) => {
      balance -= 2_000 * input.quantity;
      const at = '2026-11-30T10:00:00.000Z';
      return {
        balance,
        order: {
          id: 9,
          reference: 'PM00000009',
          goodsId: 3,
          name: 'Mobile recharge ৳50',
          quantity: input.quantity,
          points: 2_000,
          address: input.address,
          mobile: input.mobile,
          status: 'pending',
          createdAt: at,
          updatedAt: at,
        },
      };
    },
  };
  return handlers;
}

describe('the points mall', () => {
  it('credits what was earned before it reads, then shows the points, the goods and the conversion', async () => {
    sessionStorage.setItem('token', 'tok-member1');
    const { calls } = renderWithApp(<AppRoutes />, { path: '/pointMall', handlers: mallDesk() });
    expect((await screen.findByTestId('points.balance', {}, LAZY)).textContent).toBe('Your points: 2,500');
    const order = calls.map((c) => c.path).filter((p) => p === 'points.reward' || p === 'points.balance');
    expect(order[0]).toBe('points.reward');
    expect((await screen.findByTestId('points.goods.item')).textContent).toContain('2,000 points');
    expect(screen.getByTestId('points.convert').textContent).toContain('100 points = ৳1.00');
  });

  it('redeems a good with the address, the mobile and the withdraw password, and refuses a bad mobile before sending', async () => {
    sessionStorage.setItem('token', 'tok-member1');
    const { calls } = renderWithApp(<AppRoutes />, { path: '/pointMall/goods/3', handlers: mallDesk() });
    const form = await screen.findByTestId('points.redeem', {}, LAZY);
    fireEvent.change(screen.getByTestId('points.redeem.address'), { target: { value: 'House 12, Road 4, Dhaka' } });
    fireEvent.change(screen.getByTestId('points.redeem.mobile'), { target: { value: '01712x' } });
    fireEvent.change(screen.getByTestId('points.redeem.password'), { target: { value: 'Points5678' } });
    fireEvent.submit(form);
    expect((await screen.findByTestId('points.redeem.error')).textContent).toBe('Enter a mobile number of 7 to 15 digits.');
    expect(calls.some((c) => c.path === 'points.redeem')).toBe(false);
    fireEvent.change(screen.getByTestId('points.redeem.mobile'), { target: { value: '+8801712000001' } });
    fireEvent.submit(form);
    await waitFor(() => expect(screen.getByTestId('points.redeem.done').getAttribute('data-reference')).toBe('PM00000009'));
    expect(calls.find((c) => c.path === 'points.redeem')?.input).toMatchObject({
      goodsId: 3,
      quantity: 1,
      address: 'House 12, Road 4, Dhaka',
      mobile: '+8801712000001',
      withdrawPassword: 'Points5678',
    });
  });

  it('shows the exchange-rate table and the rules with the operator’s rates', async () => {
    sessionStorage.setItem('token', 'tok-member1');
    renderWithApp(<AppRoutes />, { path: '/pointMall/rates', handlers: mallDesk() });
    const rates = await screen.findByTestId('points.rates', {}, LAZY);
    expect(rates.textContent).toContain('1,000');
    expect(rates.textContent).toContain('৳10.00');
    fireEvent.click(screen.getByTestId('points.tab.rules'));
    expect((await screen.findByTestId('points.rules')).textContent).toContain('Slots');
  });
});
