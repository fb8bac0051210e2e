import { fireEvent, screen, waitFor } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { renderWithApp, type TInputOf } from '../test/render.tsx';
import { OperatorAgentLimits } from './agent-limits.tsx';
import { OperatorFlags } from './flags.tsx';
import { logOperatorOut } from './operator-page.tsx';

describe('operator logout (docs/0070)', () => {
  it('ends the session on the server before the browser forgets the token', async () => {
    const steps: string[] = [];
    await logOperatorOut(
      async () => {
        steps.push('server');
      },
      () => steps.push('forget'),
    );
    expect(steps).toEqual(['server', 'forget']);
  });

  it('forgets the token even when the server call fails', async () => {
    const steps: string[] = [];
    await logOperatorOut(
      () => Promise.reject(new Error('network')),
      () => steps.push('forget'),
    );
    expect(steps).toEqual(['forget']);
  });
});

describe('agent downline limits panel (docs/0064)', () => {
  const SEEDED = { maxDepth: 3, maxDirectAgents: 20 };

  // The platform answers the limits in force and the draft the change waits in (docs/0127).
  const drafted = () => ({ ...SEEDED, awaitingApproval: { draftId: 12, fields: ['agent.maxDepth', 'agent.maxDirectAgents'] } });
  function renderPanel(canWrite: boolean, setAgentLimits: (input: TInputOf<'operator.setAgentLimits'>) => ReturnType<typeof drafted> = drafted) {
    const sent: TInputOf<'operator.setAgentLimits'>[] = [];
    renderWithApp(<OperatorAgentLimits canWrite={canWrite} />, {
      handlers: {
        'operator.agentLimits': () => SEEDED,
        'operator.setAgentLimits': (input) => {
          sent.push(input);
          return setAgentLimits(input);
        },
      },
    });
    return sent;
  }
  const field = (key: 'maxDepth' | 'maxDirectAgents') => screen.getByTestId(`operator.agent-limits.${key}`) as HTMLInputElement;

  it('shows the limits the platform holds, sends an owner’s change (Bengali digits read as digits) and says it awaits a second operator', async () => {
    const sent = renderPanel(true);
    await waitFor(() => expect(field('maxDepth').value).toBe('3'));
    expect(field('maxDirectAgents').value).toBe('20');
    expect(screen.getByTestId('operator.agent-limits').textContent).toContain("A change here waits for a second operator's approval");
    fireEvent.change(field('maxDepth'), { target: { value: '৫' } });
    fireEvent.change(field('maxDirectAgents'), { target: { value: '40' } });
    fireEvent.click(screen.getByTestId('operator.agent-limits.save'));
    expect((await screen.findByTestId('operator.agent-limits.awaiting')).textContent).toBe(
      'Sent for approval as draft 12: nothing changes until a second operator approves it and you publish it under Configuration changes.',
    );
    expect(sent).toEqual([{ maxDepth: 5, maxDirectAgents: 40 }]);
    // The form shows the limits in force again.
    await waitFor(() => expect(field('maxDepth').value).toBe('3'));
  });

  it('shows the field the server refused with its translated bound, and nothing saved', async () => {
    renderPanel(true, () => {
      throw new TRPCClientError('error_bad_request', {
        result: {
          error: { message: 'error_bad_request', code: -32600, data: { issues: [{ path: 'maxDepth', message: 'operator_agent_limits_depth_range' }] } },
        },
      });
    });
    await waitFor(() => expect(field('maxDepth').value).toBe('3'));
    fireEvent.change(field('maxDepth'), { target: { value: '11' } });
    fireEvent.click(screen.getByTestId('operator.agent-limits.save'));
    expect((await screen.findByTestId('operator.agent-limits.error.maxDepth')).textContent).toBe('Enter a whole number from 1 to 10.');
    expect(field('maxDepth').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('operator.agent-limits.error.maxDirectAgents')).toBeNull();
    expect(screen.queryByTestId('operator.agent-limits.awaiting')).toBeNull();
  });

  it('is read-only without the owner’s permission: no save, and says who may change it', async () => {
    const sent = renderPanel(false);
    await waitFor(() => expect(field('maxDepth').value).toBe('3'));
    expect(field('maxDepth').readOnly).toBe(true);
    expect(field('maxDirectAgents').readOnly).toBe(true);
    expect(screen.queryByTestId('operator.agent-limits.save')).toBeNull();
    expect(screen.getByTestId('operator.agent-limits.owner-only').textContent).toBe('Only an owner can change these limits.');
    expect(sent).toEqual([]);
  });
});

describe('whitelabel flags (docs/0127)', () => {
  it('says under the hint that a money or login switch waits for a second operator, naming its draft; the switch stays as it is', async () => {
    renderWithApp(
      <OperatorFlags
        nodes={[{ modId: 'DIVIDEND', name: 'Dividend', enabled: '0', childrenNodes: [] }]}
        awaitingDraft={7}
        disabled={() => false}
        onChange={() => {}}
      />,
    );
    const flag = (await screen.findByTestId('operator.flag.DIVIDEND', {}, { timeout: 10_000 })) as HTMLInputElement;
    expect(flag.checked).toBe(false);
    expect(screen.getByTestId('operator.flags.awaiting').textContent).toContain('Sent for approval as draft 7');
    expect(screen.getByText(/A switch of either waits for a second operator's approval/)).toBeTruthy();
  });
});
