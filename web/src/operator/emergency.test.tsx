import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TEmergencyState, TMemberLookup } from '@wl/schemas/wps/emergency-calls';
import { renderWithApp, type TInputOf } from '../test/render.tsx';
import OperatorEmergency from './emergency.tsx';

/** The console's emergency switch and member lookup (docs/0122). */
describe('emergency and lookup panel', () => {
  const FOUND: TMemberLookup = {
    memberId: 42,
    username: 'rahim1',
    nickname: 'rahim',
    type: 0,
    vipLabel: 'VIP1',
    createdAt: '2026-11-01T10:00:00.000Z',
    balanceMinor: 125_050,
    contact: {
      masked: true,
      mobile: '01******678',
      email: 'ra***@example.com',
      bankAccounts: [{ bankName: 'BRAC', accountNumber: '•••• 0123', holderName: 'Ra*******in' }],
    },
    transactions: [{ id: 1, time: '2026-11-29T10:00:00.000Z', type: 'deposit', kind: 'deposit', amountMinor: 50_000, balanceAfterMinor: 50_000, code: '' }],
    bets: [],
    audit: [{ at: '2026-11-30T10:00:00.000Z', operator: 'demo_support', action: 'member.lookup' }],
  };

  it('the owner stops gaming with a reason and sees who stopped it; the stop is lifted the same way', async () => {
    const sent: TInputOf<'operator.setEmergency'>[] = [];
    let state: TEmergencyState = { stops: [] };
    renderWithApp(<OperatorEmergency canSwitch canLookup={false} />, {
      handlers: {
        'operator.emergencyState': () => state,
        'operator.setEmergency': (input) => {
          sent.push(input);
          state = { stops: input.stopped ? [{ part: input.part, reason: input.reason, by: 'demo_operator', at: '2026-11-30T10:00:00.000Z' }] : [] };
          return state;
        },
      },
    });
    const gaming = await screen.findByTestId('operator.emergency.gaming', {}, { timeout: 10_000 });
    expect(gaming.dataset.stopped).toBe('false');
    expect(screen.queryByTestId('operator.lookup.q')).toBeNull();
    const toggle = screen.getByTestId('operator.emergency.gaming.toggle') as HTMLButtonElement;
    expect(toggle.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('operator.emergency.gaming.reason'), { target: { value: 'Game server compromised' } });
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.getByTestId('operator.emergency.gaming').dataset.stopped).toBe('true'));
    expect(screen.getByTestId('operator.emergency.gaming.state').textContent).toContain('demo_operator');
    expect(screen.getByTestId('operator.emergency.money').dataset.stopped).toBe('false');
    fireEvent.change(screen.getByTestId('operator.emergency.gaming.reason'), { target: { value: 'Patched' } });
    fireEvent.click(screen.getByTestId('operator.emergency.gaming.toggle'));
    await waitFor(() => expect(screen.getByTestId('operator.emergency.gaming').dataset.stopped).toBe('false'));
    expect(sent).toEqual([
      { part: 'gaming', stopped: true, reason: 'Game server compromised' },
      { part: 'gaming', stopped: false, reason: 'Patched' },
    ]);
  });

  it('support looks a member up and sees its contact masked, its records and the trail; no switch without emergency.write', async () => {
    const asked: TInputOf<'operator.memberLookup'>[] = [];
    renderWithApp(<OperatorEmergency canSwitch={false} canLookup />, {
      handlers: {
        'operator.memberLookup': (input) => {
          asked.push(input);
          return FOUND;
        },
      },
    });
    fireEvent.change(await screen.findByTestId('operator.lookup.q', {}, { timeout: 10_000 }), { target: { value: ' 01712345678 ' } });
    fireEvent.click(screen.getByTestId('operator.lookup.find'));
    await screen.findByTestId('operator.lookup.result');
    expect(asked).toEqual([{ q: '01712345678' }]);
    expect(screen.getByTestId('operator.lookup.mobile').textContent).toBe('01******678');
    expect(screen.getByTestId('operator.lookup.banks').textContent).toContain('•••• 0123');
    expect(screen.getByTestId('operator.lookup.masked')).toBeTruthy();
    expect(screen.getByTestId('operator.lookup.balance').textContent).toContain('1,250.50');
    expect(screen.getByTestId('operator.lookup.audit').textContent).toContain('demo_support');
    expect(screen.queryByTestId('operator.emergency.gaming')).toBeNull();
  });
});
