import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TOperatorTicketRule } from '@wl/schemas';
import { renderWithApp, type TInputOf } from '../test/render.tsx';
import OperatorTicketRules from './ticket-rules.tsx';

/** The console's ticket rules (docs/0120): finance sends prizes and chances in basis points; content only the titles. */
describe('ticket rules panel', () => {
  const RULE: TOperatorTicketRule = {
    id: 3,
    kind: 'red_envelope',
    earn: 'login_day',
    thresholdMinor: 0,
    validHours: 24,
    titleEn: 'Daily red envelope',
    titleBn: 'দৈনিক লাল খাম',
    active: true,
    prizes: [
      { id: 1, kind: 'cash', amount: 200, turnoverMultiple: null, oddsBp: 6_000, fallback: true, stock: null, given: 4 },
      { id: 2, kind: 'points', amount: 50, turnoverMultiple: null, oddsBp: 4_000, fallback: false, stock: 100, given: 1 },
    ],
  };

  function renderPanel(canWrite: boolean, canWriteTexts: boolean) {
    const saved: TInputOf<'operator.saveTicketRule'>[] = [];
    const texts: TInputOf<'operator.setTicketTexts'>[] = [];
    renderWithApp(<OperatorTicketRules canWrite={canWrite} canWriteTexts={canWriteTexts} />, {
      handlers: {
        'operator.ticketRules': () => ({ rows: [RULE] }),
        'operator.saveTicketRule': (input) => {
          saved.push(input);
          return RULE;
        },
        'operator.setTicketTexts': (input) => {
          texts.push(input);
          return RULE;
        },
      },
    });
    return { saved, texts };
  }

  it('lets finance change a chance and sends the prizes in basis points by position', async () => {
    const { saved } = renderPanel(true, false);
    const rule = await screen.findByTestId('operator.tickets.rule', {}, { timeout: 10_000 });
    expect(rule.textContent).toContain('100.00%');
    const odds = within(rule).getAllByTestId('operator.tickets.odds');
    fireEvent.change(odds[0]!, { target: { value: '55.5' } });
    fireEvent.change(odds[1]!, { target: { value: '44.5' } });
    fireEvent.click(within(rule).getByTestId('operator.tickets.save'));
    await within(rule).findByTestId('operator.tickets.saved');
    expect(saved[0]!.prizes.map((p) => [p.kind, p.amount, p.oddsBp, p.stock, p.fallback])).toEqual([
      ['cash', 200, 5_550, null, true],
      ['points', 50, 4_450, 100, false],
    ]);
    expect(within(rule).queryByTestId('operator.tickets.save-texts')).toBeNull();
  });

  it('lets content save only the titles', async () => {
    const { saved, texts } = renderPanel(false, true);
    const rule = await screen.findByTestId('operator.tickets.rule', {}, { timeout: 10_000 });
    expect(within(rule).queryByTestId('operator.tickets.save')).toBeNull();
    expect((within(rule).getAllByTestId('operator.tickets.odds')[0] as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(within(rule).getByTestId('operator.tickets.title-en'), { target: { value: 'Red envelope of the day' } });
    fireEvent.click(within(rule).getByTestId('operator.tickets.save-texts'));
    await waitFor(() => expect(texts).toEqual([{ id: 3, titleEn: 'Red envelope of the day', titleBn: 'দৈনিক লাল খাম' }]));
    expect(saved).toEqual([]);
  });
});
