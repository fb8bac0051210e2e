import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../app/routes.tsx';
import { memberFixture, screenConfigFixture } from '../test/fixtures.ts';
import { renderWithApp } from '../test/render.tsx';

/** docs/0122: the member centre shows each part the owner stopped, read from the screen config. */
describe('the emergency notice in the member centre', () => {
  it('shows one notice per stopped part, and none while everything runs', async () => {
    sessionStorage.setItem('token', 'tok-member1');
    const handlers = {
      'member.info': () => memberFixture(),
      'member.balance': () => ({ balance: 0, currencySymbol: '৳' }),
    };
    const base = screenConfigFixture();
    const stopped = renderWithApp(<AppRoutes />, { path: '/member', handlers, config: { ...base, system: { status: 0, stopped: ['gaming', 'money'] } } });
    expect((await screen.findByTestId('member.emergency.gaming', {}, { timeout: 10_000 })).textContent).toContain(
      'Gaming is paused for maintenance. Rounds already started will finish.',
    );
    expect(screen.getByTestId('member.emergency.money').getAttribute('role')).toBe('status');
    stopped.unmount();
    renderWithApp(<AppRoutes />, { path: '/member', handlers, config: base });
    await screen.findByTestId('member.page', {}, { timeout: 10_000 });
    expect(screen.queryByTestId('member.emergency.gaming')).toBeNull();
  });
});
