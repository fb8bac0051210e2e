import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../app/routes.tsx';
import { memberFixture } from '../test/fixtures.ts';
import { renderWithApp, type THandlers, type TOutputOf } from '../test/render.tsx';

/** The first render of a lazy page compiles its chunks: wait for it, not for a fixed time. */
const LAZY = { timeout: 10_000 };

type TPromotion = TOutputOf<'content.promotion'>;
type TMine = TOutputOf<'promo.list'>['list'][number];
const promo = (id: number, title: string): TPromotion => ({
  id,
  category: 'DEPOSIT',
  title,
  imageUrl: `/wps/assets/banner/p${id}.svg`,
  startsAt: '2026-03-01T00:00:00.000Z',
  endsAt: null,
  comingSoon: false,
  rules: '1. A rule.',
});
const mine = (id: number, kind: TMine['kind'], state: TMine['state'], over: Partial<TMine> = {}): TMine => ({
  id,
  kind,
  state,
  bonusMinor: null,
  claimBy: null,
  match: null,
  ...over,
});

/** The platform's promo desk as the member moves through it: join, then the offer to claim. */
function desk() {
  let list: TMine[] = [
    mine(1, 'deposit_match', 'join'),
    mine(2, 'sign_up', 'claim', { bonusMinor: 10_000, claimBy: '2026-12-01T00:00:00.000Z' }),
    mine(3, 'manual_apply', 'apply'),
  ];
  const set = (id: number, next: TMine) => (list = list.map((p) => (p.id === id ? next : p)));
  const handlers: THandlers = {
    'member.info': () => memberFixture(),
    'member.balance': () => ({ balance: 0, currencySymbol: '৳' }),
    'content.promotions': () => ({ list: [promo(1, 'Welcome bonus'), promo(2, 'Sign-up bonus'), promo(3, 'Big win bonus')] }),
    'promo.list': () => ({ list }),
    'promo.join': ({ promotionId }) => {
      set(promotionId, mine(promotionId, 'deposit_match', 'signed_up', { match: { percent: 100, capMinor: 1_000_000, minDepositMinor: 50_000 } }));
      return { promotionId, state: 'signed_up' as const };
    },
    'promo.claim': ({ promotionId }) => {
      set(promotionId, mine(promotionId, 'sign_up', 'in_process', { bonusMinor: 10_000 }));
      return { promotionId, state: 'in_process' as const };
    },
  };
  return handlers;
}

const card = (title: string) => screen.getAllByTestId('promotions.card').find((c) => within(c).getByRole('heading').textContent === title)!;

describe('a member on the promotions page (docs/0096)', () => {
  it('shows each state, joins a deposit match and claims the offered bonus; Apply links to the detail with the form', async () => {
    sessionStorage.setItem('token', 'tok-member1');
    const { calls } = renderWithApp(<AppRoutes />, { path: '/promotions', handlers: desk() });
    await waitFor(() => expect(screen.getAllByTestId('promotions.state')).toHaveLength(3), LAZY);
    expect(within(card('Welcome bonus')).getByTestId('promotions.state').dataset.state).toBe('join');
    expect(within(card('Sign-up bonus')).getByTestId('promotions.state').textContent).toContain('Bonus ৳100.00');
    expect(within(card('Big win bonus')).queryByRole('button')).toBeNull();
    expect(within(card('Big win bonus')).getByTestId('promotions.apply').getAttribute('href')).toMatch(/^\/promotions\?id=\d+$/);

    fireEvent.click(within(card('Welcome bonus')).getByTestId('promotions.join'));
    await waitFor(() => expect(within(card('Welcome bonus')).getByTestId('promotions.state').dataset.state).toBe('signed_up'));
    expect(calls.find((c) => c.path === 'promo.join')?.input).toEqual({ promotionId: 1 });

    fireEvent.click(within(card('Sign-up bonus')).getByTestId('promotions.claim'));
    await waitFor(() => expect(within(card('Sign-up bonus')).getByTestId('promotions.state').dataset.state).toBe('in_process'));
    expect(calls.find((c) => c.path === 'promo.claim')?.input).toMatchObject({ promotionId: 2, key: expect.stringMatching(/^promo-/) });
  });

  it('tells a member whose account is closed why the claim is refused, in words, not the key', async () => {
    sessionStorage.setItem('token', 'tok-member1');
    const handlers = { ...desk(), 'promo.claim': () => Promise.reject(new Error('protection_excluded')) };
    renderWithApp(<AppRoutes />, { path: '/promotions', handlers });
    await waitFor(() => expect(screen.getAllByTestId('promotions.state')).toHaveLength(3), LAZY);
    fireEvent.click(within(card('Sign-up bonus')).getByTestId('promotions.claim'));
    const error = await screen.findByTestId('promotions.action-error');
    await waitFor(() => expect(error.textContent).toContain('closed'));
    expect(error.textContent).not.toContain('protection_excluded');
  });

  it('shows no state or action to a visitor, who browses read-only', async () => {
    sessionStorage.clear();
    const handlers = desk();
    const { calls } = renderWithApp(<AppRoutes />, { path: '/promotions', handlers });
    await waitFor(() => expect(screen.getAllByTestId('promotions.card')).toHaveLength(3), LAZY);
    expect(screen.queryByTestId('promotions.state')).toBeNull();
    expect(calls.some((c) => c.path === 'promo.list')).toBe(false);
  });
});
