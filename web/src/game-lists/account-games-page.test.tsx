import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useUi } from '../app/ui-context.tsx';
import { gameFixture, memberFixture } from '../test/fixtures.ts';
import { renderWithApp, type THandlers } from '../test/render.tsx';
import AccountGamesPage, { type TAccountGamesKind } from './account-games-page.tsx';

const member: THandlers = { 'member.info': () => memberFixture(), 'member.balance': () => ({ balance: 0, currencySymbol: '৳' }) };
const tiger = gameFixture({ nodeId: 'tiger-1', displayName: 'Lucky Tiger' });
const dragon = gameFixture({ nodeId: 'dragon-2', displayName: 'Dragon Gate' });

function UiProbe() {
  const ui = useUi();
  return <span data-testid="probe.popup">{ui.popup ?? 'none'}</span>;
}

function renderPage(kind: TAccountGamesKind, handlers: THandlers) {
  return renderWithApp(
    <>
      <AccountGamesPage kind={kind} />
      <UiProbe />
    </>,
    { handlers, path: `/${kind}` },
  );
}

describe('AccountGamesPage (SPEC §2 /favorite, /recent)', () => {
  it('asks a visitor to log in and calls nothing of the member', async () => {
    const { calls } = renderPage('favorite', {});
    expect((await screen.findByTestId('account-games.blocked')).textContent).not.toBe('');
    await waitFor(() => expect(screen.getByTestId('probe.popup').textContent).toBe('login'));
    expect(calls.map((c) => c.path)).not.toContain('catalogue.favourites');
  });

  it("lists the member's recent games newest first, with home's tiles", async () => {
    sessionStorage.setItem('token', 'tok-123456789');
    renderPage('recent', {
      ...member,
      'catalogue.recent': () => ({ content: [dragon, tiger].map((g) => ({ ...g, lastPlayedAt: '2026-03-01T10:00:00.000Z' })) }),
      'catalogue.favouriteIds': () => ({ ids: [] }),
    });
    await waitFor(() => expect(screen.getAllByTestId('game-tile').map((t) => t.getAttribute('data-node-id'))).toEqual(['dragon-2', 'tiger-1']));
    expect(screen.getAllByTestId('game-tile.play')).toHaveLength(2);
  });

  it('shows the empty state with a way back to the games', async () => {
    sessionStorage.setItem('token', 'tok-123456789');
    renderPage('recent', { ...member, 'catalogue.recent': () => ({ content: [] }), 'catalogue.favouriteIds': () => ({ ids: [] }) });
    const empty = await screen.findByTestId('account-games.empty');
    expect(empty.querySelector('a')?.getAttribute('href')).toBe('/');
  });

  it('hides a favourite at once when its heart is taken off, before the server answers', async () => {
    sessionStorage.setItem('token', 'tok-123456789');
    let removed: unknown = null;
    const { calls } = renderPage('favorite', {
      ...member,
      'catalogue.favourites': () => ({ content: [tiger, dragon], pageNum: 1, totalPages: 1 }),
      'catalogue.favouriteIds': () => ({ ids: ['tiger-1', 'dragon-2'] }),
      'catalogue.removeFavourite': (input) => {
        removed = input;
        return new Promise<{ ok: true }>(() => undefined);
      },
    });
    await waitFor(() => expect(screen.getAllByTestId('game-tile')).toHaveLength(2));
    expect(calls.find((c) => c.path === 'catalogue.favourites')?.input).toMatchObject({ pageNo: 1, pageSize: 999 });
    const heart = screen.getAllByTestId('game-tile.favourite')[0]!;
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(heart);
    await waitFor(() => expect(screen.getAllByTestId('game-tile').map((t) => t.getAttribute('data-node-id'))).toEqual(['dragon-2']));
    await waitFor(() => expect(removed).toEqual({ nodeId: 'tiger-1' }));
  });
});
