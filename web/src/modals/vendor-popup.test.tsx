import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LIST_PAGE_SIZE } from '@wl/schemas/constants';
import type { TScreenConfig } from '@wl/schemas';
import { useUi } from '../app/ui-context.tsx';
import { useLaunch } from '../launch/use-launch.ts';
import { useSession } from '../session/session-context.tsx';
import { configWithProducts, gameFixture, memberFixture, vendorLinkFixture } from '../test/fixtures.ts';
import { renderWithApp } from '../test/render.tsx';
import VendorPopup, { vendorName } from './vendor-popup.tsx';

function config(): TScreenConfig {
  return configWithProducts([{ gameType: 'LIVE', label: 'Live casino', vendors: [vendorLinkFixture('EVO', 'Evolution')] }]);
}

const games = (input: unknown) => {
  const { pageNo, pageSize } = input as { pageNo: number; pageSize: number };
  const all = Array.from({ length: 30 }, (_, i) => gameFixture({ nodeId: `evo-${i + 1}`, displayName: `Table ${i + 1}`, vassalage: 'EVO', gameType: 'LIVE' }));
  return { games: all.slice((pageNo - 1) * pageSize, pageNo * pageSize), totalPages: Math.ceil(all.length / pageSize), total: all.length };
};

describe('VendorPopup', () => {
  it("lists the vendor's games with tiles, pages them and restores the scroll lock on close", async () => {
    const onClose = vi.fn();
    const { calls, unmount } = renderWithApp(<VendorPopup vendor={{ vassalage: 'EVO', gameType: 'LIVE' }} onClose={onClose} />, {
      config: config(),
      handlers: { 'catalogue.games': games },
    });
    expect(screen.getByTestId('vendor-popup.modal')).toBeTruthy();
    expect(screen.getByTestId('vendor-popup.title').textContent).toBe('Evolution');
    expect(document.body.dataset.scrollLocked).toBe('true');
    await waitFor(() => expect(screen.getAllByTestId('game-tile')).toHaveLength(LIST_PAGE_SIZE));
    expect(calls.find((c) => c.path === 'catalogue.games')?.input).toEqual({
      gameType: 'LIVE',
      vassalage: 'EVO',
      pageNo: 1,
      pageSize: LIST_PAGE_SIZE,
      language: 'en',
    });
    fireEvent.click(screen.getByTestId('pager.next'));
    await waitFor(() => expect(screen.getAllByTestId('game-tile')).toHaveLength(6));

    fireEvent.click(screen.getByTestId('vendor-popup.close'));
    expect(onClose).toHaveBeenCalledOnce();
    unmount();
    expect(document.body.dataset.scrollLocked).toBeUndefined();
  });

  it('names a vendor the config does not know by its code', () => {
    expect(vendorName(config(), 'EVO')).toBe('Evolution');
    expect(vendorName(config(), 'ZZZ')).toBe('ZZZ');
  });
});

function LaunchProbe() {
  const launch = useLaunch();
  const ui = useUi();
  const session = useSession();
  return (
    <>
      <span data-testid="probe.session">{session.isLoggedIn ? 'in' : 'out'}</span>
      {/* A game without a node id cannot start itself: the launch rules open its vendor's list. */}
      <button type="button" data-testid="probe.launch" onClick={() => void launch({ nodeId: '', vassalage: 'EVO', gameType: 'LIVE' })} />
      <span data-testid="probe.vendor-popup">{ui.vendorPopup ? `${ui.vendorPopup.vassalage}/${ui.vendorPopup.gameType}` : 'none'}</span>
    </>
  );
}

describe('useLaunch vendorPopup decision', () => {
  it('opens the vendor popup instead of leaving the page', async () => {
    sessionStorage.setItem('token', 'tok-123456789');
    const handlers = { 'member.info': () => memberFixture(), 'member.balance': () => ({ balance: 0, currencySymbol: '৳' }) };
    renderWithApp(<LaunchProbe />, { config: config(), handlers, path: '/live' });
    await waitFor(() => expect(screen.getByTestId('probe.session').textContent).toBe('in'));
    expect(screen.getByTestId('probe.vendor-popup').textContent).toBe('none');
    fireEvent.click(screen.getByTestId('probe.launch'));
    await waitFor(() => expect(screen.getByTestId('probe.vendor-popup').textContent).toBe('EVO/LIVE'));
  });
});
