import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BONUS_TERMS } from '@wl/schemas/domain/promotion-terms/index';
import type { TOperatorPromotion } from '@wl/schemas/wps/operator-promotion-calls';
import { renderWithApp, type TInputOf } from '../test/render.tsx';
import { OperatorPromotions } from './promotions.tsx';

/** Who may make a promotion pay, as the console shows it (docs/0100): content waits for finance’s approval of the money. */
describe('promotions panel: the money of a paying promotion', () => {
  const DRAFT: TOperatorPromotion = {
    id: 5,
    titleEn: 'Deposit week',
    titleBn: 'জমার সপ্তাহ',
    rulesEn: '',
    rulesBn: '',
    category: 'EVENT',
    kind: 'deposit_match',
    terms: { kind: 'deposit_match', deposit: 'any', percent: 10, capMinor: 100_000, minDepositMinor: 10_000, bonus: DEFAULT_BONUS_TERMS },
    status: 'draft',
    startsAt: '2026-11-01T00:00:00.000Z',
    endsAt: null,
    budgetMinor: 1_000_000,
    maxRecipients: null,
    sort: 1,
    bannerUrl: '/wps/assets/banner/p5.svg',
    hasOwnBanner: false,
    figures: { spentMinor: 0, recipients: 0, awards: {}, turnoverDoneMinor: 0, turnoverRequiredMinor: 0, turnoverCompletionBp: null, pendingApplications: 0 },
    paying: true,
    moneyApproved: false,
    moneyVersion: 'c0ffee',
  };

  function renderPanel(can: { canWrite: boolean; canApprove: boolean }) {
    const approved: TInputOf<'operator.approvePromotion'>[] = [];
    let promotion = DRAFT;
    renderWithApp(<OperatorPromotions {...can} currency="৳" />, {
      handlers: {
        'operator.promotions': () => ({ promotions: [promotion] }),
        'operator.approvePromotion': (input) => {
          approved.push(input);
          promotion = { ...promotion, moneyApproved: true };
          return promotion;
        },
      },
    });
    return approved;
  }

  it('lets content edit but not set live a paying promotion whose money waits for finance, and offers it no approval', async () => {
    renderPanel({ canWrite: true, canApprove: false });
    const money = await screen.findByTestId('operator.promotion.5.money', {}, { timeout: 10_000 });
    expect(money.getAttribute('data-approved')).toBe('false');
    expect(screen.queryByTestId('operator.promotion.5.approve')).toBeNull();
    expect((screen.getByTestId('operator.promotion.5.active') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('operator.promotion.5.edit') as HTMLButtonElement).disabled).toBe(false);
  });

  it('lets finance approve the money, then shows it approved', async () => {
    const approved = renderPanel({ canWrite: false, canApprove: true });
    fireEvent.click(await screen.findByTestId('operator.promotion.5.approve', {}, { timeout: 10_000 }));
    await waitFor(() => expect(screen.getByTestId('operator.promotion.5.money').getAttribute('data-approved')).toBe('true'));
    expect(approved).toEqual([{ id: 5, moneyVersion: 'c0ffee' }]);
    expect(screen.queryByTestId('operator.promotion.5.approve')).toBeNull();
    expect(screen.queryByTestId('operator.promotion.5.edit')).toBeNull();
  });
});
