import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { memberFixture, screenConfigFixture } from '../test/fixtures.ts';
import { Header } from './header.tsx';
import { SideMenu } from './side-menu.tsx';

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
        'member.info': () => memberFixture(),
        'member.balance': () => ({ balance: 123456789, currencySymbol: '৳' }),
      },
    });
    await waitFor(() => expect(screen.getByTestId('header.balance').textContent).toBe('৳1,234,567.89'));
    expect(screen.getByTestId('header.vip').textContent).toContain('Gold');
    expect(screen.getByTestId('header.badge').textContent).toBe('3');
    fireEvent.click(screen.getByTestId('header.balance-toggle'));
    expect(screen.getByTestId('header.balance').textContent).toBe('***');
    expect(screen.queryByTestId('header.login')).toBeNull();
    // No deposit entry in the config: the button shows but is disabled and unlinked.
    expect(screen.getByTestId('header.deposit').getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByTestId('header.deposit').getAttribute('href')).toBeNull();
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
