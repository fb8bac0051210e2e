import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loginSessionFixture, memberFixture } from '../test/fixtures.ts';
import { renderWithApp } from '../test/render.tsx';
import { useSession } from './session-context.tsx';

function Probe() {
  const { member } = useSession();
  return <span data-testid="probe.member">{member?.userName ?? 'none'}</span>;
}

const member = memberFixture({ userName: 'url_member' });
const session = loginSessionFixture({ token: 'fresh-token-from-exchange', member });

afterEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

/** docs/rules/accounts.md#a-23 token from the URL (docs/0013): exchanged once, removed from the address bar, never adopted. */
describe('a token in the URL', () => {
  it('is removed from the address bar and exchanged once; only the fresh token is kept', async () => {
    window.history.replaceState(null, '', '/?lang=en&token=url-token-12345#top');
    const { calls } = renderWithApp(<Probe />, {
      handlers: { 'session.exchangeToken': () => session, 'member.info': () => member, 'member.balance': () => ({ balance: 0, currencySymbol: '৳' }) },
    });
    expect(window.location.search).toBe('?lang=en');
    expect(window.location.hash).toBe('#top');
    expect(await screen.findByText('url_member')).toBeTruthy();
    expect(calls.filter((c) => c.path === 'session.exchangeToken').map((c) => c.input)).toEqual([{ token: 'url-token-12345' }]);
    expect(sessionStorage.getItem('token')).toBe('fresh-token-from-exchange');
    // The remember cookie is not tried while the URL token is being exchanged, nor after it succeeded.
    expect(calls.some((c) => c.path === 'session.resume')).toBe(false);
  });

  it('leaves the page logged out when the exchange is refused, and never stores the URL token', async () => {
    window.history.replaceState(null, '', '/?token=used-token-12345');
    const { calls } = renderWithApp(<Probe />, {
      handlers: {
        'session.exchangeToken': () => {
          throw new Error('error_not_logged_in');
        },
        'session.resume': () => null,
      },
    });
    await waitFor(() => expect(calls.some((c) => c.path === 'session.resume')).toBe(true));
    expect(window.location.search).toBe('');
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(screen.getByTestId('probe.member').textContent).toBe('none');
    expect(calls.some((c) => c.path === 'member.info')).toBe(false);
  });
});
