import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../app/routes.tsx';
import { memberFixture, screenConfigFixture } from '../test/fixtures.ts';
import { renderWithApp, type THandlers } from '../test/render.tsx';
import { clockText, gmtOffset } from './agent-clock.ts';
import { periodRange } from './agent-periods.ts';

/** The first render of a lazy page compiles its chunks: wait for it, not for a fixed time. */
const LAZY = { timeout: 10_000 };

const agentConfig = screenConfigFixture({
  audience: 'agent',
  agentCentre: [
    { key: 'deposit', labelKey: 'menu_deposit', icon: 'deposit', target: { type: 'route', path: '/member/depositv2' }, isAvailable: true },
    {
      key: 'agentTeamOverview',
      labelKey: 'agent_agentTeamOverview',
      icon: 'ageinfo3',
      target: { type: 'route', path: '/agentHome/agentTeamOverview' },
      isAvailable: false,
    },
    { key: 'customerService', labelKey: 'menu_customer_service', icon: 'support', target: { type: 'action', action: 'customerService' }, isAvailable: true },
  ],
});

describe('agent centre', () => {
  it('sends a visitor on /agentHome to the /agent landing', async () => {
    renderWithApp(<AppRoutes />, { path: '/agentHome' });
    expect(await screen.findByTestId('agent.page', {}, LAZY)).toBeTruthy();
    expect(screen.getByTestId('agent.title').textContent).toBe('Agent back office');
  });

  it('sends a logged-in non-agent to /agent', async () => {
    sessionStorage.setItem('token', 'tok-member1');
    renderWithApp(<AppRoutes />, {
      path: '/agentHome',
      handlers: { 'member.info': () => memberFixture({ type: 0 }), 'member.balance': () => ({ balance: 0, currencySymbol: '৳' }) },
    });
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
    expect(screen.getByTestId('agent-home.gmt').textContent).toMatch(/^GMT[+-][\d০-৯]{2}:[\d০-৯]{2}$/);
    expect(screen.getByTestId('agent-home.nav.agentTeamOverview').getAttribute('aria-disabled')).toBe('true');
  });

  it("links deposit to the member's page and opens customer service from the navigation", async () => {
    sessionStorage.setItem('token', 'tok-agent01');
    renderWithApp(<AppRoutes />, {
      path: '/agentHome',
      config: agentConfig,
      handlers: { 'member.info': () => memberFixture({ type: 1 }), 'member.balance': () => ({ balance: 0, currencySymbol: '৳' }) },
    });
    expect((await screen.findByTestId('agent-home.nav.deposit')).getAttribute('href')).toBe('/member/depositv2');
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    fireEvent.click(screen.getByTestId('agent-home.nav.customerService'));
    expect(open).toHaveBeenCalledWith('https://cs.example/chat', '_blank', 'noopener,noreferrer');
    open.mockRestore();
  });

  it('agentAnnouncement lists nine a page with those for agents marked, and pages by number (docs/0112)', async () => {
    sessionStorage.setItem('token', 'tok-agent01');
    const row = (id: number) => ({ id, title: `Notice ${id}`, content: `Text ${id}`, time: '2026-11-30T10:00:00.000Z', agentsOnly: id === 2 });
    const asked: number[] = [];
    renderWithApp(<AppRoutes />, {
      path: '/agentHome/agentAnnouncement',
      config: agentConfig,
      handlers: {
        'member.info': () => memberFixture({ type: 1 }),
        'member.balance': () => ({ balance: 0, currencySymbol: '৳' }),
        'announcements.agentList': (input) => {
          const pageNo = Number(input.pageNo ?? 1);
          asked.push(pageNo);
          const ids = pageNo === 1 ? [1, 2, 3, 4, 5, 6, 7, 8, 9] : [10, 11];
          return { rows: ids.map(row), total: 11, pageNo, pageSize: 9 as const };
        },
      },
    });
    expect(await screen.findAllByTestId('agent-announcements.row', {}, LAZY)).toHaveLength(9);
    expect(screen.getAllByTestId('agent-announcements.agents-only')).toHaveLength(1);
    expect(screen.getByTestId('agent-announcements.page.1').getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByTestId('agent-announcements.page.2'));
    await waitFor(() => expect(screen.getAllByTestId('agent-announcements.row')).toHaveLength(2));
    expect(screen.getByTestId('agent-announcements.page.2').getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('agent-announcements.next').hasAttribute('disabled')).toBe(true);
    expect(asked).toEqual([1, 2]);
  });

  it('formats the offset and the clock', () => {
    const d = new Date(2024, 0, 2, 3, 4, 5);
    expect(clockText(d)).toBe('2024-01-02 03:04:05');
    expect(gmtOffset(d)).toMatch(/^GMT[+-]\d{2}:\d{2}$/);
  });

  it('names periods as local-day ranges: weeks start on Monday, this month to the end of today', () => {
    const wed = new Date(2026, 10, 25, 15, 0, 0);
    expect(periodRange('today', wed)).toEqual({ from: new Date(2026, 10, 25), to: new Date(2026, 10, 26) });
    expect(periodRange('yesterday', wed)).toEqual({ from: new Date(2026, 10, 24), to: new Date(2026, 10, 25) });
    expect(periodRange('thisWeek', wed)).toEqual({ from: new Date(2026, 10, 23), to: new Date(2026, 10, 26) });
    expect(periodRange('lastWeek', wed)).toEqual({ from: new Date(2026, 10, 16), to: new Date(2026, 10, 23) });
    expect(periodRange('thisMonth', wed)).toEqual({ from: new Date(2026, 10, 1), to: new Date(2026, 10, 26) });
    expect(periodRange('lastWeek', new Date(2026, 10, 23, 1))).toEqual({ from: new Date(2026, 10, 16), to: new Date(2026, 10, 23) });
    expect(periodRange('custom', wed, { from: '2026-11-01', to: '2026-11-03' })).toEqual({ from: new Date(2026, 10, 1), to: new Date(2026, 10, 4) });
  });

  const agentHandlers = {
    'member.info': () => memberFixture({ type: 1, nickname: 'Boss' }),
    'member.balance': () => ({ balance: 500_000, currencySymbol: '৳' }),
  };
  /** An agent centre page at `path`, signed in as an agent, with the page's own calls. */
  const renderAgentPage = (path: string, handlers: THandlers) => {
    sessionStorage.setItem('token', 'tok-agent01');
    return renderWithApp(<AppRoutes />, { path, config: agentConfig, handlers: { ...agentHandlers, ...handlers } });
  };
  /** A downline as agent.downlines lists it. */
  const downlineRow = (memberId: number, over: { username: string; nickname: string; level: number; uplineNickname: string; balanceMinor: number }) => ({
    memberId,
    ...over,
    isAgent: false,
    registeredAt: '2026-11-20T00:00:00.000Z',
    lastLoginAt: null,
    online: false,
  });
  const point = (label: string, validBetMinor: number, profitMinor: number) => ({
    label,
    newMembers: 0,
    depositMinor: 0,
    withdrawMinor: 0,
    validBetMinor,
    payoutMinor: validBetMinor + profitMinor,
    profitMinor,
  });

  it('shows the team overview figures and a bar per bucket, losses under the axis', async () => {
    const { calls } = renderAgentPage('/agentHome/agentTeamOverview', {
      'agent.teamOverview': () => ({
        teamSize: 19,
        directCount: 6,
        newMembers: 2,
        activeMembers: 9,
        depositMinor: 120_000,
        withdrawMinor: 30_000,
        validBetMinor: 80_000,
        payoutMinor: 50_000,
        profitMinor: -30_000,
        bucket: 'day' as const,
        series: [point('2026-11-24', 50_000, -40_000), point('2026-11-25', 30_000, 10_000)],
      }),
    });
    expect((await screen.findByTestId('agent-overview.team', {}, LAZY)).textContent).toBe('19');
    expect(screen.getByTestId('agent-overview.profit').textContent).toBe('-৳300.00');
    expect(screen.getAllByTestId('agent-overview.bar')).toHaveLength(2);
    fireEvent.change(screen.getByTestId('agent-overview.metric'), { target: { value: 'profitMinor' } });
    await waitFor(() => expect(document.querySelectorAll('.agent-chart__bar.is-negative')).toHaveLength(1));
    fireEvent.click(screen.getByTestId('agent-overview.period.yesterday'));
    await waitFor(() => expect(calls.filter((c) => c.path === 'agent.teamOverview')).toHaveLength(2));
    const last = calls.filter((c) => c.path === 'agent.teamOverview').at(-1)!.input as { from: string; to: string };
    expect(Date.parse(last.to) - Date.parse(last.from)).toBeGreaterThanOrEqual(23 * 3_600_000);
  });

  it('pages a report, starts again at page 1 when a filter changes, and exports every page of the filter', async () => {
    const row = (i: number) => downlineRow(i, { username: `team_${i}`, nickname: `P${i}`, level: 1, uplineNickname: 'Boss', balanceMinor: 100 });
    const { calls } = renderAgentPage('/agentHome/downlineManagmentView', {
      'agent.downlines': (input) => {
        const { pageNo, pageSize } = input as { pageNo: number; pageSize: number };
        return {
          rows: Array.from({ length: Math.min(pageSize, 45 - (pageNo - 1) * pageSize) }, (_, i) => row((pageNo - 1) * pageSize + i)),
          total: 45,
          balanceMinor: 4_500,
        };
      },
    });
    const listCalls = () => calls.filter((c) => c.path === 'agent.downlines').map((c) => c.input as { level: number; pageNo: number; pageSize: number });
    fireEvent.click(await screen.findByTestId('agent-downline.next', {}, LAZY));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ pageNo: 2, pageSize: 20 }));
    fireEvent.change(screen.getByTestId('agent-downline.level'), { target: { value: '2' } });
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ level: 2, pageNo: 1 }));
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:csv');
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    fireEvent.click(screen.getByTestId('agent-downline.export'));
    expect((await screen.findByTestId('agent-downline.export-note')).textContent).toMatch(/45/);
    expect(listCalls().filter((c) => c.pageSize === 100)).toEqual([expect.objectContaining({ level: 2, pageNo: 1, pageSize: 100 })]);
    expect(created).toHaveBeenCalledTimes(1);
    created.mockRestore();
    revoked.mockRestore();
  });

  it('lists downlines, opens one and transfers to it with one key per attempt', async () => {
    const row = downlineRow(42, { username: 'team_a01', nickname: 'A-Player 1', level: 2, uplineNickname: 'Sub', balanceMinor: 10_000 });
    const { calls } = renderAgentPage('/agentHome/downlineManagmentView', {
      'agent.downlines': () => ({ rows: [row], total: 1, balanceMinor: 10_000 }),
      'agent.downline': () => ({ ...row, teamSize: 0, directCount: 0, depositMinor: 0, withdrawMinor: 0, validBetMinor: 0, profitMinor: 0, transfers: [] }),
      'agent.transfer': () => ({ transactionId: 7, mainMinor: 490_000, downlineBalanceMinor: 20_000 }),
    });
    fireEvent.click(await screen.findByTestId('agent-downline.open', {}, LAZY));
    fireEvent.change(await screen.findByTestId('agent-downline.amount'), { target: { value: '100' } });
    fireEvent.click(screen.getByTestId('agent-downline.submit'));
    expect((await screen.findByTestId('agent-downline.done')).textContent).toContain('৳100.00');
    expect(calls.find((c) => c.path === 'agent.transfer')?.input).toMatchObject({
      memberId: 42,
      amountMinor: 10_000,
      key: expect.stringMatching(/^downline-/),
    });
  });

  it("shows the operator's limit on agent downlines when the platform refuses one (docs/0064)", async () => {
    const { calls } = renderAgentPage('/agentHome/registerCenter', {
      'agent.invitations': () => ({ rows: [], total: 0 }),
      'agent.registerDownline': () => {
        throw new Error('agent_downline_depth_limit');
      },
    });
    fireEvent.change(await screen.findByTestId('agent-register.username', {}, LAZY), { target: { value: 'subagent7' } });
    fireEvent.change(screen.getByTestId('agent-register.password'), { target: { value: 'Fresh1234' } });
    fireEvent.change(screen.getByTestId('agent-register.confirmPassword'), { target: { value: 'Fresh1234' } });
    fireEvent.change(screen.getByTestId('agent-register.role'), { target: { value: 'agent' } });
    fireEvent.click(screen.getByTestId('agent-register.submit'));
    expect((await screen.findByTestId('agent-register.error')).textContent).toBe(
      "An agent account cannot be created this many levels below the top agent: the operator's limit. Register a member instead.",
    );
    expect(calls.find((c) => c.path === 'agent.registerDownline')?.input).toMatchObject({ username: 'subagent7', role: 'agent' });
  });
});
