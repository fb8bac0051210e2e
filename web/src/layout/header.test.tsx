import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TScreenConfig } from '@wl/schemas';
import { AppStateProbe } from '../test/probe.tsx';
import { renderWithApp } from '../test/render.tsx';
import { memberFixture, screenConfigFixture, vendorLinkFixture, withVendors } from '../test/fixtures.ts';
import { Header } from './header.tsx';
import { iosDownloadUrl, SideMenu } from './side-menu.tsx';

describe('Header', () => {
  it('renders the entries of the ScreenConfig, Rewards included when present', () => {
    renderWithApp(<Header />);
    for (const key of ['home', 'LIVE', 'promotions', 'rewards', 'share']) {
      expect(screen.getByTestId(`header.entry.${key}`)).toBeTruthy();
    }
    expect(screen.getByTestId('header.entry.LIVE').textContent).toBe('Live casino');
    expect(screen.getByTestId('header.entry.rewards').textContent).toBe('Rewards');
    expect(screen.getByTestId('header.login')).toBeTruthy();
    expect(screen.getByTestId('header.register')).toBeTruthy();
    expect(screen.queryByTestId('header.deposit')).toBeNull();
  });

  it('leaves Rewards out when the config has no such entry', () => {
    const base = screenConfigFixture();
    const config = { ...base, header: { entries: base.header.entries.filter((e) => e.kind !== 'rewards') } };
    renderWithApp(<Header />, { config });
    expect(screen.queryByTestId('header.entry.rewards')).toBeNull();
    expect(screen.getByTestId('header.entry.share')).toBeTruthy();
  });

  it('renders a header entry with isAvailable false disabled and without href', () => {
    const base = screenConfigFixture();
    const entries = base.header.entries.map((e) => (e.kind === 'category' ? { ...e, isAvailable: false } : e));
    renderWithApp(<Header />, { config: { ...base, header: { entries } } });
    for (const key of ['promotions', 'rewards', 'share', 'LIVE']) {
      const entry = screen.getByTestId(`header.entry.${key}`);
      expect(entry.getAttribute('href')).toBeNull();
      expect(entry.tagName).not.toBe('A');
      expect(entry.getAttribute('aria-disabled')).toBe('true');
    }
    expect(screen.getByTestId('header.entry.LIVE').textContent).toBe('Live casino');
    expect(screen.getByTestId('header.entry.home').getAttribute('href')).toBe('/');
    expect(screen.getByTestId('header.entry.home').getAttribute('aria-disabled')).toBeNull();
  });

  it('links available category entries to their page', () => {
    renderWithApp(<Header />);
    expect(screen.getByTestId('header.entry.LIVE').getAttribute('href')).toBe('/live');
  });

  it('opens the vendor drop-down with the configured layout on hover', () => {
    renderWithApp(<Header />);
    fireEvent.mouseEnter(screen.getByTestId('header.entry.LIVE').parentElement!);
    const dropdown = screen.getByTestId('header.dropdown.LIVE');
    expect(dropdown.className).toContain('dropdown--compact');
    expect(screen.getByTestId('header.vendor.EVO').getAttribute('href')).toBe('/live?vassalage=EVO');
  });

  it('shows balance (2 decimals, separators, symbol), VIP and the mask toggle for a member', async () => {
    sessionStorage.setItem('token', 'tok-123456789');
    renderWithApp(<Header />, {
      handlers: {
        // The badge counts promotions (2), unread messages (1) and claimable missions (4), as the menu entries do.
        'member.info': () => ({ ...memberFixture(), missionCount: 4 }),
        'member.balance': () => ({ balance: 123456789, currencySymbol: '৳' }),
      },
    });
    await waitFor(() => expect(screen.getByTestId('header.balance').textContent).toBe('৳1,234,567.89'));
    expect(screen.getByTestId('header.vip').textContent).toContain('Gold');
    expect(screen.getByTestId('header.badge').textContent).toBe('7');
    expect(screen.getByTestId('header.badge').getAttribute('aria-label')).toBeTruthy();
    fireEvent.click(screen.getByTestId('header.balance-toggle'));
    expect(screen.getByTestId('header.balance').textContent).toBe('***');
    expect(screen.queryByTestId('header.login')).toBeNull();
    // No deposit entry in the config: the button shows but is disabled and unlinked.
    expect(screen.getByTestId('header.deposit').getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByTestId('header.deposit').getAttribute('href')).toBeNull();
  });
});

