import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TBonusReview } from '@wl/schemas/wps/bonus-review-calls';
import { renderWithApp, type TInputOf } from '../test/render.tsx';
import OperatorBonusReviews from './bonus-reviews.tsx';

/** The console's held bonuses (docs/0097): what linked them, and finance's approve and reject. */
describe('held bonuses panel', () => {
  const REVIEW: TBonusReview = {
    reviewId: 7,
    awardId: 70,
    username: 'linked1',
    source: 'sign_up',
    amountMinor: 5_000,
    reason: 'ip_range 198.51.100.0/24',
    linkedUsernames: ['linked2', 'linked3'],
    createdAt: '2026-11-29T10:00:00.000Z',
  };

  function renderPanel(canWrite: boolean) {
    const sent: TInputOf<'operator.decideBonusReview'>[] = [];
    let rows = [REVIEW];
    renderWithApp(<OperatorBonusReviews canWrite={canWrite} />, {
      handlers: {
        'operator.bonusReviews': () => ({ rows }),
        'operator.decideBonusReview': (input) => {
          sent.push(input);
          rows = [];
          return { reviewId: input.reviewId, state: input.approve ? ('approved' as const) : ('rejected' as const) };
        },
      },
    });
    return sent;
  }

  it('shows whose bonus is held and why, and sends finance’s approval; the list then empties', async () => {
    const sent = renderPanel(true);
    const item = await screen.findByTestId('operator.bonus-reviews.item', {}, { timeout: 10_000 });
    expect(item.textContent).toContain('Sign-up bonus');
    expect(item.textContent).toContain('ip_range 198.51.100.0/24');
    expect(item.textContent).toContain('linked2, linked3');
    fireEvent.click(screen.getByTestId('operator.bonus-reviews.approve.linked1'));
    await waitFor(() => expect(screen.queryByTestId('operator.bonus-reviews.item')).toBeNull());
    expect(sent).toEqual([{ reviewId: 7, approve: true }]);
    expect(screen.getByText('No bonus is waiting for review.')).toBeTruthy();
  });

  it('offers no decision without money.write', async () => {
    renderPanel(false);
    await screen.findByTestId('operator.bonus-reviews.item', {}, { timeout: 10_000 });
    expect(screen.queryByTestId('operator.bonus-reviews.approve.linked1')).toBeNull();
    expect(screen.queryByTestId('operator.bonus-reviews.reject.linked1')).toBeNull();
  });
});
