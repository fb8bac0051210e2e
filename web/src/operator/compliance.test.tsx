import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TComplianceMember } from '@wl/schemas/wps/compliance-calls';
import { renderWithApp } from '../test/render.tsx';
import OperatorCompliance from './compliance.tsx';

/** The console's compliance panel (docs/0106): the member's account state form. */
describe('compliance panel', () => {
  it('says "saved" after a save, also once the member comes back with the new state (the form is made again for it)', async () => {
    let member: TComplianceMember = {
      memberId: 12,
      username: 'demo_player4',
      state: { fullBlock: false, suspended: false, betBlocked: false, depositBlocked: false, withdrawBlocked: false },
      stateReason: null,
      stateSetAt: null,
      own: [],
      operator: [],
      history: [],
    };
    let lookups = 0;
    renderWithApp(<OperatorCompliance canWrite />, {
      handlers: {
        'operator.complianceMember': () => {
          lookups++;
          return member;
        },
        'operator.complianceGaming': () => ({ switchOffs: [], limits: [] }),
        'operator.setAccountState': (input) => {
          member = { ...member, state: input.state, stateReason: input.reason, stateSetAt: '2026-12-02T06:45:44.000Z' };
          return member;
        },
      },
    });
    fireEvent.change(await screen.findByTestId('operator.compliance.username', {}, { timeout: 10_000 }), { target: { value: 'demo_player4' } });
    fireEvent.click(screen.getByTestId('operator.compliance.find'));
    fireEvent.click(await screen.findByTestId('operator.compliance.betBlocked'));
    fireEvent.change(screen.getByTestId('operator.compliance.reason'), { target: { value: 'Affordability review' } });
    fireEvent.click(screen.getByTestId('operator.compliance.save'));
    // The member is read again with the new state, which remakes the form: "saved" stays.
    await waitFor(() => expect(screen.getByTestId('operator.compliance.stateReason').textContent).toContain('Affordability review'));
    expect(lookups).toBeGreaterThanOrEqual(2);
    expect((screen.getByTestId('operator.compliance.betBlocked') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('operator.compliance.saved')).toBeTruthy();
  });
});