/** The fixture's header with a LIVE category of two VASSALAGE vendors and an ESPORTS category of one GAME vendor. */
function vendorConfig(): TScreenConfig {
  const base = screenConfigFixture();
  const esports = vendorLinkFixture('IMES', 'IM Esports', { gameType: 'ESPORTS', isGame: 'GAME', gameCode: 'imes_1', path: '/esports?vassalage=IMES' });
  const live = [vendorLinkFixture('EVO', 'Evolution'), vendorLinkFixture('SEXY', 'Sexy Gaming')];
  type TEntry = TScreenConfig['header']['entries'][number];
  const entries = base.header.entries.flatMap((e): TEntry[] =>
    e.kind === 'category'
      ? [
          { ...e, vendorCodes: ['EVO', 'SEXY'] },
          { ...e, key: 'ESPORTS', gameType: 'ESPORTS' as const, label: 'Esports', path: '/esports?vassalage=IMES', vendorCodes: ['IMES'] },
        ]
      : [e],
  );
  return withVendors({ ...base, header: { entries } }, [...live, esports]);
}

const memberHandlers = (launched: string[]) => ({
  'member.info': () => memberFixture(),
  'member.balance': () => ({ balance: 0, currencySymbol: '৳' }),
  'catalogue.launch': (input: unknown) => {
    launched.push(JSON.stringify(input));
    return { url: '/wps/game/demo/IMES-001?ticket=t' };
  },
});

describe('Header vendor choices (SPEC §4 vendor rules)', () => {
  it('a member choosing a VASSALAGE vendor gets its popup game list (launch rule 4), not the list page', async () => {
    sessionStorage.setItem('token', 'tok-123456789');
    renderWithApp(
      <>
        <Header />
        <AppStateProbe />
      </>,
      { config: vendorConfig(), handlers: memberHandlers([]), path: '/' },
    );
    await waitFor(() => expect(screen.getByTestId('probe.session').textContent).toBe('member'));
    fireEvent.mouseEnter(screen.getByTestId('header.entry.LIVE').parentElement!);
    fireEvent.click(screen.getByTestId('header.vendor.SEXY'));
    await waitFor(() => expect(screen.getByTestId('probe.vendor-popup').textContent).toBe('SEXY'));
    expect(screen.getByTestId('probe.location').textContent).toBe('/');
  });

  it('a category with one vendor launches it; a visitor is asked to log in first', async () => {
    const { unmount } = renderWithApp(
      <>
        <Header />
        <AppStateProbe />
      </>,
      { config: vendorConfig(), path: '/' },
    );
    fireEvent.click(screen.getByTestId('header.entry.ESPORTS'));
    await waitFor(() => expect(screen.getByTestId('probe.popup').textContent).toBe('login'));
    expect(screen.getByTestId('probe.location').textContent).toBe('/');
    unmount();

    sessionStorage.setItem('token', 'tok-123456789');
    const launched: string[] = [];
    const open = window.open;
    const tab = { location: { href: '' }, close: () => undefined };
    window.open = () => tab as unknown as Window;
    try {
      renderWithApp(
        <>
          <Header />
          <AppStateProbe />
        </>,
        { config: vendorConfig(), handlers: memberHandlers(launched), path: '/' },
      );
      await waitFor(() => expect(screen.getByTestId('probe.session').textContent).toBe('member'));
      fireEvent.click(screen.getByTestId('header.entry.ESPORTS'));
      await waitFor(() => expect(tab.location.href).toBe('/wps/game/demo/IMES-001?ticket=t'));
      expect(launched).toEqual([JSON.stringify({ gameCode: 'imes_1', freeTrial: false })]);
      expect(screen.getByTestId('probe.location').textContent).toBe('/');
    } finally {
      window.open = open;
    }
  });

  it('a category of many vendors keeps its link to the category page', () => {
    renderWithApp(<Header />, { config: vendorConfig() });
    expect(screen.getByTestId('header.entry.LIVE').getAttribute('href')).toBe('/live');
  });
});

describe('SideMenu', () => {
  it('renders unavailable entries disabled and without href, available ones linked', () => {
    renderWithApp(<SideMenu collapsed={false} onToggle={() => undefined} />);
    const deposit = screen.getByTestId('side-menu.entry.deposit');
    expect(deposit.getAttribute('aria-disabled')).toBe('true');
    expect(deposit.getAttribute('href')).toBeNull();
    expect(deposit.tagName).not.toBe('A');
    expect(screen.getByTestId('side-menu.entry.home').getAttribute('href')).toBe('/');
  });
});

describe('iosDownloadUrl (docs/0016)', () => {
  it('carries the language and never a token', () => {
    expect(iosDownloadUrl('https://apps.example/ios', 'bn')).toBe('https://apps.example/ios?language=bn');
    expect(iosDownloadUrl('https://apps.example/ios?language=en&token={token}', 'bn')).toBe('https://apps.example/ios?language=bn');
    expect(iosDownloadUrl('https://apps.example/ios?token=secret&x=1', 'en')).toBe('https://apps.example/ios?x=1&language=en');
    expect(iosDownloadUrl('', 'en')).toBe('');
  });
});
