import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../app/routes.tsx';
import { memberFixture, screenConfigFixture } from '../test/fixtures.ts';
import { renderWithApp } from '../test/render.tsx';
import { clockText, gmtOffset } from './agent-clock.ts';

const agentConfig = screenConfigFixture({
  audience: 'agent',
  agentCentre: [
    { key: 'agentTeamOverview', labelKey: 'agent_agentTeamOverview', icon: 'ageinfo3', target: { type: 'route', path: '/agentHome/agentTeamOverview' }, isAvailable: false },
  ],
});

describe('agent centre', () => {
  it('sends a visitor on /agentHome to the /agent landing', async () => {
    renderWithApp(<AppRoutes />, { path: '/agentHome' });
    expect(await screen.findByTestId('agent.page')).toBeTruthy();
    expect(screen.getByTestId('agent.title').textContent).toBe('Agent back office');
  });

  it('sends a logged-in non-agent to /agent', async () => {
    sessionStorage.setItem('token', 'tok-member1');
    renderWithApp(<AppRoutes />, { path: '/agentHome', handlers: { 'member.info': () => memberFixture({ type: 0 }), 'member.balance': () => ({ balance: 0, currencySymbol: '৳' }) } });
    expect(await screen.findByTestId('agent.page')).toBeTruthy();
    expect(screen.queryByTestId('agent-home.page')).toBeNull();
  });

  it('shows the agent header with GMT offset, clock, nickname and the config nav (unbuilt disabled)', async () => {
    sessionStorage.setItem('token', 'tok-agent01');
    renderWithApp(<AppRoutes />, {
      path: '/agentHome',
      config: agentConfig,
      handlers: { 'member.info': () => memberFixture({ type: 1, nickname: 'Boss' }), 'member.balance': () => ({ balance: 0, currencySymbol: '৳' }) },
    });
    expect(await screen.findByTestId('agent-home.page')).toBeTruthy();
    expect(screen.getByTestId('agent-home.nickname').textContent).toBe('Boss');
    expect(screen.getByTestId('agent-home.gmt').textContent).toMatch(/^GMT[+-]\d{2}:\d{2}$/);
    expect(screen.getByTestId('agent-home.nav.agentTeamOverview').getAttribute('aria-disabled')).toBe('true');
  });

  it('formats the offset and the clock', () => {
    const d = new Date(2024, 0, 2, 3, 4, 5);
    expect(clockText(d)).toBe('2024-01-02 03:04:05');
    expect(gmtOffset(d)).toMatch(/^GMT[+-]\d{2}:\d{2}$/);
  });
});
