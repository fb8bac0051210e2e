import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useUi } from '../app/ui-context.tsx';
import { renderWithApp } from '../test/render.tsx';
import { screenConfigFixture } from '../test/fixtures.ts';
import { GameMenu } from './game-menu.tsx';

function PopupProbe() {
  const ui = useUi();
  return <span data-testid="probe.popup">{ui.popup ?? 'none'}</span>;
}

describe('GameMenu', () => {
  it('FAV while logged out opens the login popup and keeps the selection', () => {
    const onSelect = vi.fn();
    renderWithApp(
      <>
        <GameMenu entries={screenConfigFixture().home.menu} selected="HOME" onSelect={onSelect} />
        <PopupProbe />
      </>,
    );
    expect(screen.getByTestId('probe.popup').textContent).toBe('none');
    fireEvent.click(screen.getByTestId('home.menu.FAV'));
    expect(screen.getByTestId('probe.popup').textContent).toBe('login');
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('other entries select', () => {
    const onSelect = vi.fn();
    renderWithApp(<GameMenu entries={screenConfigFixture().home.menu} selected="HOME" onSelect={onSelect} />);
    fireEvent.click(screen.getByTestId('home.menu.LIVE'));
    expect(onSelect).toHaveBeenCalledWith('LIVE');
  });
});
