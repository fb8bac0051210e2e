import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TOperatorRaffle, TOperatorTicketRule } from '@wl/schemas';
import { renderWithApp, type TInputOf } from '../test/render.tsx';
import OperatorTicketRules from './ticket-rules.tsx';

/**
 * The console's ticket rules and raffles (docs/0126): content writes a rule's earning and the
 * raffles, never prizes; finance sends prizes and chances in basis points by position with the terms
 * version it was shown, and adds prizes to a rule content just wrote.
 */
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
    termsVersion: 2,
    priced: true,
    prizes: [
      { id: 1, kind: 'cash', amount: 200, turnoverMultiple: null, oddsBp: 6_000, fallback: true, stock: null, given: 4 },
      { id: 2, kind: 'points', amount: 50, turnoverMultiple: null, oddsBp: 4_000, fallback: false, stock: 100, given: 1 },
    ],
  };
  const NEW_RULE: TOperatorTicketRule = {
    ...RULE,
    id: 4,
    kind: 'wheel',
    earn: 'deposit',
    thresholdMinor: 50_000,
    titleEn: 'Deposit wheel',
    titleBn: 'জমার চাকা',
    termsVersion: 1,
    priced: false,
    prizes: [],
  };
  const RAFFLE: TOperatorRaffle = {
    id: 8,
    ruleId: 3,
    titleEn: 'Weekend raffle',
    titleBn: 'সপ্তাহান্তের র‍্যাফেল',
    minDepositMinor: 50_000,
    startsAt: '2026-11-28T00:00:00.000Z',
    endsAt: '2026-11-30T00:00:00.000Z',
    entries: 3,
  };

  function renderPanel(canContent: boolean, canMoney: boolean) {
    const terms: TInputOf<'operator.saveTicketRule'>[] = [];
    const prizes: TInputOf<'operator.setTicketPrizes'>[] = [];
    const raffles: TInputOf<'operator.saveRaffle'>[] = [];
    renderWithApp(<OperatorTicketRules canContent={canContent} canMoney={canMoney} />, {
      handlers: {
        'operator.ticketRules': () => ({ rows: [RULE, NEW_RULE], raffles: [RAFFLE] }),
        'operator.saveTicketRule': (input) => {
          terms.push(input);
          return NEW_RULE;
        },
        'operator.setTicketPrizes': (input) => {
          prizes.push(input);
          return RULE;
        },
        'operator.saveRaffle': (input) => {
          raffles.push(input);
          return { id: 9 };
        },
      },
    });
    return { terms, prizes, raffles };
  }
  const ruleRow = async (id: number) => {
    await screen.findAllByTestId('operator.tickets.rule', {}, { timeout: 10_000 });
    return screen.getAllByTestId('operator.tickets.rule').find((r) => r.getAttribute('data-id') === String(id))!;
  };

  it('lets finance change a chance and sends the prizes in basis points by position, for the terms it was shown', async () => {
    const { prizes, terms } = renderPanel(false, true);
    const rule = await ruleRow(3);
    expect(within(rule).getByTestId('operator.tickets.total').textContent).toContain('100.00%');
    const odds = within(rule).getAllByTestId('operator.tickets.odds');
    fireEvent.change(odds[0]!, { target: { value: '55.5' } });
    fireEvent.change(odds[1]!, { target: { value: '44.5' } });
    fireEvent.click(within(rule).getByTestId('operator.tickets.save'));
    await within(rule).findByTestId('operator.tickets.prizes.saved');
    expect(prizes).toHaveLength(1);
    expect(prizes[0]!.termsVersion).toBe(2);
    expect(prizes[0]!.prizes.map((p) => [p.kind, p.amount, p.oddsBp, p.stock, p.fallback])).toEqual([
      ['cash', 200, 5_550, null, true],
      ['points', 50, 4_450, 100, false],
    ]);
    // Content's forms are not finance's.
    expect(screen.queryByTestId('operator.tickets.new')).toBeNull();
    expect(within(rule).queryByTestId('operator.tickets.edit')).toBeNull();
    expect(screen.queryByTestId('operator.raffles.edit')).toBeNull();
    expect(terms).toEqual([]);
  });

  it('lets finance price a rule content wrote: a bonus and the fallback added, a stock kept off the fallback', async () => {
    const { prizes } = renderPanel(false, true);
    const rule = await ruleRow(4);
    expect(within(rule).getByTestId('operator.tickets.state').textContent).toContain('Waiting for finance');
    fireEvent.click(within(rule).getByTestId('operator.tickets.add-prize'));
    fireEvent.click(within(rule).getByTestId('operator.tickets.add-prize'));
    const rows = within(rule).getAllByTestId('operator.tickets.prize');
    fireEvent.change(within(rows[0]!).getByTestId('operator.tickets.amount'), { target: { value: '5' } });
    fireEvent.change(within(rows[0]!).getByTestId('operator.tickets.odds'), { target: { value: '90' } });
    fireEvent.change(within(rows[1]!).getByTestId('operator.tickets.prize-kind'), { target: { value: 'bonus' } });
    fireEvent.change(within(rows[1]!).getByTestId('operator.tickets.amount'), { target: { value: '100' } });
    fireEvent.change(within(rows[1]!).getByTestId('operator.tickets.multiple'), { target: { value: '10' } });
    fireEvent.change(within(rows[1]!).getByTestId('operator.tickets.odds'), { target: { value: '10' } });
    fireEvent.change(within(rows[1]!).getByTestId('operator.tickets.stock'), { target: { value: '20' } });
    expect(within(rule).getByTestId('operator.tickets.total').textContent).toContain('100.00%');
    fireEvent.click(within(rule).getByTestId('operator.tickets.save'));
    await waitFor(() => expect(prizes).toHaveLength(1));
    expect(prizes[0]).toEqual({
      id: 4,
      termsVersion: 1,
      prizes: [
        { kind: 'cash', amount: 500, turnoverMultiple: null, oddsBp: 9_000, stock: null, fallback: true },
        { kind: 'bonus', amount: 10_000, turnoverMultiple: 10, oddsBp: 1_000, stock: 20, fallback: false },
      ],
    });
  });

  it('lets content create and change a rule and a raffle, and never sets prizes', async () => {
    const { terms, prizes, raffles } = renderPanel(true, false);
    const rule = await ruleRow(3);
    expect(within(rule).queryByTestId('operator.tickets.save')).toBeNull();
    expect(rule.textContent).toContain('Cash 60.00%');

    fireEvent.click(screen.getByTestId('operator.tickets.new-open'));
    const form = screen.getByTestId('operator.tickets.new');
    fireEvent.change(within(form).getByTestId('operator.tickets.new.kind'), { target: { value: 'golden_egg' } });
    fireEvent.change(within(form).getByTestId('operator.tickets.new.earn'), { target: { value: 'turnover' } });
    fireEvent.change(within(form).getByTestId('operator.tickets.new.threshold'), { target: { value: '2,000' } });
    fireEvent.change(within(form).getByTestId('operator.tickets.new.hours'), { target: { value: '48' } });
    fireEvent.change(within(form).getByTestId('operator.tickets.new.title-en'), { target: { value: 'Turnover egg' } });
    fireEvent.change(within(form).getByTestId('operator.tickets.new.title-bn'), { target: { value: 'টার্নওভারের ডিম' } });
    fireEvent.submit(form);
    await within(form).findByTestId('operator.tickets.new.saved');
    expect(terms).toEqual([
      { kind: 'golden_egg', earn: 'turnover', thresholdMinor: 200_000, validHours: 48, titleEn: 'Turnover egg', titleBn: 'টার্নওভারের ডিম', active: true },
    ]);

    // A title left empty is refused in the form, with words.
    fireEvent.click(within(rule).getByTestId('operator.tickets.edit'));
    const edit = within(rule).getByTestId('operator.tickets.terms');
    fireEvent.change(within(edit).getByTestId('operator.tickets.terms.title-en'), { target: { value: ' ' } });
    fireEvent.submit(edit);
    expect(within(edit).getByTestId('operator.tickets.terms.error').textContent).toContain('Check the titles');
    fireEvent.change(within(edit).getByTestId('operator.tickets.terms.title-en'), { target: { value: 'Red envelope of the day' } });
    fireEvent.click(within(edit).getByTestId('operator.tickets.terms.active'));
    fireEvent.submit(edit);
    await waitFor(() => expect(terms).toHaveLength(2));
    expect(terms[1]).toEqual({
      id: 3,
      kind: 'red_envelope',
      earn: 'login_day',
      thresholdMinor: 0,
      validHours: 24,
      titleEn: 'Red envelope of the day',
      titleBn: 'দৈনিক লাল খাম',
      active: false,
    });

    const raffle = screen.getAllByTestId('operator.raffles.item')[0]!;
    expect(raffle.textContent).toContain('3 entries');
    fireEvent.click(within(raffle).getByTestId('operator.raffles.edit'));
    const change = within(raffle).getByTestId('operator.raffles.change');
    fireEvent.change(within(change).getByTestId('operator.raffles.change.min-deposit'), { target: { value: '' } });
    fireEvent.submit(change);
    await waitFor(() => expect(raffles).toHaveLength(1));
    expect(raffles[0]).toEqual({
      id: 8,
      ruleId: 3,
      titleEn: 'Weekend raffle',
      titleBn: 'সপ্তাহান্তের র‍্যাফেল',
      minDepositMinor: 0,
      startsAt: RAFFLE.startsAt,
      endsAt: RAFFLE.endsAt,
    });
    expect(prizes).toEqual([]);
  });
});
