import { fireEvent, screen, waitFor } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { renderWithApp, type TInputOf } from '../test/render.tsx';
import { OperatorAgentLimits } from './agent-limits.tsx';
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

  function renderPanel(canWrite: boolean, setAgentLimits: (input: TInputOf<'operator.setAgentLimits'>) => typeof SEEDED = (input) => input) {
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

  it('shows the limits the platform holds and sends an owner’s change (Bengali digits read as digits)', async () => {
    const sent = renderPanel(true);
    await waitFor(() => expect(field('maxDepth').value).toBe('3'));
    expect(field('maxDirectAgents').value).toBe('20');
    fireEvent.change(field('maxDepth'), { target: { value: '৫' } });
    fireEvent.change(field('maxDirectAgents'), { target: { value: '40' } });
    fireEvent.click(screen.getByTestId('operator.agent-limits.save'));
    expect((await screen.findByTestId('operator.agent-limits.saved')).textContent).toBe('Saved.');
    expect(sent).toEqual([{ maxDepth: 5, maxDirectAgents: 40 }]);
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
    expect(screen.queryByTestId('operator.agent-limits.saved')).toBeNull();
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
