import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TOperatorMission } from '@wl/schemas/wps/mission-calls';
import { renderWithApp, type TInputOf } from '../test/render.tsx';
import OperatorMissions from './missions.tsx';

/** The console's missions (docs/0119): content creates a mission, finance prices it; neither sees the other's form. */
describe('missions panel', () => {
  const MISSION: TOperatorMission = {
    id: 5,
    cadence: 'daily',
    nameEn: 'Log in today',
    nameBn: 'আজ লগ ইন করুন',
    tasks: [{ kind: 'login_days', gameType: null, target: 1 }],
    points: 10,
    active: true,
    sort: 1,
    reward: null,
    turnoverMultiple: null,
    claims: 0,
    updatedAt: '2026-11-30T10:00:00.000Z',
    termsVersion: 3,
  };

  function renderPanel(canContent: boolean, canMoney: boolean) {
    const saved: TInputOf<'operator.saveMission'>[] = [];
    const priced: TInputOf<'operator.setMissionReward'>[] = [];
    renderWithApp(<OperatorMissions canContent={canContent} canMoney={canMoney} />, {
      handlers: {
        'operator.missions': () => ({ rows: [MISSION] }),
        'operator.leaderboards': () => ({ rows: [] }),
        'operator.saveMission': (input) => {
          saved.push(input);
          return { ...MISSION, id: 6 };
        },
        'operator.setMissionReward': (input) => {
          priced.push(input);
          return { ...MISSION, reward: { kind: input.kind, amountMinor: input.amountMinor } };
        },
      },
    });
    return { saved, priced };
  }

  it('lets content create a mission (a ৳ target for turnover) but not price one', async () => {
    const { saved } = renderPanel(true, false);
    await screen.findByTestId('operator.missions.item', {}, { timeout: 10_000 });
    expect(screen.getByTestId('operator.missions.item').textContent).toContain('No reward set by finance');
    expect(screen.queryByTestId('operator.missions.reward')).toBeNull();
    fireEvent.change(screen.getByTestId('operator.missions.name-en'), { target: { value: 'Slots turnover' } });
    fireEvent.change(screen.getByTestId('operator.missions.name-bn'), { target: { value: 'স্লটে টার্নওভার' } });
    fireEvent.change(screen.getByTestId('operator.missions.kind'), { target: { value: 'turnover' } });
    fireEvent.change(screen.getByTestId('operator.missions.game'), { target: { value: 'RNG' } });
    fireEvent.change(screen.getByTestId('operator.missions.target'), { target: { value: '5000' } });
    fireEvent.submit(screen.getByTestId('operator.missions.form'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ id: null, cadence: 'daily', tasks: [{ kind: 'turnover', gameType: 'RNG', target: 500_000 }], points: 10 });
  });

  it('lets finance set a reward but not create a mission', async () => {
    const { priced } = renderPanel(false, true);
    await screen.findByTestId('operator.missions.item', {}, { timeout: 10_000 });
    expect(screen.queryByTestId('operator.missions.form')).toBeNull();
    fireEvent.change(screen.getByTestId('operator.missions.reward-amount'), { target: { value: '10' } });
    fireEvent.submit(screen.getByTestId('operator.missions.reward'));
    await waitFor(() => expect(priced).toEqual([{ id: 5, termsVersion: 3, kind: 'cash', amountMinor: 1_000, turnoverMultiple: null }]));
  });
});
